// @ts-check
"use strict"
/**
 * Recurring contracts: created by an approved payment that carries `subscription` (interface.md), ended by
 * /v1/cancelsubscription (gateway-notes.md). What happens between the two is not documented; the sandbox's
 * choices are [assumed] (sandbox README, "Subscriptions"; docs/gateway-contract.md, "Sandbox notes"):
 * when the subscription clock (clock.js) passes a contract's recurring_deduction_time while it is active, one
 * deduction per due time, oldest first: a captured transaction on the same order_no, or a declined one when the
 * control asked for it, each with a SUBSCRIPTION notification.
 */
const money = require("./money")
const time = require("./time")
const v = require("./validation")
const S = require("./store")
const events = require("./events")

const INTERVALS = /** @type {const} */ (["day", "week", "month", "year"])

/** A whole number given as a JSON number or a digit string; null when it is neither. @param {unknown} x */
function wholeNumber(x) {
  if (typeof x === "number") return Number.isInteger(x) && x >= 0 ? x : null
  if (typeof x === "string" && /^[0-9]{1,9}$/.test(x.trim())) return Number(x.trim())
  return null
}

/**
 * Field checks of a payment's `subscription` object (already known to be an object): the fields the sandbox
 * acts on must be usable. I0002 with `source` naming the field, e.g. `subscription.interval`.
 * @param {Record<string, any>} sub @param {string} currency the order currency (already validated)
 */
function validateSubscription(sub, currency) {
  const bad = (/** @type {string} */ f, /** @type {string} */ why) =>
    v.fail("I0002", `subscription.${f}`, `subscription.${f} ${why}`)
  if (!v.isBlank(sub.interval) && !INTERVALS.includes(/** @type {any} */ (String(sub.interval).toLowerCase())))
    return bad("interval", "must be day, week, month or year")
  if (!v.isBlank(sub.interval_count) && !(wholeNumber(sub.interval_count) || 0))
    return bad("interval_count", "must be a whole number greater than 0")
  for (const f of ["billing_cycle", "promotion_cycle"]) {
    if (!v.isBlank(sub[f]) && wholeNumber(sub[f]) === null) return bad(f, "must be a whole number")
  }
  for (const f of ["contract_start", "contract_end"]) {
    if (!v.isBlank(sub[f]) && !isDay(sub[f])) return bad(f, "must be a date year-month-day (YYYY-MM-DD)")
  }
  if (!v.isBlank(sub.contract_amount)) {
    const minor = money.parseStrict(sub.contract_amount, currency)
    if (minor === null || minor <= 0n)
      return bad(
        "contract_amount",
        `must be an amount greater than zero with ${money.exponentOf(currency)} decimals for ${currency}`
      )
  }
  return null
}

/** @param {unknown} x */
function isDay(x) {
  if (typeof x !== "string" || !/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/.test(x)) return false
  const d = new Date(`${x}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && time.ymd(d) === x
}

/**
 * `anchor` moved forward by `n` intervals (from the anchor each time, so month ends do not drift).
 * @param {Date} anchor @param {string} interval @param {number} n
 */
function addIntervals(anchor, interval, n) {
  const d = new Date(anchor.getTime())
  if (interval === "day") d.setUTCDate(d.getUTCDate() + n)
  else if (interval === "week") d.setUTCDate(d.getUTCDate() + 7 * n)
  else if (interval === "year") return time.addMonths(anchor, 12 * n)
  else return time.addMonths(anchor, n)
  return d
}

/**
 * The contract of an approved first payment.
 * @param {any} ctx @param {any} tx the first payment @param {Record<string, any>} sub the request's `subscription`
 */
function createSubscription(ctx, tx, sub) {
  const store = ctx.store
  store.seq.recurring += 1
  // whole seconds: the wire's recurring_deduction_time has no fraction, and the due times are exactly what it says
  const now = new Date(Math.floor(ctx.clock.now().getTime() / 1000) * 1000)
  const interval = v.isBlank(sub.interval) ? "month" : String(sub.interval).toLowerCase()
  const count = wholeNumber(sub.interval_count) || 1
  const cycles = wholeNumber(sub.billing_cycle)
  const amountGiven = !v.isBlank(sub.contract_amount)
  const rec = {
    recurring_id: `RC${time.digits8(now)}${String(store.seq.recurring).padStart(5, "0")}`,
    merchant_id: tx.merchant_id,
    account_id: tx.account_id,
    transaction_id: tx.transaction_id,
    order_no: tx.order_no,
    currency: tx.currency,
    amount: amountGiven ? String(sub.contract_amount) : tx.amount,
    amount_minor: amountGiven
      ? /** @type {bigint} */ (money.parseStrict(sub.contract_amount, tx.currency))
      : tx.amount_minor,
    contract: v.isBlank(sub.contract) ? "" : String(sub.contract),
    contract_name: String(sub.contract_name || sub.contract || ""),
    interval,
    interval_count: count,
    // 0 or absent: no limit
    billing_cycle: cycles ? cycles : null,
    promotion_cycle: wholeNumber(sub.promotion_cycle),
    contract_start: v.isBlank(sub.contract_start) ? null : String(sub.contract_start),
    contract_end: v.isBlank(sub.contract_end) ? null : String(sub.contract_end),
    price_id: v.isBlank(sub.price_id) ? null : String(sub.price_id),
    recurring_deduction_period: `${count} ${interval}`,
    recurring_deduction_time: "",
    recurring_status: "1",
    /** @type {null | "cancelled" | "billing_cycle" | "contract_end"} */
    ended_by: null,
    /** @type {"approve" | "decline"} what the next deduction does (POST /sandbox/subscriptions/{id}) */
    next_deduction: "approve",
    anchor: now,
    next_due: now,
    created_at: now,
    /** @type {any[]} */
    deductions: [],
  }
  scheduleNext(rec)
  store.subscriptions.set(rec.recurring_id, rec)
  return rec
}

/**
 * After creation or a deduction: the next due time is the anchor plus (deductions + 1) intervals; the contract
 * ends when its billing cycles are used up or that time falls after contract_end.
 * @param {any} rec
 */
function scheduleNext(rec) {
  rec.next_due = addIntervals(rec.anchor, rec.interval, rec.interval_count * (rec.deductions.length + 1))
  rec.recurring_deduction_time = time.dateTime(rec.next_due)
  if (rec.billing_cycle !== null && rec.deductions.length >= rec.billing_cycle) end(rec, "billing_cycle")
  else if (rec.contract_end !== null && time.ymd(rec.next_due) > rec.contract_end) end(rec, "contract_end")
}

/** @param {any} rec @param {"cancelled" | "billing_cycle" | "contract_end"} why */
function end(rec, why) {
  rec.recurring_status = "0"
  rec.ended_by = why
}

/** The recurring fields a SUBSCRIPTION notification adds to the transaction's. @param {any} rec */
function recurringFields(rec) {
  return {
    recurring_id: rec.recurring_id,
    contract_name: rec.contract_name,
    recurring_deduction_period: rec.recurring_deduction_period,
    recurring_deduction_time: rec.recurring_deduction_time,
    recurring_status: rec.recurring_status,
  }
}

/**
 * One deduction, due at `due`: a new transaction on the first payment's order, captured at once (3000) or
 * declined (6000) when the control asked for it; the contract moves one interval on either way.
 * @param {any} ctx @param {any} rec
 */
function deduct(ctx, rec) {
  const store = ctx.store
  const due = rec.next_due
  const first = store.transactions.get(rec.transaction_id) || {}
  const decline = rec.next_deduction === "decline"
  rec.next_deduction = "approve"
  const outcome = decline
    ? { payment_status: S.PS.DECLINED, order_status: "0", result_info: S.RESULT.DECLINED }
    : { payment_status: S.PS.CAPTURED, order_status: "1", result_info: S.RESULT.SUCCESS }
  const tx = S.createTransaction(
    store,
    {
      merchant_id: rec.merchant_id,
      account_id: rec.account_id,
      order_no: rec.order_no,
      currency: rec.currency,
      amount: rec.amount,
      channel: "recurring",
      card_masked: first.card || "",
      notify_url: first.notify_url,
      website: first.website,
      shopper_email: first.shopper_email,
      shopper_phone: first.shopper_phone,
      recurring_id: rec.recurring_id,
      risk_reasons: [{ name: "card_velocity", status: "PASS" }],
      delivery_information: first.delivery_information,
      ...outcome,
    },
    due
  )
  // a recurring deduction settles at once: all of it is captured (refundable, disputable)
  if (!decline) tx.captured_minor = /** @type {bigint} */ (tx.amount_minor)
  tx.history[0].event = `recurring deduction ${rec.deductions.length + 1} of ${rec.recurring_id}`
  const entry = {
    recurring_id: rec.recurring_id,
    transaction_id: tx.transaction_id,
    order_no: tx.order_no,
    amount: tx.amount,
    currency: tx.currency,
    payment_status: tx.payment_status,
    order_status: tx.order_status,
    result_info: tx.result_info,
    deducted_at: due.toISOString(),
  }
  rec.deductions.push(entry)
  scheduleNext(rec)
  events.notifyTransaction(ctx, tx, "SUBSCRIPTION", recurringFields(rec))
  return entry
}

/**
 * Every deduction due by the clock's now, across contracts, oldest due time first.
 * @param {any} ctx @returns {any[]} the deductions made
 */
function runDue(ctx) {
  const now = ctx.clock.now().getTime()
  const made = []
  for (;;) {
    let next = null
    for (const rec of ctx.store.subscriptions.values()) {
      if (rec.recurring_status !== "1" || rec.next_due.getTime() > now) continue
      if (!next || rec.next_due.getTime() < next.next_due.getTime()) next = rec
    }
    if (!next) return made
    made.push(deduct(ctx, next))
  }
}

/**
 * /v1/cancelsubscription on an active contract: inactive from now on, and one SUBSCRIPTION notification with
 * the first payment's transaction fields. Cancelling an inactive one changes nothing and sends nothing.
 * @param {any} ctx @param {any} rec
 */
function cancelSubscription(ctx, rec) {
  if (rec.recurring_status !== "1") return
  end(rec, "cancelled")
  const first = ctx.store.transactions.get(rec.transaction_id)
  if (first) events.notifyTransaction(ctx, first, "SUBSCRIPTION", recurringFields(rec))
}

/** The contract as GET /sandbox/subscriptions shows it (JSON-safe). @param {any} rec */
function subscriptionState(rec) {
  const { amount_minor, anchor, next_due, created_at, deductions, ...rest } = rec
  return {
    ...rest,
    created_at: created_at.toISOString(),
    deductions: deductions.map((/** @type {any} */ d) => ({ ...d })),
  }
}

module.exports = {
  INTERVALS,
  validateSubscription,
  createSubscription,
  runDue,
  cancelSubscription,
  subscriptionState,
  recurringFields,
  addIntervals,
}
