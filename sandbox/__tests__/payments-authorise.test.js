// Sandbox direct payment POST /v1/authorise: approvals, declines, field validation, duplicates, tokens, subscriptions.
"use strict"
const h = require("./helpers")

const sb = h.useSandbox({}, { resetEach: false })

describe("POST /v1/authorise", () => {
  test("approved card: XML respon, order_status 1, signed answer", async () => {
    const req = h.payment()
    const r = await h.acq(sb, "/v1/authorise", req)
    expect(r.status).toBe(200)
    expect(r.headers.get("content-type")).toMatch(/application\/xml/)
    expect(r.text).toMatch(/^<\?xml[^>]*\?>\s*<respon>/)
    const x = r.xml
    expect(x).toEqual(
      expect.objectContaining({
        merchant_id: "701001",
        account_id: "701001010",
        order_no: req.order_no,
        amount: "10.36",
        currency: "USD",
        card: "424242******4242",
        order_status: "1",
        result_info: "0000:Success",
        risk_action: "ACCEPT",
        threeds_result: "",
      })
    )
    expect(x.transaction_id).toMatch(/^T\d{13}$/)
    expect(x.issuer_url).toBeUndefined()
    expect(x.encryption_data).toBe(h.acqSign("response", x))
  })

  test("form-encoded body is accepted too", async () => {
    const r = await h.acq(sb, "/v1/authorise", h.payment(), { form: true })
    expect(r.status).toBe(200)
    expect(r.xml.order_status).toBe("1")
  })

  test("declined card", async () => {
    const x = await h.authorise(sb, { card: "4000000000000002" })
    expect(x.order_status).toBe("0")
    expect(x.result_info).toBe("D0002:Card declined")
  })

  test("expired card is declined", async () => {
    const x = await h.authorise(sb, { expiration_year: "2001" })
    expect(x.order_status).toBe("0")
    expect(x.result_info).toMatch(/^D0003:/)
  })

  test("held for review card", async () => {
    const x = await h.authorise(sb, { card: "4000000000009995" })
    expect(x.order_status).toBe("-2")
    expect(x.result_info).toBe("P0002:Held for review")
    expect(x.risk_action).toBe("REVIEW")
    expect(Number(x.risk_score)).toBeGreaterThanOrEqual(0)
  })

  test("any other Luhn-valid number is approved; a Luhn failure is 400 I0002 card", async () => {
    expect((await h.authorise(sb, { card: "5555555555554444" })).order_status).toBe("1")
    const r = await h.acq(sb, "/v1/authorise", h.payment({ card: "4242424242424241" }))
    expect(r.status).toBe(400)
    expect(r.json).toEqual({ code: "I0002", source: "card", message: expect.any(String) })
  })

  test("wrong signature: 400 I0013 and nothing stored", async () => {
    const before = sb.store.transactions.size
    const req = h.payment()
    const r = await h.acq(sb, "/v1/authorise", {
      ...req,
      encryption_data: h.acqSign("/v1/authorise", { ...h.MERCHANT, ...req }, "wrong-key"),
    })
    expect(r.status).toBe(400)
    expect(r.json).toEqual({ code: "I0013", source: "encryption_data", message: expect.any(String) })
    expect(sb.store.transactions.size).toBe(before)
  })

  test("uppercase hex signature is accepted", async () => {
    const req = { ...h.MERCHANT, ...h.payment() }
    const r = await h.acq(sb, "/v1/authorise", {
      ...req,
      encryption_data: h.acqSign("/v1/authorise", req).toUpperCase(),
    })
    expect(r.status).toBe(200)
  })

  test("an & inside return_url is a signature error (notes)", async () => {
    const r = await h.acq(sb, "/v1/authorise", h.payment({ return_url: "https://shop.example/r?a=1&b=2" }))
    expect(r.status).toBe(400)
    expect(r.json.code).toBe("I0013")
  })

  test.each([
    ["merchant_id", { merchant_id: "" }],
    ["order_no", { order_no: undefined }],
    ["currency", { currency: "" }],
    ["amount", { amount: undefined }],
    ["card", { card: undefined }],
    ["expiration_month", { expiration_month: undefined }],
    ["expiration_year", { expiration_year: undefined }],
    ["security_code", { security_code: undefined }],
    ["expiration_month", { expiration_month: "" }],
    ["security_code", { security_code: "  " }],
  ])("missing %s: 400 I0001", async (field, override) => {
    const req = h.payment(override)
    if (override[field] === undefined) delete req[field]
    const r = await h.acq(sb, "/v1/authorise", req)
    expect(r.status).toBe(400)
    expect(r.json).toEqual(expect.objectContaining({ code: "I0001", source: field }))
  })

  test.each(["expiration_month", "expiration_year", "security_code"])(
    "a card payment without %s: 400 {code I0001, source, message '<field> is required'}, in JSON and in a form body",
    async (field) => {
      for (const form of [false, true]) {
        const req = h.payment()
        delete req[field]
        const before = sb.store.transactions.size
        const r = await h.acq(sb, "/v1/authorise", req, { form })
        expect(r.status).toBe(400)
        expect(r.headers.get("content-type")).toMatch(/application\/json/)
        expect(r.json).toEqual({ code: "I0001", source: field, message: `${field} is required` })
        expect(sb.store.transactions.size).toBe(before)
      }
    }
  )

  test("card without any of the three: refused naming expiration_month first (no other names are read)", async () => {
    const req = h.payment({ exp_month: "12", exp_year: "2099", cvv: "123" })
    for (const f of h.CARD_FIELDS) delete req[f]
    const r = await h.acq(sb, "/v1/authorise", req)
    expect(r.status).toBe(400)
    expect(r.json).toEqual({ code: "I0001", source: "expiration_month", message: "expiration_month is required" })
  })

  test("missing encryption_data: 400 I0001", async () => {
    const r = await h.acq(sb, "/v1/authorise", h.payment(), { unsigned: true })
    expect(r.status).toBe(400)
    expect(r.json).toEqual(expect.objectContaining({ code: "I0001", source: "encryption_data" }))
  })

  test.each([
    ["merchant_id", "12345678"],
    ["account_id", "12345678901"],
    ["order_no", "x".repeat(51)],
    ["amount", "1234567890123.00"],
    ["shopper_email", `${"a".repeat(95)}@x.com`],
    ["note", "n".repeat(1001)],
    ["encryption_data", "a".repeat(65)],
  ])("too long %s: 400 I0002", async (field, value) => {
    const r = await h.acq(sb, "/v1/authorise", h.payment({ [field]: value }))
    expect(r.status).toBe(400)
    expect(r.json).toEqual(expect.objectContaining({ code: "I0002", source: field }))
  })

  test("amounts must carry the currency's exponent", async () => {
    for (const [currency, amount, ok] of [
      ["USD", "10.3", false],
      ["USD", "10", false],
      ["JPY", "1000", true],
      ["JPY", "1000.00", false],
      ["KWD", "1.250", true],
      ["KWD", "1.25", false],
      ["USD", "0.00", false],
    ]) {
      const r = await h.acq(sb, "/v1/authorise", h.payment({ currency, amount }))
      expect([currency, amount, r.status]).toEqual([currency, amount, ok ? 200 : 400])
      if (!ok) expect(r.json.source).toBe("amount")
    }
  })

  test("a number where a string is expected is malformed", async () => {
    const r = await h.acq(sb, "/v1/authorise", { ...h.payment(), amount: 10.36, encryption_data: "0".repeat(64) })
    expect(r.status).toBe(400)
    expect(r.json).toEqual(expect.objectContaining({ code: "I0002", source: "amount" }))
  })

  test("malformed expiration_month, expiration_year, security_code: 400 I0002 with source", async () => {
    for (const [field, value] of [
      ["expiration_month", "13"],
      ["expiration_month", "1"],
      ["expiration_month", 12],
      ["expiration_year", "30"],
      ["expiration_year", "20301"],
      ["security_code", "12"],
      ["security_code", "12345"],
      ["security_code", "12a"],
    ]) {
      const r = await h.acq(sb, "/v1/authorise", h.payment({ [field]: value }))
      expect([field, value, r.status, r.json.code, r.json.source]).toEqual([field, value, 400, "I0002", field])
    }
  })

  test("amount must equal the sum of its parts when item_total is sent", async () => {
    const good = await h.acq(
      sb,
      "/v1/authorise",
      h.payment({ amount: "10.36", item_total: "9.00", shipping: "2.00", tax_total: "0.36", discount: "1.00" })
    )
    expect(good.status).toBe(200)
    const bad = await h.acq(sb, "/v1/authorise", h.payment({ amount: "10.36", item_total: "9.00" }))
    expect(bad.status).toBe(400)
    expect(bad.json.source).toBe("amount")
  })

  test("items: six components (name, goods id, unit price, quantity, goods URL, id) and four (older docs) are accepted", async () => {
    for (const items of [
      "huawei#,#NUM1#,#230.00#,#1#;#Test2#,#NUM2#,#290.00#,#2",
      "T-shirt#,#SKU-1#,#5.00#,#2#,#https://shop.example/p/1#,#variant_1#;#Mug#,#SKU-2#,#0.36#,#1#,#0#,#variant_2",
      "Gift#,#0#,#0#,#1#,#0#,#0",
      "Single#,#S1#,#10.36#,#1",
    ]) {
      const r = await h.acq(sb, "/v1/authorise", h.payment({ items }))
      expect([items, r.status]).toEqual([items, 200])
    }
  })

  test.each([
    ["five components", "a#,#b#,#1.00#,#1#,#https://shop.example/p"],
    ["three components", "a#,#b#,#1.00"],
    ["seven components", "a#,#b#,#1.00#,#1#,#0#,#id#,#extra"],
    ["an empty component (must be written 0)", "a#,##,#1.00#,#1#,#0#,#id"],
    ["an empty item", "a#,#b#,#1.00#,#1#;#"],
    ["a price not in the order currency's exponent", "a#,#b#,#1.0#,#1#,#0#,#id"],
    ["a price that is not an amount", "a#,#b#,#USD1#,#1#,#0#,#id"],
    ["a quantity that is not a whole number", "a#,#b#,#1.00#,#1.5#,#0#,#id"],
    ["a goods URL that is neither 0 nor http(s)", "a#,#b#,#1.00#,#1#,#shop.example/p#,#id"],
  ])("items with %s: 400 I0002 items", async (_what, items) => {
    const r = await h.acq(sb, "/v1/authorise", h.payment({ items }))
    expect(r.status).toBe(400)
    expect(r.json).toEqual({ code: "I0002", source: "items", message: expect.any(String) })
  })

  test("item prices are validated in the order currency (JPY has no decimals, KWD three)", async () => {
    const jpy = await h.acq(
      sb,
      "/v1/authorise",
      h.payment({ currency: "JPY", amount: "1000", items: "a#,#b#,#500#,#2#,#0#,#id" })
    )
    expect(jpy.status).toBe(200)
    const jpyBad = await h.acq(
      sb,
      "/v1/authorise",
      h.payment({ currency: "JPY", amount: "1000", items: "a#,#b#,#500.00#,#2#,#0#,#id" })
    )
    expect(jpyBad.json).toEqual(expect.objectContaining({ code: "I0002", source: "items" }))
    expect(jpyBad.json.message).toContain("JPY")
    const kwd = await h.acq(
      sb,
      "/v1/authorise",
      h.payment({ currency: "KWD", amount: "1.250", items: "a#,#b#,#1.250#,#1" })
    )
    expect(kwd.status).toBe(200)
  })

  test("unknown merchant or account: 404 I0404", async () => {
    const r1 = await h.acq(sb, "/v1/authorise", h.payment({ merchant_id: "999999" }))
    expect(r1.status).toBe(404)
    expect(r1.json).toEqual(expect.objectContaining({ code: "I0404", source: "merchant_id" }))
    const r2 = await h.acq(sb, "/v1/authorise", h.payment({ account_id: "999" }))
    expect(r2.status).toBe(404)
    expect(r2.json.source).toBe("account_id")
  })

  test("duplicate order_no: I0030 while approved or pending, allowed after decline or cancel", async () => {
    const declined = await h.authorise(sb, { card: "4000000000000002" })
    const retry = await h.authorise(sb, { order_no: declined.order_no })
    expect(retry.order_status).toBe("1")
    const dup = await h.acq(sb, "/v1/authorise", h.payment({ order_no: declined.order_no }))
    expect(dup.status).toBe(400)
    expect(dup.json).toEqual(expect.objectContaining({ code: "I0030", source: "order_no" }))
    const c = await h.acq(sb, "/v1/cancel", {
      cancel_orders: [
        { transaction_id: retry.transaction_id, order_no: retry.order_no, currency: "USD", amount: "10.36" },
      ],
    })
    expect(c.json.cancel_orders[0].cancel_status).toBe("1")
    expect((await h.authorise(sb, { order_no: declined.order_no })).order_status).toBe("1")
  })

  test("tokenisation: token_flag YES returns token_id, which pays without card data", async () => {
    const first = await h.authorise(sb, { token_flag: "YES" })
    expect(first.token_id).toMatch(/^TK/)
    const req = h.payment({ token_id: first.token_id })
    delete req.card
    for (const f of h.CARD_FIELDS) delete req[f]
    const r = await h.acq(sb, "/v1/authorise", req)
    expect(r.status).toBe(200)
    expect(r.xml.order_status).toBe("1")
    expect(r.xml.card).toBe("424242******4242")
    const unknown = await h.acq(sb, "/v1/authorise", { ...req, order_no: h.orderNo(), token_id: "TKNOPE" })
    expect(unknown.status).toBe(404)
    expect(unknown.json.source).toBe("token_id")
  })

  test("tokenisation: card empty with token_id (the notes' form), no token for a declined card, an expired token declined", async () => {
    const declined = await h.authorise(sb, { token_flag: "YES", card: "4000000000000002" })
    expect(declined.order_status).toBe("0")
    expect(declined.token_id ?? "").toBe("")
    const first = await h.authorise(sb, { token_flag: "YES" })
    const req = { ...h.payment({ token_id: first.token_id, card: "" }) }
    for (const f of h.CARD_FIELDS) delete req[f]
    const paid = await h.acq(sb, "/v1/authorise", req)
    expect(paid.xml.order_status).toBe("1")
    expect(paid.xml.token_id).toBe(first.token_id)
    // "a token expires with its card": the card's expiry passes.
    sb.store.tokens.get(first.token_id).exp_year = "2020"
    const expired = await h.acq(sb, "/v1/authorise", { ...req, order_no: h.orderNo() })
    expect(expired.xml.order_status).toBe("0")
    expect(expired.xml.result_info).toBe("D0003:Card expired")
  })

  test("subscription: recurring fields in the answer; cancelsubscription", async () => {
    const x = await h.authorise(sb, {
      subscription: { contract_name: "Gold plan", interval: "day", interval_count: "1" },
    })
    expect(x.recurring_id).toMatch(/^RC/)
    expect(x.contract_name).toBe("Gold plan")
    expect(x.recurring_deduction_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const bad = await h.acq(sb, "/v1/cancelsubscription", { recurring_id: x.recurring_id, contract_name: "Other" })
    expect(bad.json.cancel_status).toBe("0")
    const ok = await h.acq(sb, "/v1/cancelsubscription", { recurring_id: x.recurring_id, contract_name: "Gold plan" })
    expect(ok.status).toBe(200)
    expect(ok.json).toEqual(
      expect.objectContaining({
        cancel_status: "1",
        return_status: "1",
        return_message: "OK",
        recurring_id: x.recurring_id,
      })
    )
    const q = await h.acq(sb, "/v1/retrievalTrans", { trades: x.transaction_id })
    expect(q.json.orders_list[0].subscription_result).toEqual(
      expect.objectContaining({ recurring_id: x.recurring_id, recurring_status: "0" })
    )
  })
})
