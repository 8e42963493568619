/**
 * The issuing client against the sandbox over a real socket: cardholders, groups, cards, state refusals,
 * signature errors in both sign schemes, and bad input that never leaves.
 */
import { GatewayValidationError, IssuingApiError, IssuingClient } from "../index"
import { expectNothingSent, issuingFor, newCard, Sandbox, start, useSandboxClient } from "./helpers/sandbox"
import { CARDHOLDER } from "./helpers/samples"

let sb: Sandbox
let client: IssuingClient
useSandboxClient(issuingFor, (started, made) => {
  sb = started
  client = made
})

async function issuingError(p: Promise<unknown>): Promise<IssuingApiError> {
  const e = await p.catch((x: unknown) => x)
  expect(e).toBeInstanceOf(IssuingApiError)
  return e as IssuingApiError
}

async function newHolder(email = "ada@example.com") {
  return client.cardholder.create({ ...CARDHOLDER, email })
}

/** `pieces` cards of holder `h` in `group_id`, charged `charge_amount` each; `more` of the request as given. */
function cardsOf(
  h: { cardholderId: number },
  group_id: string,
  charge_amount: string,
  pieces: number,
  more: Partial<Parameters<IssuingClient["card"]["create"]>[0]> = {}
) {
  return client.card.create({ cardholder_id: h.cardholderId, group_id, charge_amount, pieces, ...more })
}

async function newGroup(amount = "100.00") {
  const g = await client.group.create({
    group_name: `g${Date.now()}`,
    country_code: "US",
    currency: "USD",
    charge_amount: amount,
  })
  expect(g.ok).toBe(true)
  return String(g.groupId)
}

describe("cardholders", () => {
  it("create, query, delete; a deleted cardholder is not found (1003)", async () => {
    const h = await newHolder()
    expect(typeof h.cardholderId).toBe("number")
    expect(h).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      status: "1",
      isStatus: "1",
    })
    const q = await client.cardholder.query({ cardholderId: h.cardholderId })
    expect(q.cardholderId).toBe(h.cardholderId)
    expect(q.companyId).toBe(4101)
    expect(await client.cardholder.delete({ cardholderId: String(h.cardholderId) })).toBeNull()
    const e = await issuingError(client.cardholder.query({ cardholderId: h.cardholderId }))
    expect(e.code).toBe(1003)
    expect(e.gatewayMessage).toMatch(/not found/i)
    expect(e.message).toMatch(/code 1003/)
  })

  it("a cardholder with open cards cannot be deleted (1004)", async () => {
    const h = await newHolder()
    await cardsOf(h, "7001", "1.00", 1)
    const e = await issuingError(client.cardholder.delete({ cardholderId: h.cardholderId }))
    expect(e.code).toBe(1004)
  })
})

describe("groups", () => {
  it("the pre-made group 7001", async () => {
    const g = await client.group.query({ group_id: "7001" })
    expect(g).toMatchObject({ groupId: "7001", currency: "USD", countryCode: "US", status: "1" })
    expect(typeof g.balance).toBe("number")
    expect(g.applicationDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/)
  })

  it("create, refund, close; a closed group refuses new cards", async () => {
    const id = await newGroup("50.00")
    expect((await client.group.query({ group_id: id })).balance).toBe(50)
    const r = await client.group.refund({ group_id: id, refund_amount: "20.00" })
    expect(r).toMatchObject({ ok: true, status: "1", errorMsg: null })
    expect(typeof r.reqNo).toBe("number")
    expect((await client.group.query({ group_id: id })).balance).toBe(30)
    const over = await issuingError(client.group.refund({ group_id: id, refund_amount: "31.00" }))
    expect(over.code).toBe(1005)
    expect((await client.group.close({ group_id: id })).ok).toBe(true)
    expect((await client.group.query({ group_id: id })).status).toBe("0")
    const h = await newHolder()
    const e = await issuingError(cardsOf(h, id, "1.00", 1))
    expect(e.code).toBe(1004)
  })

  it("an unknown group is not found", async () => {
    expect((await issuingError(client.group.query({ group_id: "999999" }))).code).toBe(1003)
  })
})

describe("cards", () => {
  it("create in pieces, query, recharge, withdraw, block/activate, close", async () => {
    const h = await newHolder()
    const group = await newGroup("100.00")
    const created = await cardsOf(h, group, "10.00", 2, {
      card_alias: "ads",
      enable_multi_use: true,
      start_date: "2025-01-01",
      end_date: "2030-12-31",
    })
    expect(created.createResultInfoList).toHaveLength(2)
    for (const c of created.createResultInfoList) {
      expect(c).toMatchObject({
        ok: true,
        status: "1",
        errorMsg: null,
        cardholderId: h.cardholderId,
        amount: 10,
        currency: "USD",
        pieces: 2,
      })
      expect(typeof c.cardId).toBe("number")
      expect(c.cardNumber).toMatch(/^\d{16}$/)
    }
    const cardId = created.createResultInfoList[0]!.cardId!
    const card = await client.card.query({ cardId })
    expect(card).toMatchObject({ cardId, balance: 10, status: "1", cardAlias: "ads" })
    expect(card.merchants).toBeNull()

    expect((await client.card.charge({ card_id: cardId, charge_amount: "5.00" })).ok).toBe(true)
    expect((await client.card.query({ cardId })).balance).toBe(15)
    expect((await client.card.refund({ card_id: cardId, refund_amount: "3.00" })).ok).toBe(true)
    expect((await client.card.query({ cardId })).balance).toBe(12)
    expect((await client.group.query({ group_id: group })).balance).toBe(100 - 20 - 5 + 3)

    expect((await client.card.status({ card_id: cardId, status: "2" })).ok).toBe(true)
    expect((await client.card.query({ cardId })).status).toBe("2")
    expect((await client.card.status({ card_id: cardId, status: "1" })).ok).toBe(true)

    expect((await client.card.close({ card_id: cardId })).ok).toBe(true)
    expect((await client.card.query({ cardId })).status).toBe("3")
    const e = await issuingError(client.card.charge({ card_id: cardId, charge_amount: "1.00" }))
    expect(e.code).toBe(1004)
    expect((await issuingError(client.card.status({ card_id: cardId, status: "1" }))).code).toBe(1004)
  })

  it("only a shared card's limit can change", async () => {
    const h = await newHolder()
    const shared = await cardsOf(h, "7001", "5.00", 1, { enable_shared: true })
    const plain = await cardsOf(h, "7001", "5.00", 1, { enable_shared: "false" })
    const sharedId = shared.createResultInfoList[0]!.cardId!
    const plainId = plain.createResultInfoList[0]!.cardId!
    expect((await client.card.update({ card_id: sharedId, authLimitAmount: "500.00", updateCurrency: "USD" })).ok).toBe(
      true
    )
    expect((await client.card.query({ cardId: sharedId })).amountLimit).toBe("500")
    const e = await issuingError(
      client.card.update({ card_id: plainId, authLimitAmount: "500.00", updateCurrency: "USD" })
    )
    expect(e.code).toBe(1004)
  })

  it("cards past the group's balance fail one by one (partial success)", async () => {
    const h = await newHolder()
    const group = await newGroup("25.00")
    const r = await cardsOf(h, group, "10.00", 3)
    expect(r.createResultInfoList.map((c) => c.ok)).toEqual([true, true, false])
    expect(r.createResultInfoList[2]).toMatchObject({
      status: "0",
      errorMsg: "Insufficient group balance",
      cardNumber: null,
      cardId: null,
    })
  })

  it("an unknown card is not found", async () => {
    expect((await issuingError(client.card.query({ cardId: 987654321 }))).code).toBe(1003)
  })
})

describe("signatures", () => {
  it("a wrong api key: IssuingApiError 1002 telling to check the api key", async () => {
    const bad = issuingFor(sb, { apiKey: "wrong" })
    try {
      const e = await issuingError(bad.group.query({ group_id: "7001" }))
      expect(e.code).toBe(1002)
      expect(e.message).toMatch(/check the api key/)
      expect(e.gatewayMessageZh).toBeTruthy()
    } finally {
      await bad.close()
    }
  })

  it("the sorted-json scheme against a sandbox that uses it; the fields scheme is then refused", async () => {
    const sorted = await start({ issuingSignScheme: "sorted-json" })
    const good = issuingFor(sorted, { signScheme: "sorted-json" })
    const wrong = issuingFor(sorted)
    try {
      const card = await newCard(good, "2.00")
      expect((await good.card.charge({ card_id: card.cardId!, charge_amount: "1.00" })).ok).toBe(true)
      expect((await issuingError(wrong.group.query({ group_id: "7001" }))).code).toBe(1002)
    } finally {
      await good.close()
      await wrong.close()
      await sorted.close()
    }
  })

  it("a signature override is used (a wrong one is refused)", async () => {
    const c = issuingFor(sb, { signatureOverrides: { "/group/query": ["company_id"] } })
    try {
      expect((await issuingError(c.group.query({ group_id: "7001" }))).code).toBe(1002)
    } finally {
      await c.close()
    }
  })
})

describe("bad input never reaches the gateway", () => {
  it.each<[string, (c: IssuingClient) => Promise<unknown>]>([
    ["cardholder: bad email", (c) => c.cardholder.create({ first_name: "A", last_name: "B", email: "nope" })],
    [
      "cardholder: bad birth date",
      (c) => c.cardholder.create({ first_name: "A", last_name: "B", email: "a@b.c", birth_date: "10-12-1990" }),
    ],
    ["cardholder query: no id", (c) => c.cardholder.query({} as never)],
    [
      "group create: bad country",
      (c) => c.group.create({ group_name: "g", country_code: "USA", currency: "USD", charge_amount: "1.00" }),
    ],
    [
      "group create: JPY decimals",
      (c) => c.group.create({ group_name: "g", country_code: "JP", currency: "JPY", charge_amount: "1.50" }),
    ],
    ["group refund: zero", (c) => c.group.refund({ group_id: "7001", refund_amount: "0.00" })],
    [
      "card create: 51 pieces",
      (c) => c.card.create({ cardholder_id: 1, group_id: "7001", charge_amount: "1.00", pieces: 51 }),
    ],
    [
      "card create: end before start",
      (c) =>
        c.card.create({
          cardholder_id: 1,
          group_id: "7001",
          charge_amount: "1.00",
          pieces: 1,
          start_date: "2030-01-02",
          end_date: "2030-01-01",
        }),
    ],
    ["card status: 3", (c) => c.card.status({ card_id: 1, status: "3" as never })],
    ["card charge: negative", (c) => c.card.charge({ card_id: 1, charge_amount: "-1" })],
    [
      "card update: unknown currency",
      (c) => c.card.update({ card_id: 1, authLimitAmount: "1.00", updateCurrency: "XYZ" }),
    ],
    ["card query: unknown field", (c) => c.card.query({ cardId: 1, extra: "x" } as never)],
  ])("%s", async (_n, call) => {
    const e = await expectNothingSent(sb, () => call(client))
    expect(e).toBeInstanceOf(GatewayValidationError)
  })

  it("an extra endpoint without a configured path is not called", async () => {
    await expectNothingSent(sb, () => client.extra("groupCharge", { group_id: "7001", charge_amount: "1.00" }))
  })
})

describe("extra endpoints", () => {
  it("are sent once their path is configured (the sandbox has none: 1003)", async () => {
    const c = issuingFor(sb, { paths: { groupCharge: "/group/charge" } })
    try {
      const e = await issuingError(c.extra("groupCharge", { group_id: "7001", charge_amount: "1.00" }))
      expect(e.code).toBe(1003)
      expect(sb.stats().byPath["/api/group/charge"]).toBe(1)
    } finally {
      await c.close()
    }
  })
})
