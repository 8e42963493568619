"use strict"
const crypto = require("node:crypto")
const h = require("./helpers")

const sb = h.useSandbox()

const C = { company_id: "4101" }

function luhn(n) {
  let sum = 0
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i])
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2
    sum += d
  }
  return sum % 10 === 0
}

async function cardholder() {
  const r = await h.iss(sb, "/cardholder/create", {
    ...C,
    email: "ada@example.com",
    first_name: "Ada",
    last_name: "Lovelace",
    birth_date: "1990-12-10",
    billing_country: "GB",
    mobile_prefix: "44",
    mobile: "7700900000",
  })
  expect(r.code).toBe(0)
  return r.data
}

async function createCards(fields) {
  const holder = fields.cardholder_id ? null : await cardholder()
  return h.iss(sb, "/card/create", {
    ...C,
    cardholder_id: String(holder ? holder.cardholderId : fields.cardholder_id),
    group_id: "7001",
    charge_amount: "100.00",
    pieces: "1",
    ...fields,
  })
}

async function group() {
  return (await h.iss(sb, "/group/query", { ...C, group_id: "7001" })).data
}

describe("envelope and errors", () => {
  test("success envelope: code 0, msg with zh-CN and en-US, data", async () => {
    const r = await h.iss(sb, "/group/query", { ...C, group_id: "7001" })
    expect(r).toEqual({
      code: 0,
      msg: { "zh-CN": expect.any(String), "en-US": expect.any(String) },
      data: expect.any(Object),
    })
  })

  test("1001 missing parameter names it; 1002 bad signature; 1003 not found", async () => {
    const missing = await h.iss(sb, "/cardholder/create", { ...C, email: "a@b.c", first_name: "A" })
    expect(missing.code).toBe(1001)
    expect(missing.msg["en-US"]).toContain("last_name")
    expect(missing.data).toBeNull()
    const wrong = await h.iss(sb, "/group/query", { ...C, group_id: "7001", sign: "A".repeat(64) })
    expect(wrong.code).toBe(1002)
    const lower = await h.iss(sb, "/group/query", {
      ...C,
      group_id: "7001",
      sign: h.issSign(["company_id", "group_id"], { ...C, group_id: "7001" }).toLowerCase(),
    })
    expect(lower.code).toBe(1002)
    const nf = await h.iss(sb, "/group/query", { ...C, group_id: "9999" })
    expect(nf.code).toBe(1003)
    const company = await h.iss(sb, "/group/query", { company_id: "1", group_id: "7001" })
    expect(company.code).toBe(1001)
    const numeric = await h.iss(sb, "/card/query", { companyId: "4101", cardId: 100029701 })
    expect(numeric.code).toBe(1001)
    expect(numeric.msg["en-US"]).toContain("cardId")
  })

  test("every answer is HTTP 200 except an unknown path", async () => {
    const r = await h.iss(sb, "/group/query", { ...C, group_id: "9999" }, { withStatus: true })
    expect(r.status).toBe(200)
    const unknown = await fetch(`${sb.issuingUrl}/nope`, { method: "POST", body: "{}" })
    expect(unknown.status).toBe(404)
  })
})

describe("cardholders", () => {
  test("create, query, delete", async () => {
    const c = await cardholder()
    expect(c).toEqual(
      expect.objectContaining({
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        status: "1",
        isStatus: "1",
        companyId: 4101,
        countryCode: "GB",
        mobilePrefix: "44",
      })
    )
    expect(Number.isInteger(c.cardholderId)).toBe(true)
    expect(c.birthDate).toMatch(/^1990-12-10 \d{2}:\d{2}:\d{2}$/)
    const q = await h.iss(sb, "/cardholder/query", { companyId: "4101", cardholderId: String(c.cardholderId) })
    expect(q.code).toBe(0)
    expect(q.data.cardholderId).toBe(c.cardholderId)
    expect(q.data.status).toBeUndefined()
    const d = await h.iss(sb, "/cardholder/delete", { companyId: "4101", cardholderId: String(c.cardholderId) })
    expect(d).toEqual(expect.objectContaining({ code: 0, data: null }))
    expect(
      (await h.iss(sb, "/cardholder/query", { companyId: "4101", cardholderId: String(c.cardholderId) })).code
    ).toBe(1003)
  })

  test("a cardholder with open cards cannot be deleted (1004)", async () => {
    const c = await cardholder()
    await createCards({ cardholder_id: String(c.cardholderId) })
    expect(
      (await h.iss(sb, "/cardholder/delete", { companyId: "4101", cardholderId: String(c.cardholderId) })).code
    ).toBe(1004)
  })
})

describe("groups", () => {
  test("starting group 7001: USD, US, 10000.00", async () => {
    const g = await group()
    expect(g).toEqual(
      expect.objectContaining({ groupId: "7001", currency: "USD", countryCode: "US", balance: 10000, status: "1" })
    )
    expect(g.applicationDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2}$/)
  })

  test("create, refund (1005 when above the balance), close (then 1004)", async () => {
    const created = await h.iss(sb, "/group/create", {
      ...C,
      group_name: "Travel",
      country_code: "GB",
      currency: "EUR",
      charge_amount: "500.00",
    })
    expect(created.code).toBe(0)
    expect(created.data).toEqual({
      status: "1",
      reqNo: expect.any(Number),
      errorMsg: null,
      groupId: expect.any(String),
    })
    const id = created.data.groupId
    expect((await h.iss(sb, "/group/refund", { ...C, group_id: id, refund_amount: "500.01" })).code).toBe(1005)
    expect((await h.iss(sb, "/group/refund", { ...C, group_id: id, refund_amount: "200.00" })).code).toBe(0)
    expect((await h.iss(sb, "/group/query", { ...C, group_id: id })).data.balance).toBe(300)
    const closed = await h.iss(sb, "/group/close", { ...C, group_id: id })
    expect(closed.data).toEqual({ status: "1", reqNo: expect.any(Number), errorMsg: null, groupId: null })
    expect((await h.iss(sb, "/group/query", { ...C, group_id: id })).data.status).toBe("0")
    expect((await h.iss(sb, "/group/close", { ...C, group_id: id })).code).toBe(1004)
  })
})

describe("cards", () => {
  test("create: funded from the group; Luhn 16-digit numbers on the BIN, 3-digit cvv", async () => {
    const r = await createCards({
      pieces: "2",
      card_alias: "ads",
      enable_shared: "false",
      enable_multi_use: "true",
      enable_currency_check: "true",
      start_date: "2030-01-01",
      end_date: "2032-06-30",
    })
    expect(r.code).toBe(0)
    const list = r.data.createResultInfoList
    expect(list).toHaveLength(2)
    for (const e of list) {
      expect(e).toEqual(
        expect.objectContaining({
          status: "1",
          errorMsg: null,
          cardGroupId: "7001",
          amount: 100,
          currency: "USD",
          cardAlias: "ads",
          pieces: 2,
          currencyCheck: "1",
          isOneTime: "0",
          validStarDate: "2030-01-01",
          validEndDate: "2032-06-30",
          expireYear: "2032",
          expireMonth: "06",
        })
      )
      expect(e.cardNumber).toMatch(/^485932\d{10}$/)
      expect(luhn(e.cardNumber)).toBe(true)
      expect(e.cvv).toMatch(/^\d{3}$/)
      expect(Number.isInteger(e.cardId)).toBe(true)
      expect(Number.isInteger(e.cardholderId)).toBe(true)
      expect(Number.isInteger(e.reqNo)).toBe(true)
    }
    expect((await group()).balance).toBe(9800)
    const q = await h.iss(sb, "/card/query", { companyId: "4101", cardId: String(list[0].cardId) })
    expect(q.data).toEqual(
      expect.objectContaining({
        cardId: list[0].cardId,
        cardNumber: list[0].cardNumber,
        balance: 100,
        status: "1",
        groupName: expect.any(String),
        merchants: null,
        spendingTransactionLimit: null,
      })
    )
    expect(q.data.validEndDate).toMatch(/^2032-06-30 \d{2}:\d{2}:\d{2}$/)
  })

  test("partial success when the group balance runs out", async () => {
    const r = await createCards({ charge_amount: "4000.00", pieces: "3" })
    const list = r.data.createResultInfoList
    expect(list.map((e) => e.status)).toEqual(["1", "1", "0"])
    expect(list[2].errorMsg).toBe("Insufficient group balance")
    expect(list[2].cardId).toBeNull()
    expect((await group()).balance).toBe(2000)
  })

  test("pieces 1-50, unknown cardholder 1003, closed group 1004", async () => {
    expect((await createCards({ pieces: "51" })).code).toBe(1001)
    expect((await createCards({ pieces: "0" })).code).toBe(1001)
    expect((await createCards({ cardholder_id: "1" })).code).toBe(1003)
    const g = await h.iss(sb, "/group/create", {
      ...C,
      group_name: "G",
      country_code: "US",
      currency: "USD",
      charge_amount: "10.00",
    })
    await h.iss(sb, "/group/close", { ...C, group_id: g.data.groupId })
    expect((await createCards({ group_id: g.data.groupId })).code).toBe(1004)
  })

  test("recharge, withdraw, block/activate, close; closed card refuses every change (1004)", async () => {
    const id = String((await createCards({})).data.createResultInfoList[0].cardId)
    const card = () => h.iss(sb, "/card/query", { companyId: "4101", cardId: id }).then((r) => r.data)
    expect((await h.iss(sb, "/card/charge", { ...C, card_id: id, charge_amount: "25.00" })).code).toBe(0)
    expect((await card()).balance).toBe(125)
    expect((await group()).balance).toBe(9875)
    expect((await h.iss(sb, "/card/refund", { ...C, card_id: id, refund_amount: "125.01" })).code).toBe(1005)
    expect((await h.iss(sb, "/card/refund", { ...C, card_id: id, refund_amount: "20.00" })).code).toBe(0)
    expect((await card()).balance).toBe(105)
    expect((await h.iss(sb, "/card/status", { ...C, card_id: id, status: "2" })).code).toBe(0)
    expect((await card()).status).toBe("2")
    expect((await h.iss(sb, "/card/status", { ...C, card_id: id, status: "3" })).code).toBe(1001)
    expect((await h.iss(sb, "/card/status", { ...C, card_id: id, status: "1" })).code).toBe(0)
    expect((await h.iss(sb, "/card/charge", { ...C, card_id: id, charge_amount: "99999.00" })).code).toBe(1005)
    const closed = await h.iss(sb, "/card/close", { ...C, card_id: id })
    expect(closed.data).toEqual({ status: "1", reqNo: expect.any(Number), errorMsg: null, groupId: null })
    expect((await card()).status).toBe("3")
    expect((await card()).balance).toBe(0)
    expect((await group()).balance).toBe(10000)
    for (const [path, f] of [
      ["/card/charge", { charge_amount: "1.00" }],
      ["/card/refund", { refund_amount: "1.00" }],
      ["/card/status", { status: "1" }],
      ["/card/close", {}],
      ["/card/update", { authLimitAmount: "1.00" }],
    ]) {
      expect([path, (await h.iss(sb, path, { ...C, card_id: id, ...f })).code]).toEqual([path, 1004])
    }
    expect((await h.iss(sb, "/card/charge", { ...C, card_id: "42", charge_amount: "1.00" })).code).toBe(1003)
    // The ledger lists the two transfers made (refusals moved nothing), with the request_id each carried.
    const { transfers } = await (await fetch(`${sb.url}/sandbox/issuing`)).json()
    expect(transfers.map((t) => [t.path, t.card_id, t.amount, t.request_id])).toEqual([
      ["/card/charge", Number(id), "25.00", ""],
      ["/card/refund", Number(id), "20.00", ""],
    ])
  })

  test("limit update only on shared cards", async () => {
    const shared = String((await createCards({ enable_shared: "true" })).data.createResultInfoList[0].cardId)
    const plain = String((await createCards({ enable_shared: "false" })).data.createResultInfoList[0].cardId)
    expect(
      (await h.iss(sb, "/card/update", { ...C, card_id: shared, authLimitAmount: "500.00", updateCurrency: "USD" }))
        .code
    ).toBe(0)
    const q = await h.iss(sb, "/card/query", { companyId: "4101", cardId: shared })
    expect(q.data).toEqual(expect.objectContaining({ amountLimit: 500, cardType: "SHARED" }))
    expect((await h.iss(sb, "/card/update", { ...C, card_id: plain, authLimitAmount: "500.00" })).code).toBe(1004)
    expect(
      (await h.iss(sb, "/card/update", { ...C, card_id: shared, authLimitAmount: "500.00", updateCurrency: "EUR" }))
        .code
    ).toBe(1001)
  })
})

describe("sorted-json signature scheme", () => {
  test("--issuing-sign-scheme sorted-json", async () => {
    const alt = await h.sandbox({ issuingSignScheme: "sorted-json", apiKey: "k2" })
    const body = { request_id: "", company_id: "4101", group_id: "7001" }
    const sorted = Object.fromEntries(
      Object.keys(body)
        .sort()
        .map((k) => [k, body[k]])
    )
    const sign = crypto
      .createHash("sha256")
      .update(JSON.stringify(sorted) + "k2")
      .digest("hex")
      .toUpperCase()
    const ok = await fetch(`${alt.issuingUrl}/group/query`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, sign }),
    }).then((r) => r.json())
    expect(ok.code).toBe(0)
    const fieldsSign = h.issSign(["company_id", "group_id"], body, "k2")
    const no = await fetch(`${alt.issuingUrl}/group/query`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, sign: fieldsSign }),
    }).then((r) => r.json())
    expect(no.code).toBe(1002)
  })
})
