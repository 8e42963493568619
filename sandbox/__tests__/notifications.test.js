"use strict"
const { startSandbox } = require("..")
const h = require("./helpers")

let sb
beforeAll(async () => {
  sb = await startSandbox({ port: 0, quiet: true, notifyBaseMs: 20, notifyAttempts: 4 })
})
afterAll(() => sb.close())
beforeEach(() => sb.reset())

const entry = (x, extra = {}) => ({ transaction_id: x.transaction_id, order_no: x.order_no, currency: x.currency, amount: x.amount, ...extra })

/** Parse a received body by its content type. */
function parse(msg) {
  return String(msg.headers["content-type"]).includes("json") ? JSON.parse(msg.body) : Object.fromEntries(new URLSearchParams(msg.body))
}

async function listNotifications(query = "") {
  return (await fetch(`${sb.url}/sandbox/notifications${query}`)).json()
}

test("payment notification: JSON, signed, retried after 500s with the same notify_id, recorded", async () => {
  const rx = await h.receiver([500, 500, 200])
  try {
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
      }),
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
  } finally {
    await rx.close()
  }
})

test("gives up after notifyAttempts when the receiver keeps failing", async () => {
  const rx = await h.receiver([503])
  try {
    await h.authorise(sb, { notify_url: rx.url })
    const rec = await h.waitFor(async () => (await listNotifications()).find((n) => n.state === "failed"))
    expect(rec.attempts).toHaveLength(4)
    expect(rx.received).toHaveLength(4)
  } finally {
    await rx.close()
  }
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
  try {
    const a = await h.authorise(sb, { notify_url: rx.url })
    await h.acq(sb, "/v1/capture", { capture_orders: [entry(a)] })
    await h.acq(sb, "/v1/refund", { refund_orders: [entry(a, { refund_amount: "1.00", refund_reference: "r1" })] })
    const c = await h.authorise(sb, { notify_url: rx.url })
    await h.acq(sb, "/v1/cancel", { cancel_orders: [entry(c)] })
    const held = await h.authorise(sb, { notify_url: rx.url, card: "4000000000009995" })
    await h.acq(sb, "/v1/review", { review_orders: [entry(held, { review_flag: "0" })] })
    const tds = await h.authorise(sb, { notify_url: rx.url, card: "4000000000003220" })
    await fetch(tds.issuer_url, { method: "POST", body: new URLSearchParams({ outcome: "pass" }), redirect: "manual" })

    const expected = 9 // 3 PAYMENT (a, c, held) + CAPTURE + REFUND RECEIVED + REFUND RESULT + CANCEL + REVIEW RESULT + PAYMENT (3DS)
    await h.waitFor(() => rx.received.length >= expected)
    const got = rx.received.map(parse)
    const byType = (t) => got.filter((b) => b.notify_type === t)
    expect(byType("PAYMENT")).toHaveLength(4)
    expect(byType("CAPTURE")[0]).toEqual(expect.objectContaining({ transaction_id: a.transaction_id, payment_status: "3000" }))
    expect(byType("REFUND RECEIVED")[0]).toEqual(expect.objectContaining({ refund_reference: "r1", refund_reference_id: `${a.transaction_id}-01`, refund_amount: "1.00", refund_status: "0" }))
    expect(byType("REFUND RESULT")[0]).toEqual(expect.objectContaining({ refund_status: "1", payment_status: "4000" }))
    expect(byType("CANCEL")[0]).toEqual(expect.objectContaining({ transaction_id: c.transaction_id, payment_status: "5000" }))
    const review = rx.received.find((m) => parse(m).notify_type === "REVIEW RESULT")
    expect(review.headers["content-type"]).toMatch(/application\/x-www-form-urlencoded/)
    expect(parse(review)).toEqual(expect.objectContaining({ transaction_id: held.transaction_id, review_status: "1", order_status: "0", payment_status: "6000" }))
    const tdsDone = byType("PAYMENT").find((b) => b.transaction_id === tds.transaction_id)
    expect(tdsDone).toEqual(expect.objectContaining({ order_status: "1", payment_status: "2000" }))
    for (const b of got) expect(b.encryption_data).toBe(h.acqSign("response", b))
    expect(new Set(got.map((b) => b.notify_id)).size).toBe(got.length)
    const filtered = await listNotifications(`?notify_type=${encodeURIComponent("REVIEW RESULT")}`)
    expect(filtered).toHaveLength(1)
  } finally {
    await rx.close()
  }
})

test("disputes: received and result, form-encoded", async () => {
  const rx = await h.receiver([200])
  try {
    const x = await h.capturedPayment(sb, { notify_url: rx.url })
    const notCaptured = await h.authorise(sb)
    expect((await fetch(`${sb.url}/sandbox/disputes`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ transaction_id: notCaptured.transaction_id }) })).status).toBe(409)
    const opened = await fetch(`${sb.url}/sandbox/disputes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ transaction_id: x.transaction_id, amount: "10.36", reason: "Fraud" }),
    })
    expect(opened.status).toBe(201)
    const d = await opened.json()
    const resolved = await fetch(`${sb.url}/sandbox/disputes/${d.dispute_id}`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"outcome":"lost"}' })
    expect((await resolved.json()).dispute_status).toBe("LOST")
    await h.waitFor(() => rx.received.filter((m) => parse(m).notify_type.startsWith("DISPUTE")).length >= 2)
    const ds = rx.received.filter((m) => parse(m).notify_type.startsWith("DISPUTE"))
    expect(ds[0].headers["content-type"]).toMatch(/x-www-form-urlencoded/)
    expect(parse(ds[0])).toEqual(expect.objectContaining({ notify_type: "DISPUTE RECEIVED", dispute_amount: "10.36", dispute_reason: "Fraud", transaction_id: x.transaction_id }))
    expect(parse(ds[1])).toEqual(expect.objectContaining({ notify_type: "DISPUTE RESULT", dispute_status: "LOST" }))
    expect(parse(ds[1]).encryption_data).toBe(h.acqSign("response", parse(ds[1])))
  } finally {
    await rx.close()
  }
})

test("payout notification: payout fields, signed with the payout formula", async () => {
  const rx = await h.receiver([200])
  try {
    const req = { request_id: "po_1", payment_amount: "150.00", payment_currency: "AUD", reference: "x", notify_url: rx.url }
    await h.acq(sb, "/v1/payout", req)
    await h.waitFor(() => rx.received.length >= 1)
    const b = parse(rx.received[0])
    expect(b).toEqual(expect.objectContaining({ notify_type: "PAYOUT", request_id: "po_1", status: "COMPLETED", payment_amount: "150.00", payment_currency: "AUD" }))
    expect(b.encryption_data).toBe(h.acqSign("/v1/payout", b))
  } finally {
    await rx.close()
  }
})

test("refund settled later by the refund delay notifies REFUND RESULT", async () => {
  const slow = await startSandbox({ port: 0, quiet: true, refundDelayMs: 30 })
  const rx = await h.receiver([200])
  try {
    const x = await h.capturedPayment(slow, { notify_url: rx.url })
    await h.acq(slow, "/v1/refund", { refund_orders: [entry(x, { refund_amount: "10.36" })] })
    const result = await h.waitFor(() => rx.received.map(parse).find((b) => b.notify_type === "REFUND RESULT"))
    expect(result).toEqual(expect.objectContaining({ refund_status: "1", payment_status: "4100" }))
  } finally {
    await slow.close()
    await rx.close()
  }
})

test("bad_signature fault on path 'notifications' corrupts notification signatures", async () => {
  const rx = await h.receiver([200])
  try {
    sb.setFaults([{ path: "notifications", fault: "bad_signature", times: 1 }])
    await h.authorise(sb, { notify_url: rx.url })
    await h.authorise(sb, { notify_url: rx.url })
    await h.waitFor(() => rx.received.length >= 2)
    const ok = rx.received.map(parse).map((b) => b.encryption_data === h.acqSign("response", b))
    expect(ok.sort()).toEqual([false, true])
  } finally {
    await rx.close()
  }
})

test("close() cancels pending retries", async () => {
  const other = await startSandbox({ port: 0, quiet: true, notifyBaseMs: 60000 })
  const rx = await h.receiver([500])
  try {
    await h.authorise(other, { notify_url: rx.url })
    await h.waitFor(() => rx.received.length >= 1)
  } finally {
    await other.close()
    await rx.close()
  }
  expect(other.store.transactions.size).toBe(1)
})
