"use strict"
/**
 * The paid-status switch: the public docs show payment_status 3000 on a paid order and never say whether it
 * means authorised or captured. With `paidStatus` the sandbox reports one code for both (order query, refund
 * search, notifications) while its ledger keeps the truth.
 */
const h = require("./helpers")

const sb = h.useSandbox({ paidStatus: "3000" })

const { entry } = h
const reported = async (x) =>
  (await h.acq(sb, "/v1/retrievalTrans", { trades: x.transaction_id })).json.orders_list[0].payment_status
const ledger = async (x) => (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()

test("authorised and captured both read 3000; the ledger tells them apart; a capture is still refused twice", async () => {
  const x = await h.authorise(sb)
  expect(await reported(x)).toBe("3000")
  expect((await ledger(x)).payment_status).toBe("2000")
  expect((await ledger(x)).captured_amount).toBe("0.00")

  const cap = await h.acq(sb, "/v1/capture", { capture_orders: [entry(x)] })
  expect(cap.json.capture_orders[0].capture_status).toBe("1")
  expect(await reported(x)).toBe("3000")
  expect((await ledger(x)).payment_status).toBe("3000")
  expect((await ledger(x)).captured_amount).toBe(x.amount)
  const again = await h.acq(sb, "/v1/capture", { capture_orders: [entry(x)] })
  expect(again.json.capture_orders[0].error_message).toBe("C0002:Transaction not capturable")
})

test("other codes are reported as they are: partly refunded, cancelled, declined", async () => {
  const x = await h.capturedPayment(sb)
  await h.acq(sb, "/v1/refund", {
    refund_orders: [entry(x, { refund_amount: "1.00", refund_reason: "part", refund_reference: "re_ps" })],
  })
  expect(await reported(x)).toBe("4000")
  const search = await h.acq(sb, "/v1/retrievalRefund", { merchant_refunds: "re_ps" })
  expect(search.json.refund_orders[0].payment_status).toBe("4000")
  const y = await h.authorise(sb)
  await h.acq(sb, "/v1/cancel", { cancel_orders: [entry(y)] })
  expect(await reported(y)).toBe("5000")
  expect(await reported(await h.authorise(sb, { card: "4000000000000002" }))).toBe("6000")
})

test("a notification of an authorised payment carries the one paid code; setPaidStatus(null) brings the distinct codes back", async () => {
  const rx = await h.receiver()
  await h.authorise(sb, { notify_url: rx.url })
  await h.waitFor(() => rx.received.length === 1)
  expect(JSON.parse(rx.received[0].body).payment_status).toBe("3000")
  sb.setPaidStatus(null)
  try {
    expect(await reported(await h.authorise(sb))).toBe("2000")
  } finally {
    sb.setPaidStatus("3000")
  }
  expect(() => sb.setPaidStatus("paid")).toThrow(/paidStatus must be null or a payment_status code/)
})
