import { createAcquiringClient, createIssuingClient } from "../index"
import { GatewayOptionsError, GatewayValidationError } from "../errors"

// Nothing listens here: a request that got past validation would fail with a transport error instead.
const acquiring = createAcquiringClient({
  baseUrl: "http://127.0.0.1:9",
  merchantId: "701001",
  accountId: "701001010",
  signKey: "k",
  retry: { attempts: 1 },
})
const issuing = createIssuingClient({
  baseUrl: "http://127.0.0.1:9/api",
  companyId: "4101",
  apiKey: "k",
  retry: { attempts: 1 },
})

afterAll(async () => {
  await acquiring.close()
  await issuing.close()
})

const card = {
  order_no: "o1",
  currency: "USD",
  amount: "10.00",
  card: "4242424242424242",
  expiration_month: "12",
  expiration_year: "2030",
  security_code: "123",
}

/** The GatewayValidationError `p` rejects with; when `field` is given, it must name that field. */
async function validationError(p: Promise<unknown>, field?: string): Promise<GatewayValidationError> {
  try {
    await p
  } catch (e) {
    if (!(e instanceof GatewayValidationError)) throw e
    if (field !== undefined) expect(e.field).toBe(field)
    return e
  }
  throw new Error("expected a GatewayValidationError")
}

describe("request validation names the field and the rule", () => {
  it.each<[string, Record<string, unknown>, string, RegExp]>([
    ["too long order_no", { order_no: "x".repeat(51) }, "order_no", /at most 50 characters/],
    ["too many decimals", { amount: "10.005" }, "amount", /at most 2 decimal places for USD/],
    ["JPY decimals", { currency: "JPY", amount: "10.5" }, "amount", /at most 0 decimal places for JPY/],
    ["malformed amount", { amount: "10,00" }, "amount", /decimal amount/],
    ["amount too long", { amount: "1234567890123.45" }, "amount", /at most 15 characters/],
    ["unknown currency", { currency: "ABC" }, "currency", /ISO 4217/],
    ["Luhn", { card: "4242424242424241" }, "card", /Luhn/],
    ["card digits", { card: "4242-4242" }, "card", /12 to 19 digits/],
    ["security code", { security_code: "12" }, "security_code", /3 or 4 digits/],
    ["expiration month", { expiration_month: "13" }, "expiration_month", /01-12/],
    ["missing security code", { security_code: undefined }, "security_code", /required with card/],
    ["missing order_no", { order_no: undefined }, "order_no", /is required/],
    ["unknown field", { card_cvc: "123" }, "card_cvc", /not a known field/],
    ["return_url with &", { return_url: "https://shop/x?a=1&b=2" }, "return_url", /must not contain "&"/],
    ["open3d", { open3d: "yes" }, "open3d", /do3DS/],
    ["email too long", { shopper_email: `${"x".repeat(95)}@a.com` }, "shopper_email", /at most 100 characters/],
    ["items too long", { items: "x".repeat(5001) }, "items", /at most 5000 characters/],
    ["birth_date", { birth_date: "1990-01-31" }, "birth_date", /DD-MM-YYYY/],
    ["amount parts", { item_total: "8.00", shipping: "1.00" }, "amount", /must equal item_total.*\(9\.00\)/],
  ])("authorise: %s", async (_name, patch, field, rule) => {
    const e = await validationError(acquiring.authorise({ ...card, ...patch } as never))
    expect(e.field).toBe(field)
    expect(e.rule).toMatch(rule)
    expect(e.message).toContain(field)
    expect(e.message).toMatch(/Nothing was sent/)
    expect(e.operation).toBe("authorise")
  })

  it("authorise accepts amount parts that add up", async () => {
    // passes validation, then fails to connect: proves validation let it through
    await expect(
      acquiring.authorise({
        ...card,
        amount: "10.36",
        item_total: "9.00",
        shipping: "2.00",
        tax_total: "0.36",
        discount: "1.00",
      })
    ).rejects.toMatchObject({ name: "GatewayTransportError" })
  })

  it("a card is required unless token_id is given", async () => {
    await validationError(acquiring.authorise({ order_no: "o", currency: "USD", amount: "1.00" }), "card")
  })

  it("APM: payment_method required, card fields unknown", async () => {
    await validationError(
      acquiring.authoriseApm({ order_no: "o", currency: "USD", amount: "1.00" } as never),
      "payment_method"
    )
    const e2 = await validationError(
      acquiring.authoriseApm({
        order_no: "o",
        currency: "USD",
        amount: "1.00",
        payment_method: "alipay",
        card: "4242424242424242",
      } as never),
      "card"
    )
    expect(e2.rule).toMatch(/not a known field/)
  })

  it("checkout refuses card fields", async () => {
    await validationError(
      acquiring.checkout({ order_no: "o", currency: "USD", amount: "1.00", card: "4242424242424242" } as never),
      "card"
    )
  })

  const entry = (i: number) => ({ transaction_id: `T${i}`, order_no: `o${i}`, currency: "USD", amount: "1.00" })

  it("capture: over 50 entries is refused before sending", async () => {
    const e = await validationError(
      acquiring.capture({ capture_orders: Array.from({ length: 51 }, (_, i) => entry(i)) }),
      "capture_orders"
    )
    expect(e.rule).toMatch(/at most 50 entries.*splitBatch/)
  })

  it("capture: an entry's bad amount is named with its index", async () => {
    const orders = [entry(0), entry(1), entry(2), { ...entry(3), amount: "1.001" }]
    const e = await validationError(acquiring.capture({ capture_orders: orders }), "capture_orders[3].amount")
    expect(e.rule).toMatch(/at most 2 decimal places/)
  })

  it("capture: an empty batch is refused", async () => {
    const e = await validationError(acquiring.capture({ capture_orders: [] }), "capture_orders")
    expect(e.rule).toMatch(/at least 1/)
  })

  it("review: review_flag must be 1 or 0; 100 entries max", async () => {
    await validationError(
      acquiring.review({ review_orders: [{ ...entry(0), review_flag: "2" as never }] }),
      "review_orders[0].review_flag"
    )
    const e2 = await validationError(
      acquiring.review({
        review_orders: Array.from({ length: 101 }, (_, i) => ({ ...entry(i), review_flag: "1" as const })),
      })
    )
    expect(e2.rule).toMatch(/at most 100 entries/)
  })

  it("refund: refund_reference ≤ 50 and refund_amount > 0", async () => {
    const base = { ...entry(0), refund_amount: "1.00", refund_reason: "r" }
    await validationError(
      acquiring.refund({ refund_orders: [{ ...base, refund_reference: "r".repeat(51) }] }),
      "refund_orders[0].refund_reference"
    )
    const e2 = await validationError(
      acquiring.refund({ refund_orders: [{ ...base, refund_amount: "0.00" }] }),
      "refund_orders[0].refund_amount"
    )
    expect(e2.rule).toMatch(/greater than 0/)
  })

  it("order query: at least one filter, at most 100 ids, no commas", async () => {
    expect((await validationError(acquiring.orderQuery({}))).rule).toMatch(/at least 1/)
    const many = Array.from({ length: 60 }, (_, i) => `o${i}`)
    expect((await validationError(acquiring.orderQuery({ orders: many, trades: many }))).rule).toMatch(
      /at most 100 ids \(got 120\)/
    )
    const long = Array.from({ length: 30 }, (_, i) => `payses_01JABCDEFGHJKMNPQRSTVW${String(i).padStart(5, "0")}`)
    const tooLong = await validationError(acquiring.orderQuery({ orders: ["short"], trades: long }))
    expect(tooLong.field).toBe("trades")
    expect(tooLong.rule).toMatch(/at most 1000 characters joined by commas \(got 1049\)/)
    const e = await validationError(acquiring.orderQuery({ orders: ["a,b"] }), "orders[0]")
    expect(e.rule).toMatch(/comma/)
  })

  it("refund search: at most 100 ids together", async () => {
    const many = Array.from({ length: 51 }, (_, i) => `o${i}`)
    const e = await validationError(acquiring.refundSearch({ refund_orders: many, merchant_refunds: many }))
    expect(e.rule).toMatch(/at most 100/)
  })

  it("payout: amounts against their currencies, dates", async () => {
    await validationError(
      acquiring.payout({ request_id: "r1", payment_amount: "1.5", payment_currency: "JPY" }),
      "payment_amount"
    )
    await validationError(
      acquiring.payout({
        request_id: "r1",
        payment_amount: "1.50",
        payment_currency: "USD",
        beneficiary: { date_of_birth: "01-01-1990" },
      }),
      "beneficiary.date_of_birth"
    )
  })

  it("cancel subscription and optimise: lengths and required fields", async () => {
    await validationError(
      acquiring.cancelSubscription({ recurring_id: "r".repeat(51), contract_name: "c" }),
      "recurring_id"
    )
    await validationError(
      acquiring.cancelSubscription({ recurring_id: "r", contract_name: "c".repeat(201) }),
      "contract_name"
    )
    await validationError(
      acquiring.optimise({ request_id: "q", currency: "USD", amount: "1.00" } as never),
      "shopper_email"
    )
  })

  it("issuing: fields are checked before sending", async () => {
    await validationError(
      issuing.cardholder.create({ first_name: "A", last_name: "B", email: "not-an-email" }),
      "email"
    )
    const e2 = await validationError(
      issuing.card.create({ cardholder_id: 1, group_id: "7001", charge_amount: "10.00", pieces: 51 }),
      "pieces"
    )
    expect(e2.rule).toMatch(/between 1 and 50/)
    await validationError(issuing.card.status({ card_id: 1, status: "3" as never }), "status")
    const e4 = await validationError(issuing.card.charge({ card_id: 1, charge_amount: "0" }))
    expect(e4.rule).toMatch(/greater than 0/)
    await validationError(
      issuing.card.update({ card_id: 1, authLimitAmount: "1.234", updateCurrency: "USD" }),
      "authLimitAmount"
    )
    const e6 = await validationError(issuing.cardholder.query({} as never), "cardholderId")
    expect(e6.rule).toBe("is required")
  })

  it("issuing extra endpoints are off until their path is configured", async () => {
    await expect(issuing.extra("cardBinQuery", {})).rejects.toThrow(GatewayOptionsError)
    await expect(issuing.extra("cardBinQuery", {})).rejects.toThrow(/paths\.cardBinQuery/)
  })
})

describe("the base URL is https: (L5-2)", () => {
  const account = { merchantId: "701001", accountId: "701001010", signKey: "k" }
  it("refuses plain http: to another machine, naming the rule", () => {
    expect(() => createAcquiringClient({ ...account, baseUrl: "http://api.gateway.example" })).toThrow(
      /"baseUrl" must be an https: URL \(http: only to localhost, 127.0.0.1 or ::1, or with allowInsecureHttp: true\)/
    )
    expect(() =>
      createIssuingClient({ baseUrl: "http://sandbox.gateway.example/api", companyId: "4101", apiKey: "k" })
    ).toThrow(/"baseUrl" must be an https: URL/)
  })
  it("accepts https:, http: to this machine, and http: elsewhere only when allowed", () => {
    for (const baseUrl of [
      "https://api.gateway.example",
      "http://localhost:4010",
      "http://127.0.0.1:4010",
      "http://[::1]:4010",
    ]) {
      expect(() => createAcquiringClient({ ...account, baseUrl })).not.toThrow()
    }
    expect(() =>
      createAcquiringClient({ ...account, baseUrl: "http://api.gateway.example", allowInsecureHttp: true })
    ).not.toThrow()
    expect(() =>
      createIssuingClient({ baseUrl: "http://gw.example/api", companyId: "4101", apiKey: "k", allowInsecureHttp: true })
    ).not.toThrow()
  })
})

describe("options are checked at creation, naming the option", () => {
  const good = { baseUrl: "http://localhost:1", merchantId: "701001", accountId: "701001010", signKey: "k" }
  it.each<[string, Record<string, unknown>, string]>([
    ["missing merchantId", { merchantId: undefined }, "merchantId"],
    ["merchantId too long", { merchantId: "12345678" }, "merchantId"],
    ["accountId too long", { accountId: "12345678901" }, "accountId"],
    ["missing signKey", { signKey: "" }, "signKey"],
    ["bad baseUrl", { baseUrl: "ftp://x" }, "baseUrl"],
    ["bad timeout", { timeouts: { connectMs: -1 } }, "timeouts.connectMs"],
    ["unknown timeout", { timeouts: { idleMs: 1 } }, "timeouts.idleMs"],
    ["bad total timeout", { timeouts: { totalMs: 0 } }, "timeouts.totalMs"],
    ["bad retry", { retry: { attempts: 0 } }, "retry.attempts"],
    ["bad content type", { contentTypes: { capture: "xml" } }, "contentTypes.capture"],
    ["unknown content type key", { contentTypes: { captur: "json" } }, "contentTypes.captur"],
    ["unknown path key", { paths: { captur: "/v1/x" } }, "paths.captur"],
    ["bad path", { paths: { capture: "v1/x" } }, "paths.capture"],
    ["unknown signature key", { signatureOverrides: { captur: ["a"] } }, "signatureOverrides.captur"],
    ["unknown option", { merchantID: "1" }, "merchantID"],
    ["plain http to another machine", { baseUrl: "http://api.gateway.example" }, "baseUrl"],
  ])("acquiring: %s", (_n, patch, option) => {
    try {
      createAcquiringClient({ ...good, ...patch } as never)
      throw new Error("expected an options error")
    } catch (e) {
      expect(e).toBeInstanceOf(GatewayOptionsError)
      expect((e as GatewayOptionsError).option).toBe(option)
      expect((e as Error).message).toContain(`"${option}"`)
    }
  })

  it.each<[string, Record<string, unknown>, string]>([
    ["missing apiKey", { apiKey: undefined }, "apiKey"],
    ["bad scheme", { signScheme: "hmac" }, "signScheme"],
    ["missing companyId", { companyId: undefined }, "companyId"],
    ["unknown signature key", { signatureOverrides: { "/card/nope": ["a"] } }, "signatureOverrides./card/nope"],
    ["plain http to another machine", { baseUrl: "http://sandbox.gateway.example/api" }, "baseUrl"],
  ])("issuing: %s", (_n, patch, option) => {
    try {
      createIssuingClient({ baseUrl: "http://localhost:1/api", companyId: "4101", apiKey: "k", ...patch } as never)
      throw new Error("expected an options error")
    } catch (e) {
      expect(e).toBeInstanceOf(GatewayOptionsError)
      expect((e as GatewayOptionsError).option).toBe(option)
    }
  })
})
