// Sandbox order query /v1/retrievalTrans (limits, records, registered IPs), payout and optimise.
"use strict"
const h = require("./helpers")
const { orderQueryOf } = require("./order-query")

const sb = h.useSandbox({}, { resetEach: false })

const query = orderQueryOf(sb)

describe("order query", () => {
  test("orders and trades are each at most 1000 characters (public docs): longer is a 400 naming the field", async () => {
    const ids = (n) =>
      Array.from({ length: n }, (_, i) => `payses_01JABCDEFGHJKMNPQRSTVWX${String(i).padStart(4, "0")}`)
    const long = ids(30).join(",") // 30 ids of 34 characters: 1049 characters
    expect(long.length).toBeGreaterThan(1000)
    for (const field of ["orders", "trades"]) {
      const r = await h.acq(sb, "/v1/retrievalTrans", { [field]: long })
      expect(r.status).toBe(400)
      expect(r.json).toEqual({ code: "I0002", source: field, message: `${field} is longer than 1000 characters` })
    }
    const ok = await h.acq(sb, "/v1/retrievalTrans", { orders: ids(28).join(",") })
    expect(ok.json).toEqual(expect.objectContaining({ return_status: "1", orders_list: expect.any(Array) }))
    expect(ok.json.orders_list).toHaveLength(28)
  })

  test("by orders and trades; unknown order gives query_result 2; record fields", async () => {
    const x = await h.authorise(sb, {
      shopper_email: "ada@example.com",
      website: "https://shop.example",
      delivery_city: "Paris",
    })
    const q = await query({ orders: `${x.order_no},missing_order`, trades: x.transaction_id })
    expect(q).toEqual(
      expect.objectContaining({
        merchant_id: "701001",
        account_id: "701001010",
        return_status: "1",
        return_message: "OK",
      })
    )
    expect(q.orders_list).toHaveLength(2)
    const t = q.orders_list[0]
    expect(t).toEqual(
      expect.objectContaining({
        amount: "10.36",
        currency: "USD",
        order_no: x.order_no,
        transaction_id: x.transaction_id,
        website: "https://shop.example",
        shopper_email: "ada@example.com",
        payment_status: "2000",
        query_result: "1",
        is3ds: "0",
      })
    )
    expect(t.transaction_date).toMatch(/^\d{14}$/)
    expect(t.delivery_information.delivery_city).toBe("Paris")
    expect(Array.isArray(t.fraud_check_result)).toBe(true)
    expect(t.subscription_result).toEqual(expect.objectContaining({ recurring_id: "" }))
    expect(q.orders_list[1]).toEqual({ order_no: "missing_order", query_result: "2" })
  })

  test("limit 100, no filter is incomplete, JSON body also accepted", async () => {
    const many = await query({ orders: Array.from({ length: 101 }, (_, i) => `o${i}`).join(",") })
    expect(many).toEqual(expect.objectContaining({ return_status: "4", orders_list: [] }))
    const none = await query({})
    expect(none.return_status).toBe("3")
    const x = await h.authorise(sb)
    const j = await h.acq(sb, "/v1/retrievalTrans", { trades: x.transaction_id }, { form: false })
    expect(j.json.orders_list[0].transaction_id).toBe(x.transaction_id)
  })

  test("registeredIps: an unregistered caller gets return_status 7", async () => {
    const locked = await h.sandbox({ registeredIps: ["203.0.113.9"] })
    const open = await h.sandbox({ registeredIps: ["127.0.0.1"] })
    const r = await h.acq(locked, "/v1/retrievalTrans", { orders: "a" })
    expect(r.status).toBe(200)
    expect(r.json).toEqual(
      expect.objectContaining({ return_status: "7", return_message: "IP not registered", orders_list: [] })
    )
    const ok = await h.acq(open, "/v1/retrievalTrans", { orders: "a" })
    expect(ok.json.return_status).toBe("1")
    // the refund search is not restricted
    expect((await h.acq(locked, "/v1/retrievalRefund", { refund_orders: "a" })).json.return_status).toBe("1")
  })
})

describe("payout", () => {
  const payoutReq = (over = {}) => ({
    request_id: `req_${h.orderNo()}`,
    payment_amount: "150.00",
    payment_currency: "AUD",
    payment_date: "2030-01-15",
    payment_method: "SWIFT",
    fee_paid_by: "PAYER",
    reference: "invoice 42",
    reason: "supplier",
    swift_charge_option: "SHARED",
    fund_source: "DepositAccount",
    beneficiary: {
      entity_type: "COMPANY",
      company_name: "Acme Pty",
      address: { city: "Sydney", country_code: "AU" },
      bank_details: {
        account_currency: "AUD",
        account_name: "Acme",
        account_number: "123456",
        bank_country_code: "AU",
        bank_code: "082",
        swift_code: "NATAAU3303M",
      },
    },
    payer: { entity_type: "COMPANY", company_name: "Shop Ltd" },
    ...over,
  })

  test("PROCESSING on creation, COMPLETED after the delay; idempotent by request_id", async () => {
    const req = payoutReq()
    const r = await h.acq(sb, "/v1/payout", req)
    expect(r.status).toBe(200)
    expect(r.json).toEqual(
      expect.objectContaining({
        request_id: req.request_id,
        payment_amount: "150.00",
        payment_currency: "AUD",
        status: "PROCESSING",
        fee_currency: "AUD",
        fee_amount: 5,
        amount_beneficiary_receives: 150,
        amount_payer_pays: 155,
      })
    )
    expect(r.json.notify_url).toBeUndefined()
    expect(r.json.beneficiary.bank_details.bank_code).toBeUndefined()
    expect(r.json.beneficiary.bank_details.local_clearing_system).toBe("BECS")
    expect(r.json.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/)
    const again = await h.acq(sb, "/v1/payout", { ...req, payment_amount: "999.00" })
    expect(again.json.transaction_id).toBe(r.json.transaction_id)
    expect(again.json.payment_amount).toBe("150.00")
    expect(again.json.status).toBe("COMPLETED")
  })

  test("a reference containing FAIL fails with reason and type", async () => {
    const req = payoutReq({ reference: "please FAIL" })
    await h.acq(sb, "/v1/payout", req)
    const again = await h.acq(sb, "/v1/payout", req)
    expect(again.json).toEqual(
      expect.objectContaining({
        status: "FAILED",
        failure_reason: "Beneficiary account closed",
        failure_type: "BENEFICIARY_ACCOUNT",
      })
    )
  })

  test("refusals: signature, missing request_id, bad amount", async () => {
    const req = payoutReq()
    const bad = await h.acq(sb, "/v1/payout", {
      ...req,
      encryption_data: h.acqSign("/v1/payout", { ...h.MERCHANT, ...req, payment_amount: "1.00" }),
    })
    expect(bad.json.code).toBe("I0013")
    const noId = await h.acq(sb, "/v1/payout", { ...req, request_id: "" })
    expect(noId.json).toEqual(expect.objectContaining({ code: "I0001", source: "request_id" }))
    const amt = await h.acq(sb, "/v1/payout", { ...req, payment_amount: "150" })
    expect(amt.json).toEqual(expect.objectContaining({ code: "I0002", source: "payment_amount" }))
  })
})

describe("optimise", () => {
  test("ranked payment methods", async () => {
    const r = await h.acq(sb, "/v1/optimise", {
      request_id: "opt1",
      currency: "EUR",
      amount: "20.00",
      shopper_email: "a@b.c",
      billing_country: "DE",
    })
    expect(r.status).toBe(200)
    expect(r.json).toEqual(expect.objectContaining({ request_id: "opt1", return_status: "1", return_message: "OK" }))
    const ranks = r.json.payment_methods.map((m) => m.rank)
    expect(ranks).toEqual(ranks.map((_, i) => i + 1))
    expect(r.json.payment_methods[0]).toEqual({
      payment_method: "klarna",
      acceptance_rate: expect.any(Number),
      rank: 1,
    })
    for (const m of r.json.payment_methods) expect(m.acceptance_rate).toBeGreaterThanOrEqual(0)
  })
})
