"use strict"
const h = require("./helpers")

const sb = h.useSandbox({ notifyBaseMs: 20, notifyAttempts: 4 })

const { entry } = h

/** Parse a received body by its content type. */
function parse(msg) {
  return String(msg.headers["content-type"]).includes("json")
    ? JSON.parse(msg.body)
    : Object.fromEntries(new URLSearchParams(msg.body))
}

async function listNotifications(query = "") {
  return (await fetch(`${sb.url}/sandbox/notifications${query}`)).json()
}

test("payment notification: JSON, signed, retried after 500s with the same notify_id, recorded", async () => {
  const rx = await h.receiver([500, 500, 200])
  const x = await h.authorise(sb, { notify_url: rx.url })
  await h.waitFor(() => rx.received.length >= 3)
  const bodies = rx.received.map(parse)
  expect(rx.received[0].headers["content-type"]).toMatch(/application\/json/)
  expect(new Set(bodies.map((b) => b.notify_id)).size).toBe(1)
  const b = bodies[0]
  expect(b).toEqual(
    expect.objectContaining({
      notify_type: "PAYMENT",
      merchant_id: "701001",
      account_id: "701001010",
      transaction_id: x.transaction_id,
      order_no: x.order_no,
      currency: "USD",
      amount: "10.36",
      order_status: "1",
      result_info: "0000:Success",
      payment_status: "2000",
    })
  )
  expect(b.encryption_data).toBe(h.acqSign("response", b))
  const rec = await h.waitFor(async () => {
    const list = await listNotifications()
    return list.find((n) => n.notify_id === b.notify_id && n.state === "acknowledged")
  })
  expect(rec.attempts.map((a) => a.status)).toEqual([500, 500, 200])
  expect(rec.acknowledged).toBe(true)
  expect(rec.url).toBe(rx.url)
  // back-off: the second retry waits longer than the first (base 20 ms, doubling)
  const gaps = [rx.received[1].at - rx.received[0].at, rx.received[2].at - rx.received[1].at]
  expect(gaps[0]).toBeGreaterThanOrEqual(15)
  expect(gaps[1]).toBeGreaterThanOrEqual(35)
  await new Promise((r) => setTimeout(r, 100))
  expect(rx.received).toHaveLength(3)
})

test("gives up after notifyAttempts when the receiver keeps failing", async () => {
  const rx = await h.receiver([503])
  await h.authorise(sb, { notify_url: rx.url })
  const rec = await h.waitFor(async () => (await listNotifications()).find((n) => n.state === "failed"))
  expect(rec.attempts).toHaveLength(4)
  expect(rx.received).toHaveLength(4)
})

test("an unreachable notify_url is retried and recorded with the error", async () => {
  const rx = await h.receiver([200])
  const deadUrl = rx.url
  await rx.close()
  await h.authorise(sb, { notify_url: deadUrl })
  const rec = await h.waitFor(async () => (await listNotifications()).find((n) => n.state === "failed"))
  expect(rec.attempts).toHaveLength(4)
  expect(rec.attempts[0].status).toBeNull()
  expect(rec.attempts[0].error).toEqual(expect.any(String))
})

test("capture, cancel, refund (received and result), review (form) and 3-D Secure completion notify", async () => {
  const rx = await h.receiver([200])
  const a = await h.authorise(sb, { notify_url: rx.url })
  await h.acq(sb, "/v1/capture", { capture_orders: [entry(a)] })
  await h.acq(sb, "/v1/refund", { refund_orders: [entry(a, { refund_amount: "1.00", refund_reference: "r1" })] })
  const c = await h.authorise(sb, { notify_url: rx.url })
  await h.acq(sb, "/v1/cancel", { cancel_orders: [entry(c)] })
  const held = await h.authorise(sb, { notify_url: rx.url, card: "4000000000009995" })
  await h.acq(sb, "/v1/review", { review_orders: [entry(held, { review_flag: "0" })] })
  const tds = await h.authorise(sb, { notify_url: rx.url, card: "4000000000003220" })
  await h.postForm(tds.issuer_url, { outcome: "pass" })

  const expected = 9 // 3 PAYMENT (a, c, held) + CAPTURE + REFUND RECEIVED + REFUND RESULT + CANCEL + REVIEW RESULT + PAYMENT (3DS)
  await h.waitFor(() => rx.received.length >= expected)
  const got = rx.received.map(parse)
  const byType = (t) => got.filter((b) => b.notify_type === t)
  expect(byType("PAYMENT")).toHaveLength(4)
  expect(byType("CAPTURE")[0]).toEqual(
    expect.objectContaining({ transaction_id: a.transaction_id, payment_status: "3000" })
  )
  expect(byType("REFUND RECEIVED")[0]).toEqual(
    expect.objectContaining({
      refund_reference: "r1",
      refund_reference_id: `${a.transaction_id}-01`,
      refund_amount: "1.00",
      refund_status: "0",
    })
  )
  expect(byType("REFUND RESULT")[0]).toEqual(expect.objectContaining({ refund_status: "1", payment_status: "4000" }))
  expect(byType("CANCEL")[0]).toEqual(
    expect.objectContaining({ transaction_id: c.transaction_id, payment_status: "5000" })
  )
  const review = rx.received.find((m) => parse(m).notify_type === "REVIEW RESULT")
  expect(review.headers["content-type"]).toMatch(/application\/x-www-form-urlencoded/)
  expect(parse(review)).toEqual(
    expect.objectContaining({
      transaction_id: held.transaction_id,
      review_status: "1",
      order_status: "0",
      payment_status: "6000",
    })
  )
  const tdsDone = byType("PAYMENT").find((b) => b.transaction_id === tds.transaction_id)
  expect(tdsDone).toEqual(expect.objectContaining({ order_status: "1", payment_status: "2000" }))
  for (const b of got) expect(b.encryption_data).toBe(h.acqSign("response", b))
  expect(new Set(got.map((b) => b.notify_id)).size).toBe(got.length)
  const filtered = await listNotifications(`?notify_type=${encodeURIComponent("REVIEW RESULT")}`)
  expect(filtered).toHaveLength(1)
})

test("disputes: received and result, form-encoded", async () => {
  const rx = await h.receiver([200])
  const x = await h.capturedPayment(sb, { notify_url: rx.url })
  const notCaptured = await h.authorise(sb)
  expect(
    (
      await fetch(`${sb.url}/sandbox/disputes`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ transaction_id: notCaptured.transaction_id }),
      })
    ).status
  ).toBe(409)
  const opened = await fetch(`${sb.url}/sandbox/disputes`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ transaction_id: x.transaction_id, amount: "10.36", reason: "Fraud" }),
  })
  expect(opened.status).toBe(201)
  const d = await opened.json()
  const resolved = await fetch(`${sb.url}/sandbox/disputes/${d.dispute_id}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: '{"outcome":"lost"}',
  })
  expect((await resolved.json()).dispute_status).toBe("LOST")
  await h.waitFor(() => rx.received.filter((m) => parse(m).notify_type.startsWith("DISPUTE")).length >= 2)
  const ds = rx.received.filter((m) => parse(m).notify_type.startsWith("DISPUTE"))
  expect(ds[0].headers["content-type"]).toMatch(/x-www-form-urlencoded/)
  expect(parse(ds[0])).toEqual(
    expect.objectContaining({
      notify_type: "DISPUTE RECEIVED",
      dispute_amount: "10.36",
      dispute_reason: "Fraud",
      transaction_id: x.transaction_id,
    })
  )
  expect(parse(ds[1])).toEqual(expect.objectContaining({ notify_type: "DISPUTE RESULT", dispute_status: "LOST" }))
  expect(parse(ds[1]).encryption_data).toBe(h.acqSign("response", parse(ds[1])))
})

test("payout notification: payout fields, signed with the payout formula", async () => {
  const rx = await h.receiver([200])
  const req = {
    request_id: "po_1",
    payment_amount: "150.00",
    payment_currency: "AUD",
    reference: "x",
    notify_url: rx.url,
  }
  await h.acq(sb, "/v1/payout", req)
  await h.waitFor(() => rx.received.length >= 1)
  const b = parse(rx.received[0])
  expect(b).toEqual(
    expect.objectContaining({
      notify_type: "PAYOUT",
      request_id: "po_1",
      status: "COMPLETED",
      payment_amount: "150.00",
      payment_currency: "AUD",
    })
  )
  expect(b.encryption_data).toBe(h.acqSign("/v1/payout", b))
})

test("refund settled later by the refund delay notifies REFUND RESULT", async () => {
  const slow = await h.sandbox({ refundDelayMs: 30 })
  const rx = await h.receiver([200])
  const x = await h.capturedPayment(slow, { notify_url: rx.url })
  await h.acq(slow, "/v1/refund", { refund_orders: [entry(x, { refund_amount: "10.36" })] })
  const result = await h.waitFor(() => rx.received.map(parse).find((b) => b.notify_type === "REFUND RESULT"))
  expect(result).toEqual(expect.objectContaining({ refund_status: "1", payment_status: "4100" }))
})

test("bad_signature fault on path 'notifications' corrupts notification signatures", async () => {
  const rx = await h.receiver([200])
  sb.setFaults([{ path: "notifications", fault: "bad_signature", times: 1 }])
  await h.authorise(sb, { notify_url: rx.url })
  await h.authorise(sb, { notify_url: rx.url })
  await h.waitFor(() => rx.received.length >= 2)
  const ok = rx.received.map(parse).map((b) => b.encryption_data === h.acqSign("response", b))
  expect(ok.sort()).toEqual([false, true])
})

test("close() cancels pending retries", async () => {
  const other = await h.sandbox({ notifyBaseMs: 60000 })
  const rx = await h.receiver([500])
  await h.authorise(other, { notify_url: rx.url })
  await h.waitFor(() => rx.received.length >= 1)
  await other.close()
  expect(other.store.transactions.size).toBe(1)
})

describe("chargebacks: a lost dispute takes the money back", () => {
  const post = (url, body) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  const query = async (x) => (await h.acq(sb, "/v1/retrievalTrans", { trades: x.transaction_id })).json.orders_list[0]

  test("lost in full: payment_status 4200 in the order query; DISPUTE RESULT carries it, form-encoded, payment-notification signature", async () => {
    const rx = await h.receiver([200])
    const x = await h.capturedPayment(sb, { notify_url: rx.url })
    const d = await (
      await post(`${sb.url}/sandbox/disputes`, { transaction_id: x.transaction_id, reason: "Fraud" })
    ).json()
    expect(d).toEqual(
      expect.objectContaining({ dispute_amount: "10.36", dispute_status: "OPEN", payment_status: "3000" })
    )
    expect((await query(x)).payment_status).toBe("3000") // an open dispute takes nothing yet
    const lost = await post(`${sb.url}/sandbox/disputes/${d.dispute_id}`, { outcome: "lost" })
    expect(lost.status).toBe(200)
    expect(await lost.json()).toEqual(
      expect.objectContaining({ dispute_status: "LOST", chargeback_amount: "10.36", payment_status: "4200" })
    )
    expect(await query(x)).toEqual(expect.objectContaining({ payment_status: "4200", query_result: "1" }))
    const result = await h.waitFor(() => rx.received.find((m) => parse(m).notify_type === "DISPUTE RESULT"))
    expect(result.headers["content-type"]).toMatch(/application\/x-www-form-urlencoded/)
    const b = parse(result)
    expect(b).toEqual(
      expect.objectContaining({
        transaction_id: x.transaction_id,
        order_no: x.order_no,
        dispute_id: d.dispute_id,
        dispute_status: "LOST",
        dispute_amount: "10.36",
        payment_status: "4200",
      })
    )
    // the same signature as a PAYMENT notification
    expect(b.encryption_data).toBe(h.acqSign("response", b))
    const state = await (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()
    expect(state).toEqual(
      expect.objectContaining({ chargeback_amount: "10.36", refunded_amount: "0.00", payment_status: "4200" })
    )
    expect(state.history.at(-1)).toEqual(
      expect.objectContaining({ payment_status: "4200", event: `dispute ${d.dispute_id} lost` })
    )
    // nothing left to refund or to dispute
    const refund = await h.acq(sb, "/v1/refund", { refund_orders: [entry(x, { refund_amount: "0.01" })] })
    expect(refund.json.refund_orders[0]).toEqual(
      expect.objectContaining({ refund_status: "0", refund_message: "V0001:Refund exceeds captured amount" })
    )
    expect((await post(`${sb.url}/sandbox/disputes`, { transaction_id: x.transaction_id })).status).toBe(409)
  })

  test("lost in part: 4200 too; refunds are limited to what is left and leave it 4200", async () => {
    const x = await h.capturedPayment(sb)
    const d = await (
      await post(`${sb.url}/sandbox/disputes`, { transaction_id: x.transaction_id, amount: "5.00" })
    ).json()
    await post(`${sb.url}/sandbox/disputes/${d.dispute_id}`, { outcome: "lost" })
    expect((await query(x)).payment_status).toBe("4200")
    const tooMuch = await h.acq(sb, "/v1/refund", { refund_orders: [entry(x, { refund_amount: "5.37" })] })
    expect(tooMuch.json.refund_orders[0].refund_message).toBe("V0001:Refund exceeds captured amount")
    const rest = await h.acq(sb, "/v1/refund", { refund_orders: [entry(x, { refund_amount: "5.36" })] })
    expect(rest.json.refund_orders[0].refund_status).toBe("1")
    expect((await query(x)).payment_status).toBe("4200")
    const search = await h.acq(sb, "/v1/retrievalRefund", { refund_orders: x.order_no })
    expect(search.json.refund_orders[0]).toEqual(
      expect.objectContaining({ refund_amount: "5.36", refund_status: "1", payment_status: "4200" })
    )
    const state = await (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()
    expect(state).toEqual(expect.objectContaining({ chargeback_amount: "5.00", refunded_amount: "5.36" }))
    // a duplicate order_no is still refused: the payment went through
    const dup = await h.acq(sb, "/v1/authorise", h.payment({ order_no: x.order_no }))
    expect(dup.json.code).toBe("I0030")
  })

  test("won: nothing is taken back (3000); a dispute cannot exceed what is left", async () => {
    const x = await h.capturedPayment(sb)
    expect(
      (await post(`${sb.url}/sandbox/disputes`, { transaction_id: x.transaction_id, amount: "10.37" })).status
    ).toBe(400)
    const d = await (await post(`${sb.url}/sandbox/disputes`, { transaction_id: x.transaction_id })).json()
    const won = await (await post(`${sb.url}/sandbox/disputes/${d.dispute_id}`, { outcome: "won" })).json()
    expect(won).toEqual(
      expect.objectContaining({ dispute_status: "WON", chargeback_amount: "", payment_status: "3000" })
    )
    expect((await query(x)).payment_status).toBe("3000")
    expect((await post(`${sb.url}/sandbox/disputes/${d.dispute_id}`, { outcome: "lost" })).status).toBe(409)
    const list = await (await fetch(`${sb.url}/sandbox/disputes`)).json()
    expect(list.map((e) => e.dispute_id)).toEqual([d.dispute_id])
  })
})

describe("replaying a notification: POST /sandbox/notifications/{notify_id}/resend", () => {
  test("delivers the earlier notification again, byte for byte (same notify_id, stale state), as a new delivery", async () => {
    const rx = await h.receiver([200])
    const x = await h.authorise(sb, { notify_url: rx.url })
    await h.waitFor(() => rx.received.length >= 1)
    await h.acq(sb, "/v1/capture", { capture_orders: [entry(x)] })
    await h.waitFor(() => rx.received.length >= 2)
    const payment = parse(rx.received[0])
    expect(payment).toEqual(expect.objectContaining({ notify_type: "PAYMENT", payment_status: "2000" }))

    const res = await fetch(`${sb.url}/sandbox/notifications/${payment.notify_id}/resend`, { method: "POST" })
    expect(res.status).toBe(202)
    const rec = await res.json()
    expect(rec).toEqual(
      expect.objectContaining({
        notify_id: payment.notify_id,
        notify_type: "PAYMENT",
        url: rx.url,
        delivery: 2,
        resend_of: payment.notify_id,
      })
    )
    await h.waitFor(() => rx.received.length >= 3)
    const replay = rx.received[2]
    expect(replay.body).toBe(rx.received[0].body) // same payload, same notify_id, same signature
    expect(replay.headers["content-type"]).toBe(rx.received[0].headers["content-type"])
    expect(parse(replay).payment_status).toBe("2000") // stale: the payment is captured (3000) by now

    const deliveries = await h.waitFor(async () => {
      const list = await (await fetch(`${sb.url}/sandbox/notifications/${payment.notify_id}`)).json()
      return list.length === 2 && list.every((d) => d.state === "acknowledged") && list
    })
    expect(deliveries.map((d) => d.delivery)).toEqual([1, 2])
  })

  test("to another url; a failing replay is retried with the same notify_id; form kinds stay form-encoded", async () => {
    const first = await h.receiver([200])
    const other = await h.receiver([500, 200])
    const x = await h.capturedPayment(sb, { notify_url: first.url })
    const d = await (
      await fetch(`${sb.url}/sandbox/disputes`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ transaction_id: x.transaction_id }),
      })
    ).json()
    const received = await h.waitFor(() => first.received.find((m) => parse(m).notify_type === "DISPUTE RECEIVED"))
    const id = parse(received).notify_id
    const res = await fetch(`${sb.url}/sandbox/notifications/${id}/resend`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: other.url }),
    })
    expect(res.status).toBe(202)
    await h.waitFor(() => other.received.length >= 2)
    for (const m of other.received) {
      expect(m.body).toBe(received.body)
      expect(m.headers["content-type"]).toMatch(/application\/x-www-form-urlencoded/)
    }
    expect(parse(other.received[1])).toEqual(expect.objectContaining({ notify_id: id, dispute_id: d.dispute_id }))
  })

  test("refusals: unknown notify_id 404, a url that is not http(s) 400, GET on resend 405", async () => {
    expect((await fetch(`${sb.url}/sandbox/notifications/nope/resend`, { method: "POST" })).status).toBe(404)
    expect((await fetch(`${sb.url}/sandbox/notifications/nope`)).status).toBe(404)
    const rx = await h.receiver([200])
    await h.authorise(sb, { notify_url: rx.url })
    const [n] = await h.waitFor(async () => {
      const list = await listNotifications()
      return list.length && list
    })
    const bad = await fetch(`${sb.url}/sandbox/notifications/${n.notify_id}/resend`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: '{"url":"ftp://x"}',
    })
    expect(bad.status).toBe(400)
    expect((await fetch(`${sb.url}/sandbox/notifications/${n.notify_id}/resend`)).status).toBe(405)
    expect((await fetch(`${sb.url}/sandbox/notifications/${n.notify_id}/resend/x`, { method: "POST" })).status).toBe(
      404
    )
  })
})
