"use strict"
/**
 * Subscriptions [assumed, sandbox]: the subscription clock, recurring deductions, their SUBSCRIPTION
 * notifications, the decline control, cancellation and the order query's view (sandbox README, "Subscriptions").
 */
const h = require("./helpers")
const { addIntervals } = require("../lib/subscriptions")

const sb = h.useSandbox({ notifyBaseMs: 20, notifyAttempts: 2 })

const DAY = 86400
const SUB = { contract: "C-1", contract_name: "Gold plan", interval: "day", interval_count: "1" }

async function control(method, path, body) {
  const res = await fetch(sb.url + path, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, json: await res.json() }
}
const advance = (body) => control("POST", "/sandbox/clock", body)
const contract = async (id) => (await control("GET", `/sandbox/subscriptions/${id}`)).json

/** A payment with a subscription, notifications to a fresh receiver. */
async function subscribe(sub = {}, overrides = {}) {
  const rx = await h.receiver([200])
  const x = await h.authorise(sb, { notify_url: rx.url, subscription: { ...SUB, ...sub }, ...overrides })
  return { x, rx }
}

/** The SUBSCRIPTION notifications received so far, parsed, in arrival order. */
function subscriptionNotes(rx) {
  return rx.received.map((m) => JSON.parse(m.body)).filter((b) => b.notify_type === "SUBSCRIPTION")
}
async function waitNotes(rx, n) {
  await h.waitFor(() => subscriptionNotes(rx).length >= n)
  await new Promise((r) => setTimeout(r, 30)) // and no more than n
  const notes = subscriptionNotes(rx)
  expect(notes).toHaveLength(n)
  return notes
}

const ms = (dateTime) => Date.parse(dateTime.replace(" ", "T") + "Z")

test("an approved payment with subscription creates an active contract due one interval after the clock's now", async () => {
  const before = Date.now()
  const { x } = await subscribe({ contract_amount: "4.99" })
  const c = await contract(x.recurring_id)
  expect(c).toEqual(
    expect.objectContaining({
      recurring_id: x.recurring_id,
      transaction_id: x.transaction_id,
      order_no: x.order_no,
      contract_name: "Gold plan",
      amount: "4.99",
      currency: "USD",
      recurring_status: "1",
      recurring_deduction_period: "1 day",
      recurring_deduction_time: x.recurring_deduction_time,
      next_deduction: "approve",
      ended_by: null,
      deductions: [],
    })
  )
  const due = ms(x.recurring_deduction_time)
  expect(due).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + DAY * 1000)
  expect(due).toBeLessThanOrEqual(Date.now() + DAY * 1000)
  const list = (await control("GET", "/sandbox/subscriptions")).json
  expect(list.map((s) => s.recurring_id)).toEqual([x.recurring_id])
  // a declined payment creates none
  const d = await h.authorise(sb, { card: "4000000000000002", subscription: SUB })
  expect(d.recurring_id).toBe("")
  expect((await control("GET", "/sandbox/subscriptions")).json).toHaveLength(1)
})

test("advancing past the due time makes exactly one deduction and one signed SUBSCRIPTION notification", async () => {
  const { x, rx } = await subscribe({ contract_amount: "4.99" })
  const short = await advance({ advance_seconds: 3600 })
  expect(short.status).toBe(200)
  expect(short.json.deductions).toEqual([])

  const r = await advance({ advance_days: 1 })
  expect(r.status).toBe(200)
  expect(r.json.deductions).toHaveLength(1)
  const d = r.json.deductions[0]
  expect(d).toEqual({
    recurring_id: x.recurring_id,
    transaction_id: expect.stringMatching(/^T/),
    order_no: x.order_no,
    amount: "4.99",
    currency: "USD",
    payment_status: "3000",
    order_status: "1",
    result_info: "0000:Success",
    deducted_at: new Date(ms(x.recurring_deduction_time)).toISOString(),
  })
  expect(d.transaction_id).not.toBe(x.transaction_id)
  const tx = (await control("GET", `/sandbox/transactions/${d.transaction_id}`)).json
  expect(tx).toEqual(
    expect.objectContaining({
      order_no: x.order_no,
      merchant_id: "701001",
      account_id: "701001010",
      card: x.card,
      recurring_id: x.recurring_id,
      captured_amount: "4.99",
      channel: "recurring",
    })
  )

  const [n] = await waitNotes(rx, 1)
  expect(n).toEqual(
    expect.objectContaining({
      notify_type: "SUBSCRIPTION",
      merchant_id: "701001",
      account_id: "701001010",
      transaction_id: d.transaction_id,
      order_no: x.order_no,
      currency: "USD",
      amount: "4.99",
      order_status: "1",
      result_info: "0000:Success",
      payment_status: "3000",
      recurring_id: x.recurring_id,
      contract_name: "Gold plan",
      recurring_deduction_period: "1 day",
      recurring_status: "1",
    })
  )
  expect(n.encryption_data).toBe(h.acqSign("response", n))
  // the next due time, one interval after the one just deducted
  expect(ms(n.recurring_deduction_time)).toBe(ms(x.recurring_deduction_time) + DAY * 1000)
  expect((await contract(x.recurring_id)).recurring_deduction_time).toBe(n.recurring_deduction_time)
  // listed and replayable with the existing machinery
  const listed = (await control("GET", `/sandbox/notifications?notify_type=SUBSCRIPTION`)).json
  expect(listed.map((l) => l.notify_id)).toEqual([n.notify_id])
  const again = await control("POST", `/sandbox/notifications/${n.notify_id}/resend`, {})
  expect(again.status).toBe(202)
  await h.waitFor(() => rx.received.filter((m) => JSON.parse(m.body).notify_id === n.notify_id).length === 2)
})

test("an advance over three intervals catches up three deductions, oldest first, without contract_amount the payment's amount", async () => {
  const { x, rx } = await subscribe()
  const r = await advance({ advance_seconds: 3 * DAY + 60 })
  expect(r.json.deductions).toHaveLength(3)
  const due0 = ms(x.recurring_deduction_time)
  expect(r.json.deductions.map((d) => Date.parse(d.deducted_at))).toEqual([
    due0,
    due0 + DAY * 1000,
    due0 + 2 * DAY * 1000,
  ])
  expect(r.json.deductions.every((d) => d.amount === "10.36" && d.payment_status === "3000")).toBe(true)
  expect(new Set(r.json.deductions.map((d) => d.transaction_id)).size).toBe(3)
  const notes = await waitNotes(rx, 3)
  expect(notes.map((n) => n.transaction_id)).toEqual(r.json.deductions.map((d) => d.transaction_id))
  expect(notes.map((n) => ms(n.recurring_deduction_time))).toEqual([
    due0 + DAY * 1000,
    due0 + 2 * DAY * 1000,
    due0 + 3 * DAY * 1000,
  ])
  expect((await contract(x.recurring_id)).deductions.map((d) => d.transaction_id)).toEqual(
    notes.map((n) => n.transaction_id)
  )
})

test("several contracts are caught up in due-time order; interval_count and week intervals", async () => {
  const { x: daily } = await subscribe({ interval_count: "2" })
  const { x: weekly } = await subscribe({ interval: "week", interval_count: "1" })
  expect((await contract(daily.recurring_id)).recurring_deduction_period).toBe("2 day")
  const r = await advance({ advance_days: 7 })
  const ids = r.json.deductions.map((d) => d.recurring_id)
  expect(ids).toEqual([daily.recurring_id, daily.recurring_id, daily.recurring_id, weekly.recurring_id])
  const times = r.json.deductions.map((d) => Date.parse(d.deducted_at))
  expect([...times].sort((a, b) => a - b)).toEqual(times)
})

test("billing_cycle: that many deductions, the last one's notification says recurring_status 0, then nothing", async () => {
  const { x, rx } = await subscribe({ billing_cycle: 2 })
  const r = await advance({ advance_days: 5 })
  expect(r.json.deductions).toHaveLength(2)
  const notes = await waitNotes(rx, 2)
  expect(notes.map((n) => n.recurring_status)).toEqual(["1", "0"])
  const c = await contract(x.recurring_id)
  expect(c).toEqual(expect.objectContaining({ recurring_status: "0", ended_by: "billing_cycle", billing_cycle: 2 }))
  expect((await advance({ advance_days: 5 })).json.deductions).toEqual([])
  await new Promise((r) => setTimeout(r, 50))
  expect(subscriptionNotes(rx)).toHaveLength(2)
})

test("contract_end: no deduction due after that date", async () => {
  const end = new Date(Date.now() + 2 * DAY * 1000).toISOString().slice(0, 10)
  const { x, rx } = await subscribe({ contract_end: end })
  const r = await advance({ advance_days: 6 })
  expect(r.json.deductions).toHaveLength(2)
  expect(r.json.deductions.every((d) => d.deducted_at.slice(0, 10) <= end)).toBe(true)
  const notes = await waitNotes(rx, 2)
  expect(notes.map((n) => n.recurring_status)).toEqual(["1", "0"])
  expect(await contract(x.recurring_id)).toEqual(
    expect.objectContaining({ recurring_status: "0", ended_by: "contract_end", contract_end: end })
  )
  // an end before the first due time: the contract is never active
  const today = new Date().toISOString().slice(0, 10)
  const { x: short } = await subscribe({ contract_end: today })
  expect((await contract(short.recurring_id)).recurring_status).toBe("0")
  expect((await advance({ advance_days: 3 })).json.deductions).toEqual([])
})

test("the decline control makes the next deduction a declined transaction; the contract stays active", async () => {
  const { x, rx } = await subscribe()
  expect((await control("POST", `/sandbox/subscriptions/${x.recurring_id}`, { next_deduction: "maybe" })).json).toEqual(
    expect.objectContaining({ field: "next_deduction" })
  )
  expect((await control("POST", `/sandbox/subscriptions/RCnope`, { next_deduction: "decline" })).status).toBe(404)
  const set = await control("POST", `/sandbox/subscriptions/${x.recurring_id}`, { next_deduction: "decline" })
  expect(set.status).toBe(200)
  expect(set.json.next_deduction).toBe("decline")

  const r = await advance({ advance_days: 2 })
  expect(r.json.deductions.map((d) => [d.payment_status, d.order_status, d.result_info])).toEqual([
    ["6000", "0", "D0002:Card declined"],
    ["3000", "1", "0000:Success"],
  ])
  const declined = (await control("GET", `/sandbox/transactions/${r.json.deductions[0].transaction_id}`)).json
  expect(declined.captured_amount).toBe("0.00")
  const notes = await waitNotes(rx, 2)
  expect(notes.map((n) => [n.payment_status, n.order_status, n.recurring_status])).toEqual([
    ["6000", "0", "1"],
    ["3000", "1", "1"],
  ])
  expect(await contract(x.recurring_id)).toEqual(
    expect.objectContaining({ recurring_status: "1", next_deduction: "approve" })
  )
})

test("cancelsubscription sends one SUBSCRIPTION notification with the first payment's fields and stops deductions", async () => {
  const { x, rx } = await subscribe()
  await advance({ advance_days: 1 })
  await waitNotes(rx, 1)
  const ok = await h.acq(sb, "/v1/cancelsubscription", { recurring_id: x.recurring_id, contract_name: "Gold plan" })
  expect(ok.json.cancel_status).toBe("1")
  const notes = await waitNotes(rx, 2)
  expect(notes[1]).toEqual(
    expect.objectContaining({
      notify_type: "SUBSCRIPTION",
      transaction_id: x.transaction_id,
      order_no: x.order_no,
      amount: "10.36",
      payment_status: "2000",
      order_status: "1",
      result_info: "0000:Success",
      recurring_id: x.recurring_id,
      contract_name: "Gold plan",
      recurring_status: "0",
    })
  )
  expect(notes[1].encryption_data).toBe(h.acqSign("response", notes[1]))
  expect(await contract(x.recurring_id)).toEqual(
    expect.objectContaining({ recurring_status: "0", ended_by: "cancelled" })
  )
  expect((await advance({ advance_days: 5 })).json.deductions).toEqual([])
  // a second cancel answers as before and sends nothing
  expect(
    (await h.acq(sb, "/v1/cancelsubscription", { recurring_id: x.recurring_id, contract_name: "Gold plan" })).json
      .cancel_status
  ).toBe("1")
  await new Promise((r) => setTimeout(r, 50))
  expect(subscriptionNotes(rx)).toHaveLength(2)
  expect(
    (await control("POST", `/sandbox/subscriptions/${x.recurring_id}`, { next_deduction: "decline" })).status
  ).toBe(409)
})

test("the order query finds the deductions by order_no and transaction_id, each with the contract's state; they are refundable", async () => {
  const { x } = await subscribe({ contract_amount: "2.50" })
  const r = await advance({ advance_days: 2 })
  const [d1, d2] = r.json.deductions
  const byOrder = await h.acq(sb, "/v1/retrievalTrans", { orders: x.order_no })
  expect(byOrder.json.orders_list.map((t) => t.transaction_id)).toEqual([
    x.transaction_id,
    d1.transaction_id,
    d2.transaction_id,
  ])
  expect(byOrder.json.orders_list.map((t) => [t.amount, t.payment_status, t.query_result])).toEqual([
    ["10.36", "2000", "1"],
    ["2.50", "3000", "1"],
    ["2.50", "3000", "1"],
  ])
  for (const t of byOrder.json.orders_list) {
    expect(t.subscription_result).toEqual({
      contract_name: "Gold plan",
      recurring_deduction_period: "1 day",
      recurring_deduction_time: (await contract(x.recurring_id)).recurring_deduction_time,
      recurring_id: x.recurring_id,
      recurring_status: "1",
    })
  }
  const byTrade = await h.acq(sb, "/v1/retrievalTrans", { trades: d2.transaction_id })
  expect(byTrade.json.orders_list).toHaveLength(1)
  expect(byTrade.json.orders_list[0].transaction_date).toBe(d2.deducted_at.replace(/[-T:]/g, "").slice(0, 14))

  const refund = await h.acq(sb, "/v1/refund", {
    refund_orders: [
      {
        transaction_id: d1.transaction_id,
        order_no: x.order_no,
        currency: "USD",
        amount: "2.50",
        refund_amount: "2.50",
      },
    ],
  })
  expect(refund.json.refund_orders[0]).toEqual(
    expect.objectContaining({ refund_status: "1", refund_reference_id: expect.stringContaining(d1.transaction_id) })
  )

  await h.acq(sb, "/v1/cancelsubscription", { recurring_id: x.recurring_id, contract_name: "Gold plan" })
  const after = await h.acq(sb, "/v1/retrievalTrans", { orders: x.order_no })
  expect(after.json.orders_list.map((t) => t.subscription_result.recurring_status)).toEqual(["0", "0", "0"])
})

test("the clock: GET, validation errors name the field, reset sets it back", async () => {
  const start = (await control("GET", "/sandbox/clock")).json
  expect(Math.abs(Date.parse(start.now) - Date.now())).toBeLessThan(5000)
  expect(start.offset_seconds).toBe(0)
  const bad = [
    [{}, "advance_seconds"],
    [{ advance_seconds: 0 }, "advance_seconds"],
    [{ advance_seconds: -5 }, "advance_seconds"],
    [{ advance_seconds: 1.5 }, "advance_seconds"],
    [{ advance_seconds: "60" }, "advance_seconds"],
    [{ advance_days: 0 }, "advance_days"],
    [{ advance_days: null }, "advance_days"],
    [{ advance_days: 4000 }, "advance_days"],
    [{ advance_days: 1, advance_seconds: 1 }, "advance_days"],
  ]
  for (const [body, field] of bad) {
    const r = await advance(body)
    expect([r.status, r.json.field]).toEqual([400, field])
    expect(r.json.error).toContain(field)
  }
  expect((await control("GET", "/sandbox/clock")).json.offset_seconds).toBe(0)

  const moved = await advance({ advance_days: 2 })
  expect(moved.json.offset_seconds).toBe(2 * DAY)
  expect(Date.parse(moved.json.now) - Date.now()).toBeGreaterThan(2 * DAY * 1000 - 5000)
  const { x } = await subscribe()
  // a contract made now is due one interval after the clock's now, not real time
  expect(ms(x.recurring_deduction_time)).toBeGreaterThan(Date.now() + 3 * DAY * 1000 - 5000)
  expect(Math.abs(sb.now().getTime() - Date.parse(moved.json.now))).toBeLessThan(5000)

  expect((await control("POST", "/sandbox/reset", {})).status).toBe(200)
  const after = (await control("GET", "/sandbox/clock")).json
  expect(after.offset_seconds).toBe(0)
  expect(Math.abs(Date.parse(after.now) - Date.now())).toBeLessThan(5000)
  expect((await control("DELETE", "/sandbox/clock")).status).toBe(405)
})

test("programmatic advanceClock() deducts like the route and refuses a bad number", async () => {
  const { x } = await subscribe()
  expect(() => sb.advanceClock(0)).toThrow(TypeError)
  expect(() => sb.advanceClock(-1)).toThrow(/advance_seconds/)
  const r = sb.advanceClock(DAY)
  expect(r.deductions.map((d) => d.recurring_id)).toEqual([x.recurring_id])
  expect(r.offset_seconds).toBe(DAY)
})

test("subscription fields the sandbox acts on are checked: I0002 naming the field", async () => {
  const cases = [
    [{ interval: "fortnight" }, "subscription.interval"],
    [{ interval_count: "0" }, "subscription.interval_count"],
    [{ billing_cycle: "two" }, "subscription.billing_cycle"],
    [{ contract_end: "2030/01/01" }, "subscription.contract_end"],
    [{ contract_start: "2030-02-30" }, "subscription.contract_start"],
    [{ contract_amount: "9.9" }, "subscription.contract_amount"],
    [{ contract_amount: "0.00" }, "subscription.contract_amount"],
  ]
  for (const [sub, source] of cases) {
    const r = await h.acq(sb, "/v1/authorise", h.payment({ subscription: { ...SUB, ...sub } }))
    expect([r.status, r.json && r.json.code, r.json && r.json.source]).toEqual([400, "I0002", source])
  }
  const ok = await h.authorise(sb, {
    subscription: { ...SUB, interval: "Month", billing_cycle: 3, promotion_cycle: "0", contract_start: "2030-01-01" },
  })
  expect((await contract(ok.recurring_id)).recurring_deduction_period).toBe("1 month")
})

test("month and year intervals count from the contract's start, clamped to the month's end without drifting", () => {
  const start = new Date("2024-01-31T10:00:00Z")
  expect([1, 2, 3].map((n) => addIntervals(start, "month", n).toISOString())).toEqual([
    "2024-02-29T10:00:00.000Z",
    "2024-03-31T10:00:00.000Z",
    "2024-04-30T10:00:00.000Z",
  ])
  expect(addIntervals(new Date("2024-02-29T00:00:00Z"), "year", 1).toISOString()).toBe("2025-02-28T00:00:00.000Z")
  expect(addIntervals(start, "week", 2).toISOString()).toBe("2024-02-14T10:00:00.000Z")
})
