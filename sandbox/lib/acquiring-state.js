// @ts-check
"use strict"
/**
 * The acquiring ledger over the store (./store.js): transactions and their refunds, and the state rules that move
 * them (docs/gateway-contract.md "Capture, cancel, review, refund", "Order query").
 * Amounts are kept as integer minor units (BigInt) next to their decimal text.
 */
const crypto = require("node:crypto")
const money = require("./money")
const time = require("./time")
const { PS, RS, LIVE_STATUSES, CAPTURED_STATUSES, RESULT, REFUSAL } = require("./codes")

/** @typedef {import("./store").Store} Store */

/** Optional texts a transaction keeps from its payment request ("" when not sent). */
const REQUEST_TEXTS = /** @type {const} */ ([
  "notify_url",
  "return_url",
  "website",
  "shopper_email",
  "shopper_phone",
  "note",
  "token_id",
  "recurring_id",
])

/** The delivery address fields of a payment request, in the order the order query lists them. */
const DELIVERY_FIELDS = /** @type {const} */ ([
  "delivery_address",
  "delivery_city",
  "delivery_country",
  "delivery_firstname",
  "delivery_lastname",
  "delivery_postal_code",
  "delivery_state",
])

/**
 * `name: text` for each of `names`, in that order (answers list their fields in order); "" where `src` has none.
 * @template {string} K
 * @param {Record<string, any>} src @param {readonly K[]} names
 * @returns {Record<K, string>}
 */
function textsOf(src, names) {
  const out = /** @type {Record<K, string>} */ ({})
  for (const n of names) out[n] = src[n] || ""
  return out
}

/** @param {Store} store @param {Date} now */
function nextTransactionId(store, now) {
  store.seq.transaction += 1
  return `T${time.digits8(now)}${String(store.seq.transaction).padStart(5, "0")}`
}

/** @param {string} pan */
function maskCard(pan) {
  if (!pan) return ""
  if (pan.length <= 10) return pan.slice(0, 2) + "*".repeat(Math.max(0, pan.length - 4)) + pan.slice(-2)
  return pan.slice(0, 6) + "*".repeat(pan.length - 10) + pan.slice(-4)
}

/**
 * Create and store a transaction.
 * @param {Store} store
 * @param {Record<string, any>} f
 * @param {Date} [now] when it happens (a subscription deduction passes the subscription clock's due time)
 */
function createTransaction(store, f, now = new Date()) {
  store.seq.reference += 1
  const tx = {
    transaction_id: nextTransactionId(store, now),
    reference_no: `R${time.digits8(now)}${String(store.seq.reference).padStart(6, "0")}`,
    merchant_id: f.merchant_id,
    account_id: f.account_id,
    order_no: f.order_no,
    currency: f.currency,
    amount: f.amount,
    amount_minor: money.parseStrict(f.amount, f.currency),
    payment_status: f.payment_status,
    order_status: f.order_status,
    result_info: f.result_info,
    threeds_result: f.threeds_result || "",
    is3ds: f.is3ds || "0",
    risk_action: f.risk_action || "ACCEPT",
    risk_score: f.risk_score || "10",
    risk_reasons: f.risk_reasons || [],
    card: f.card_masked || "",
    channel: f.channel || "direct",
    payment_method: f.payment_method || "",
    pending_kind: f.pending_kind || null,
    captured_minor: 0n,
    chargeback_minor: 0n,
    refund_seq: 0,
    refund_ids: /** @type {string[]} */ ([]),
    ...textsOf(f, REQUEST_TEXTS),
    delivery_information: f.delivery_information || {},
    created_at: now,
    updated_at: now,
    history: [{ at: now.toISOString(), payment_status: f.payment_status, event: "created" }],
  }
  store.transactions.set(tx.transaction_id, tx)
  const sameOrder = store.transactionsByOrderNo.get(tx.order_no)
  if (sameOrder) sameOrder.push(tx)
  else store.transactionsByOrderNo.set(tx.order_no, [tx])
  return tx
}

/** @param {any} tx @param {string} status @param {string} event */
function setStatus(tx, status, event) {
  tx.payment_status = status
  tx.updated_at = new Date()
  tx.history.push({ at: tx.updated_at.toISOString(), payment_status: status, event })
}

/** @param {Store} store @param {string} merchantId @param {string} orderNo */
function transactionsByOrder(store, merchantId, orderNo) {
  return (store.transactionsByOrderNo.get(orderNo) || []).filter((t) => t.merchant_id === merchantId)
}

/** Is there an approved or pending transaction with this order_no? @param {Store} store @param {string} merchantId @param {string} orderNo */
function hasLiveOrder(store, merchantId, orderNo) {
  return transactionsByOrder(store, merchantId, orderNo).some((t) => LIVE_STATUSES.has(t.payment_status))
}

/** Sum of refunds of a transaction in the given statuses. @param {Store} store @param {any} tx @param {string[]} statuses */
function refundSum(store, tx, statuses) {
  let sum = 0n
  for (const id of tx.refund_ids) {
    const r = store.refunds.get(id)
    if (r && statuses.includes(r.refund_status)) sum += r.refund_minor
  }
  return sum
}

/**
 * payment_status of a captured transaction: 4200 once a chargeback was lost (whatever else happens later),
 * else from its settled refunds (3000, 4000 part, 4100 all).
 * @param {Store} store @param {any} tx
 */
function refundedStatus(store, tx) {
  if (tx.chargeback_minor > 0n) return PS.CHARGED_BACK
  const refunded = refundSum(store, tx, [RS.REFUNDED])
  if (refunded === 0n) return PS.CAPTURED
  return refunded >= tx.captured_minor ? PS.REFUNDED : PS.PARTLY_REFUNDED
}

/**
 * What can still be refunded or disputed: captured - open (pending and settled) refunds - lost chargebacks.
 * @param {Store} store @param {any} tx
 */
function remainingMinor(store, tx) {
  const left = tx.captured_minor - refundSum(store, tx, [RS.PENDING, RS.REFUNDED]) - tx.chargeback_minor
  return left > 0n ? left : 0n
}

/**
 * A lost dispute: the amount (capped at what is left) is taken back; payment_status becomes 4200.
 * @param {Store} store @param {any} tx @param {bigint} minor @param {string} event
 * @returns {bigint} the amount taken
 */
function chargeback(store, tx, minor, event) {
  const left = remainingMinor(store, tx)
  const taken = minor < left ? minor : left
  tx.chargeback_minor += taken
  setStatus(tx, refundedStatus(store, tx), event)
  return taken
}

/**
 * Complete a pending (3-D Secure or APM) transaction.
 * @param {any} tx @param {string} outcome "pass" or anything else (a failure)
 * @returns {boolean} whether it changed
 */
function completePending(tx, outcome) {
  if (tx.payment_status !== PS.PENDING) return false
  const threeds = tx.pending_kind === "3ds"
  if (outcome === "pass") {
    tx.order_status = "1"
    tx.result_info = RESULT.SUCCESS
    if (threeds) tx.threeds_result = "Y"
    setStatus(tx, PS.AUTHORISED, threeds ? "3ds passed" : "apm completed")
  } else {
    tx.order_status = "0"
    if (threeds) {
      tx.threeds_result = "N"
      tx.result_info = RESULT.THREEDS_FAILED
      setStatus(tx, PS.THREEDS_FAILED, "3ds failed")
    } else {
      tx.result_info = RESULT.APM_FAILED
      setStatus(tx, PS.DECLINED, "apm failed")
    }
  }
  return true
}

/** @param {any} tx @param {bigint} minor @returns {string|null} refusal or null when captured */
function capture(tx, minor) {
  if (tx.payment_status !== PS.AUTHORISED) return REFUSAL.NOT_CAPTURABLE
  if (minor > tx.amount_minor) return REFUSAL.CAPTURE_EXCEEDS
  tx.captured_minor = minor
  setStatus(tx, PS.CAPTURED, `captured ${money.format(minor, tx.currency)}`)
  return null
}

/** @param {any} tx @returns {string|null} */
function cancel(tx) {
  if (tx.payment_status !== PS.AUTHORISED && tx.payment_status !== PS.REVIEW) return REFUSAL.NOT_CANCELLABLE
  setStatus(tx, PS.CANCELLED, "cancelled")
  return null
}

/** @param {any} tx @param {"1"|"0"} flag @returns {string|null} */
function review(tx, flag) {
  if (tx.payment_status !== PS.REVIEW) return REFUSAL.NOT_UNDER_REVIEW
  if (flag === "1") {
    tx.order_status = "1"
    tx.result_info = RESULT.SUCCESS
    tx.risk_action = "ACCEPT"
    setStatus(tx, PS.AUTHORISED, "review approved")
  } else {
    tx.order_status = "0"
    tx.result_info = RESULT.REVIEW_REJECTED
    tx.risk_action = "REJECT"
    setStatus(tx, PS.DECLINED, "review rejected")
  }
  return null
}

/**
 * Create a refund, or find the one with the same refund_reference.
 * @param {Store} store
 * @param {any} tx
 * @param {{ refund_minor: bigint, refund_reason?: string, refund_reference?: string }} r
 * @returns {{ error: string } | { refund: any, existing: boolean }}
 */
function refund(store, tx, r) {
  if (r.refund_reference) {
    for (const id of tx.refund_ids) {
      const ex = store.refunds.get(id)
      if (ex && ex.refund_reference === r.refund_reference) return { refund: ex, existing: true }
    }
  }
  if (!CAPTURED_STATUSES.has(tx.payment_status)) return { error: REFUSAL.NOT_REFUNDABLE }
  if (r.refund_minor > remainingMinor(store, tx)) return { error: REFUSAL.REFUND_EXCEEDS }
  tx.refund_seq += 1
  const now = new Date()
  const rec = {
    refund_reference_id: `${tx.transaction_id}-${String(tx.refund_seq).padStart(2, "0")}`,
    transaction_id: tx.transaction_id,
    merchant_id: tx.merchant_id,
    order_no: tx.order_no,
    currency: tx.currency,
    amount: tx.amount,
    refund_amount: money.format(r.refund_minor, tx.currency),
    refund_minor: r.refund_minor,
    refund_reason: r.refund_reason || "",
    refund_reference: r.refund_reference || "",
    refund_status: RS.PENDING,
    created_at: now,
    processed_at: /** @type {Date|null} */ (null),
  }
  store.refunds.set(rec.refund_reference_id, rec)
  tx.refund_ids.push(rec.refund_reference_id)
  tx.updated_at = now
  tx.history.push({
    at: now.toISOString(),
    payment_status: tx.payment_status,
    event: `refund ${rec.refund_reference_id} received`,
  })
  return { refund: rec, existing: false }
}

/**
 * Settle a pending refund. @param {Store} store @param {any} rec @param {"refunded"|"failed"} outcome
 * @returns {boolean} whether it changed
 */
function settleRefund(store, rec, outcome) {
  if (rec.refund_status !== RS.PENDING) return false
  rec.refund_status = outcome === "refunded" ? RS.REFUNDED : RS.FAILED
  rec.processed_at = new Date()
  const tx = store.transactions.get(rec.transaction_id)
  if (tx) {
    const next = refundedStatus(store, tx)
    setStatus(tx, next, `refund ${rec.refund_reference_id} ${outcome}`)
  }
  return true
}

/** A random id: hex text of `bytes` bytes. @param {number} [bytes] */
function randomId(bytes = 8) {
  return crypto.randomBytes(bytes).toString("hex")
}

module.exports = {
  DELIVERY_FIELDS,
  createTransaction,
  setStatus,
  transactionsByOrder,
  hasLiveOrder,
  refundSum,
  remainingMinor,
  chargeback,
  completePending,
  capture,
  cancel,
  review,
  refund,
  settleRefund,
  maskCard,
  randomId,
  textsOf,
}
