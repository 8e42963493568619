// Sandbox batch operations: capture, cancel, review, refund and refund search, refunds settled with a delay.
"use strict"
const h = require("./helpers")
const { orderQueryOf } = require("./order-query")

const sb = h.useSandbox({}, { resetEach: false })

const { entry } = h
const query = orderQueryOf(sb)

describe("capture", () => {
  test("full capture; the envelope echoes encryption_data", async () => {
    const x = await h.authorise(sb)
    const r = await h.acq(sb, "/v1/capture", { capture_orders: [entry(x)] })
    expect(r.status).toBe(200)
    expect(r.json).toEqual(
      expect.objectContaining({
        merchant_id: "701001",
        account_id: "701001010",
        return_status: "1",
        return_message: "OK",
        encryption_data: h.acqSign("/v1/capture", { ...h.MERCHANT, capture_orders: [entry(x)] }),
      })
    )
    expect(r.json.capture_orders).toEqual([{ ...entry(x), capture_status: "1", error_message: "" }])
    expect((await query({ trades: x.transaction_id })).orders_list[0].payment_status).toBe("3000")
  })

  test("partial capture, then no second capture; capture above the authorised amount refused", async () => {
    const x = await h.authorise(sb)
    const over = await h.acq(sb, "/v1/capture", { capture_orders: [entry(x, { amount: "10.37" })] })
    expect(over.json.capture_orders[0]).toEqual(
      expect.objectContaining({ capture_status: "0", error_message: "C0001:Amount exceeds authorised amount" })
    )
    const part = await h.acq(sb, "/v1/capture", { capture_orders: [entry(x, { amount: "5.00" })] })
    expect(part.json.capture_orders[0].capture_status).toBe("1")
    const again = await h.acq(sb, "/v1/capture", { capture_orders: [entry(x, { amount: "1.00" })] })
    expect(again.json.capture_orders[0]).toEqual(
      expect.objectContaining({ capture_status: "0", error_message: "C0002:Transaction not capturable" })
    )
    const state = await (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()
    expect(state.captured_amount).toBe("5.00")
  })

  test("declined, pending, held and cancelled transactions are not capturable", async () => {
    const declined = await h.authorise(sb, { card: "4000000000000002" })
    const pending = await h.authorise(sb, { card: "4000000000003220" })
    const held = await h.authorise(sb, { card: "4000000000009995" })
    const cancelled = await h.authorise(sb)
    await h.acq(sb, "/v1/cancel", { cancel_orders: [entry(cancelled)] })
    const r = await h.acq(sb, "/v1/capture", {
      capture_orders: [declined, pending, held, cancelled].map((x) => entry(x)),
    })
    expect(r.json.capture_orders.map((e) => e.error_message)).toEqual(Array(4).fill("C0002:Transaction not capturable"))
  })

  test("unknown transaction and mismatching order details are refused per entry", async () => {
    const x = await h.authorise(sb)
    const r = await h.acq(sb, "/v1/capture", {
      capture_orders: [
        entry(x, { transaction_id: "T2000010100001" }),
        entry(x, { order_no: "other" }),
        entry(x, { currency: "EUR" }),
      ],
    })
    expect(r.json.capture_orders.map((e) => e.error_message)).toEqual([
      "N0001:Transaction not found",
      "N0002:Order details do not match the transaction",
      "N0002:Order details do not match the transaction",
    ])
  })

  test("batch limit 50: return_status 4 and nothing processed", async () => {
    const x = await h.authorise(sb)
    const list = Array.from({ length: 51 }, () => entry(x))
    const r = await h.acq(sb, "/v1/capture", { capture_orders: list })
    expect(r.status).toBe(200)
    expect(r.json).toEqual(
      expect.objectContaining({ return_status: "4", return_message: "too many orders", capture_orders: [] })
    )
    expect((await query({ trades: x.transaction_id })).orders_list[0].payment_status).toBe("2000")
    const fifty = await h.acq(sb, "/v1/capture", { capture_orders: list.slice(0, 50) })
    expect(fifty.json.return_status).toBe("1")
    expect(fifty.json.capture_orders.filter((e) => e.capture_status === "1")).toHaveLength(1)
  })

  test("entry fields: missing is I0001, too long or malformed is I0002, with the entry path as source", async () => {
    const x = await h.authorise(sb)
    const missing = await h.acq(sb, "/v1/capture", { capture_orders: [{ ...entry(x), amount: undefined }] })
    expect(missing.status).toBe(400)
    expect(missing.json).toEqual(expect.objectContaining({ code: "I0001", source: "capture_orders[0].amount" }))
    const long = await h.acq(sb, "/v1/capture", {
      capture_orders: [entry(x), entry(x, { transaction_id: "T".repeat(51) })],
    })
    expect(long.json).toEqual(expect.objectContaining({ code: "I0002", source: "capture_orders[1].transaction_id" }))
    const bad = await h.acq(sb, "/v1/capture", { capture_orders: [entry(x, { amount: "5" })] })
    expect(bad.json).toEqual(expect.objectContaining({ code: "I0002", source: "capture_orders[0].amount" }))
    const none = await h.acq(sb, "/v1/capture", {})
    expect(none.json).toEqual(expect.objectContaining({ code: "I0001", source: "capture_orders" }))
  })

  test("signature covers every entry's transaction_id; form body with JSON text works", async () => {
    const x = await h.authorise(sb)
    const wrong = await h.acq(sb, "/v1/capture", {
      capture_orders: [entry(x)],
      encryption_data: h.acqSign("/v1/capture", { ...h.MERCHANT, capture_orders: [] }),
    })
    expect(wrong.status).toBe(400)
    expect(wrong.json.code).toBe("I0013")
    const ok = await h.acq(sb, "/v1/capture", { capture_orders: [entry(x)] }, { form: true })
    expect(ok.json.capture_orders[0].capture_status).toBe("1")
  })
})

describe("cancel", () => {
  test("authorised and held transactions cancel; captured ones do not; no capture after cancel", async () => {
    const a = await h.authorise(sb)
    const held = await h.authorise(sb, { card: "4000000000009995" })
    const captured = await h.capturedPayment(sb)
    const r = await h.acq(sb, "/v1/cancel", { cancel_orders: [entry(a), entry(held), entry(captured)] })
    expect(r.json.cancel_orders.map((e) => [e.cancel_status, e.error_message])).toEqual([
      ["1", ""],
      ["1", ""],
      ["0", "X0001:Transaction not cancellable"],
    ])
    const q = await query({ trades: [a.transaction_id, held.transaction_id].join(",") })
    expect(q.orders_list.map((t) => [t.payment_status, t.query_result])).toEqual([
      ["5000", "0"],
      ["5000", "0"],
    ])
    const cap = await h.acq(sb, "/v1/capture", { capture_orders: [entry(a)] })
    expect(cap.json.capture_orders[0].error_message).toBe("C0002:Transaction not capturable")
    const wrongAmount = await h.acq(sb, "/v1/cancel", {
      cancel_orders: [entry(await h.authorise(sb), { amount: "1.00" })],
    })
    expect(wrongAmount.json.cancel_orders[0].error_message).toMatch(/^N0002:/)
  })
})

describe("review", () => {
  test("approve -> authorised, reject -> declined; only held transactions", async () => {
    const a = await h.authorise(sb, { card: "4000000000009995" })
    const b = await h.authorise(sb, { card: "4000000000009995" })
    const plain = await h.authorise(sb)
    expect((await query({ trades: a.transaction_id })).orders_list[0]).toEqual(
      expect.objectContaining({ payment_status: "1100", query_result: "-2" })
    )
    const r = await h.acq(sb, "/v1/review", {
      review_orders: [
        entry(a, { review_flag: "1" }),
        entry(b, { review_flag: "0" }),
        entry(plain, { review_flag: "1" }),
      ],
    })
    expect(r.json.return_status).toBe("1")
    expect(r.json.review_orders.map((e) => [e.review_flag, e.review_status, e.error_message])).toEqual([
      ["1", "1", ""],
      ["0", "1", ""],
      ["1", "0", "R0001:Not under review"],
    ])
    const q = await query({ trades: `${a.transaction_id},${b.transaction_id}` })
    expect(q.orders_list.map((t) => t.payment_status)).toEqual(["2000", "6000"])
    const bad = await h.acq(sb, "/v1/review", { review_orders: [entry(a, { review_flag: "2" })] })
    expect(bad.json).toEqual(expect.objectContaining({ code: "I0002", source: "review_orders[0].review_flag" }))
  })

  test("review batch limit is 100", async () => {
    const a = await h.authorise(sb, { card: "4000000000009995" })
    const r = await h.acq(sb, "/v1/review", {
      review_orders: Array.from({ length: 101 }, () => entry(a, { review_flag: "1" })),
    })
    expect(r.json.return_status).toBe("4")
    const ok = await h.acq(sb, "/v1/review", {
      review_orders: Array.from({ length: 100 }, () => entry(a, { review_flag: "1" })),
    })
    expect(ok.json.return_status).toBe("1")
  })
})

describe("refund and refund search", () => {
  test("partial then full refund; ids <transaction_id>-NN; statuses 4000 then 4100", async () => {
    const x = await h.capturedPayment(sb)
    const r1 = await h.acq(sb, "/v1/refund", {
      refund_orders: [entry(x, { refund_amount: "3.00", refund_reason: "damaged", refund_reference: "re_1" })],
    })
    expect(r1.json.return_status).toBe("1")
    expect(r1.json.refund_orders[0]).toEqual({
      ...entry(x),
      refund_amount: "3.00",
      refund_reason: "damaged",
      refund_reference: "re_1",
      refund_message: "V0000:OK",
      refund_reference_id: `${x.transaction_id}-01`,
      refund_status: "1",
    })
    expect((await query({ trades: x.transaction_id })).orders_list[0].payment_status).toBe("4000")
    const r2 = await h.acq(sb, "/v1/refund", {
      refund_orders: [entry(x, { refund_amount: "7.36", refund_reason: "rest", refund_reference: "re_2" })],
    })
    expect(r2.json.refund_orders[0].refund_reference_id).toBe(`${x.transaction_id}-02`)
    expect((await query({ trades: x.transaction_id })).orders_list[0].payment_status).toBe("4100")
    const over = await h.acq(sb, "/v1/refund", { refund_orders: [entry(x, { refund_amount: "0.01" })] })
    expect(over.json.refund_orders[0]).toEqual(
      expect.objectContaining({
        refund_status: "0",
        refund_message: "V0001:Refund exceeds captured amount",
        refund_reference_id: "",
      })
    )

    const s = await h.acq(sb, "/v1/retrievalRefund", { refund_orders: x.order_no })
    expect(s.json).toEqual(
      expect.objectContaining({
        return_status: "1",
        return_message: "OK",
        merchant_id: "701001",
        account_id: "701001010",
      })
    )
    expect(s.json.refund_orders).toHaveLength(2)
    expect(s.json.refund_orders[0]).toEqual(
      expect.objectContaining({
        transaction_id: x.transaction_id,
        order_no: x.order_no,
        amount: "10.36",
        refund_status: "1",
        payment_status: "4100",
        refund_amount: "3.00",
        refund_reference: "re_1",
        currency: "USD",
        refund_reason: "damaged",
        refund_reference_id: `${x.transaction_id}-01`,
      })
    )
    expect(s.json.refund_orders[0].refund_date).toMatch(/^\d{14}$/)
    expect(s.json.refund_orders[0].refund_processing_date).toMatch(/^\d{14}$/)
    const byRef = await h.acq(sb, "/v1/retrievalRefund", { refund_references: `${x.transaction_id}-02` })
    expect(byRef.json.refund_orders.map((r) => r.refund_reference)).toEqual(["re_2"])
    const byMerchant = await h.acq(sb, "/v1/retrievalRefund", { merchant_refunds: "re_1" })
    expect(byMerchant.json.refund_orders.map((r) => r.refund_reference_id)).toEqual([`${x.transaction_id}-01`])
  })

  test("a repeated refund_reference returns the first refund and pays nothing more", async () => {
    const x = await h.capturedPayment(sb)
    const e = entry(x, { refund_amount: "4.00", refund_reference: "medusa_ref_1" })
    const r1 = await h.acq(sb, "/v1/refund", { refund_orders: [e] })
    const r2 = await h.acq(sb, "/v1/refund", { refund_orders: [e] })
    expect(r2.json.refund_orders[0]).toEqual(r1.json.refund_orders[0])
    const state = await (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()
    expect(state.refunds).toHaveLength(1)
    expect(state.refunded_amount).toBe("4.00")
  })

  test("refund above the captured (not authorised) amount and refund of an uncaptured payment are refused", async () => {
    const x = await h.authorise(sb)
    const notCaptured = await h.acq(sb, "/v1/refund", { refund_orders: [entry(x, { refund_amount: "1.00" })] })
    expect(notCaptured.json.refund_orders[0].refund_message).toBe("V0002:Transaction not refundable")
    await h.acq(sb, "/v1/capture", { capture_orders: [entry(x, { amount: "5.00" })] })
    const over = await h.acq(sb, "/v1/refund", { refund_orders: [entry(x, { refund_amount: "5.01" })] })
    expect(over.json.refund_orders[0].refund_message).toBe("V0001:Refund exceeds captured amount")
    const ok = await h.acq(sb, "/v1/refund", { refund_orders: [entry(x, { refund_amount: "5.00" })] })
    expect(ok.json.refund_orders[0].refund_status).toBe("1")
    expect((await query({ trades: x.transaction_id })).orders_list[0].payment_status).toBe("4100")
  })

  test("refund limits: 50 per batch; 100 filters per search; no filter is incomplete", async () => {
    const x = await h.capturedPayment(sb)
    const r = await h.acq(sb, "/v1/refund", {
      refund_orders: Array.from({ length: 51 }, () => entry(x, { refund_amount: "0.01" })),
    })
    expect(r.json.return_status).toBe("4")
    expect(r.json.refund_orders).toEqual([])
    const s = await h.acq(sb, "/v1/retrievalRefund", {
      refund_orders: Array.from({ length: 60 }, (_, i) => `o${i}`).join(","),
      merchant_refunds: Array.from({ length: 41 }, (_, i) => `m${i}`).join(","),
    })
    expect(s.json.return_status).toBe("4")
    const none = await h.acq(sb, "/v1/retrievalRefund", {})
    expect(none.json.return_status).toBe("3")
    const bad = await h.acq(sb, "/v1/retrievalRefund", { refund_orders: x.order_no, encryption_data: "f".repeat(64) })
    expect(bad.status).toBe(400)
    expect(bad.json.code).toBe("I0013")
  })

  test("refund refused length limits: refund_reason and refund_reference <= 50", async () => {
    const x = await h.capturedPayment(sb)
    const r = await h.acq(sb, "/v1/refund", {
      refund_orders: [entry(x, { refund_amount: "1.00", refund_reference: "r".repeat(51) })],
    })
    expect(r.status).toBe(400)
    expect(r.json).toEqual(expect.objectContaining({ code: "I0002", source: "refund_orders[0].refund_reference" }))
  })
})

describe("refund settlement with a delay", () => {
  const slow = h.useSandbox({ refundDelayMs: 60000 }, { resetEach: false })

  test("pending until settled by hand: refunded or failed; a failed refund frees the amount", async () => {
    const x = await h.capturedPayment(slow)
    const r1 = await h.acq(slow, "/v1/refund", {
      refund_orders: [entry(x, { refund_amount: "10.36", refund_reference: "a" })],
    })
    const id1 = r1.json.refund_orders[0].refund_reference_id
    const s0 = await h.acq(slow, "/v1/retrievalRefund", { refund_references: id1 })
    expect(s0.json.refund_orders[0]).toEqual(
      expect.objectContaining({ refund_status: "0", refund_processing_date: "", payment_status: "3000" })
    )
    // a pending refund counts against the captured amount
    const more = await h.acq(slow, "/v1/refund", { refund_orders: [entry(x, { refund_amount: "0.01" })] })
    expect(more.json.refund_orders[0].refund_message).toMatch(/^V0001:/)

    const failed = await fetch(`${slow.url}/sandbox/refunds/${id1}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"outcome":"failed"}',
    })
    expect(failed.status).toBe(200)
    expect((await failed.json()).refund_status).toBe("2")
    const again = await fetch(`${slow.url}/sandbox/refunds/${id1}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"outcome":"refunded"}',
    })
    expect(again.status).toBe(409)

    const r2 = await h.acq(slow, "/v1/refund", {
      refund_orders: [entry(x, { refund_amount: "10.36", refund_reference: "b" })],
    })
    const id2 = r2.json.refund_orders[0].refund_reference_id
    expect(id2).toBe(`${x.transaction_id}-02`)
    const done = await fetch(`${slow.url}/sandbox/refunds/${id2}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"outcome":"refunded"}',
    })
    expect((await done.json()).refund_status).toBe("1")
    const q = await h.acq(slow, "/v1/retrievalTrans", { trades: x.transaction_id })
    expect(q.json.orders_list[0].payment_status).toBe("4100")
    expect((await fetch(`${slow.url}/sandbox/refunds/nope`, { method: "POST", body: "{}" })).status).toBe(404)
  })
})
