// @ts-check
"use strict"
/**
 * In-memory state of the simulated gateway and the acquiring state rules
 * (docs/gateway-contract.md "Capture, cancel, review, refund", "Order query", "Payout").
 * Issuing rules live in issuing-state.js over the same store.
 *
 * Amounts are kept as integer minor units (BigInt) next to their decimal text.
 */
const crypto = require("node:crypto")
const money = require("./money")
const time = require("./time")

/** payment_status values (contract, "Order query"). */
const PS = {
  PENDING: "1000",
  REVIEW: "1100",
  AUTHORISED: "2000",
  CAPTURED: "3000",
  PARTLY_REFUNDED: "4000",
  REFUNDED: "4100",
  // [assumed] (sandbox README, "Chargebacks"): a dispute the merchant lost took money back
  CHARGED_BACK: "4200",
  CANCELLED: "5000",
  DECLINED: "6000",
  THREEDS_FAILED: "6100",
}

/**
 * The payment_status the gateway reports for a ledger code. The public docs show 3000 on a paid order and never
 * say whether it means authorised or captured; with `paidStatus` set (option, `--paid-status`) the sandbox
 * reports that one code for both, so the plugin is tested against either reading. The ledger keeps the truth.
 * @param {{ paidStatus: string | null }} options @param {string} code
 */
function reportedStatus(options, code) {
  return options.paidStatus && (code === PS.AUTHORISED || code === PS.CAPTURED) ? options.paidStatus : code
}

/** query_result for each payment_status. */
const QUERY_RESULT = {
  [PS.PENDING]: "-1",
  [PS.REVIEW]: "-2",
  [PS.AUTHORISED]: "1",
  [PS.CAPTURED]: "1",
  [PS.PARTLY_REFUNDED]: "1",
  [PS.REFUNDED]: "1",
  [PS.CHARGED_BACK]: "1",
  [PS.CANCELLED]: "0",
  [PS.DECLINED]: "0",
  [PS.THREEDS_FAILED]: "5",
}

/** A transaction in one of these blocks a new payment with the same order_no (I0030). */
const LIVE_STATUSES = new Set([
  PS.PENDING,
  PS.REVIEW,
  PS.AUTHORISED,
  PS.CAPTURED,
  PS.PARTLY_REFUNDED,
  PS.REFUNDED,
  PS.CHARGED_BACK,
])
const CAPTURED_STATUSES = new Set([PS.CAPTURED, PS.PARTLY_REFUNDED, PS.REFUNDED, PS.CHARGED_BACK])

/** Result texts (`code:message`). */
const RESULT = {
  SUCCESS: "0000:Success",
  DECLINED: "D0002:Card declined",
  EXPIRED: "D0003:Card expired",
  THREEDS_FAILED: "D0005:3-D Secure authentication failed",
  APM_FAILED: "D0006:Payment not completed by the shopper",
  REDIRECT: "P0001:Redirect required",
  HELD: "P0002:Held for review",
  REVIEW_REJECTED: "R0002:Rejected by review",
}

/** Batch entry refusals (`code:message`). */
const REFUSAL = {
  NOT_FOUND: "N0001:Transaction not found",
  MISMATCH: "N0002:Order details do not match the transaction",
  CAPTURE_EXCEEDS: "C0001:Amount exceeds authorised amount",
  NOT_CAPTURABLE: "C0002:Transaction not capturable",
  NOT_CANCELLABLE: "X0001:Transaction not cancellable",
  NOT_UNDER_REVIEW: "R0001:Not under review",
  REFUND_EXCEEDS: "V0001:Refund exceeds captured amount",
  NOT_REFUNDABLE: "V0002:Transaction not refundable",
  REFUND_OK: "V0000:OK",
}

/** Refund record status. */
const RS = { PENDING: "0", REFUNDED: "1", FAILED: "2" }

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

function createStore() {
  const store = {
    /** @type {Map<string, any>} transaction_id -> transaction */
    transactions: new Map(),
    /** @type {Map<string, any[]>} order_no -> its transactions, oldest first (an index over `transactions`) */
    transactionsByOrderNo: new Map(),
    /** @type {Map<string, any>} refund_reference_id -> refund */
    refunds: new Map(),
    /** @type {Map<string, any>} gbc_id -> hosted payment page */
    pages: new Map(),
    /** @type {Map<string, any>} merchant_id/request_id -> payout */
    payouts: new Map(),
    /** @type {Map<string, any>} token_id -> stored card */
    tokens: new Map(),
    /** @type {Map<string, any>} recurring_id -> subscription */
    subscriptions: new Map(),
    /** @type {Map<string, any>} dispute_id -> dispute */
    disputes: new Map(),
    /** @type {Map<number, any>} cardholderId -> cardholder */
    cardholders: new Map(),
    /** @type {Map<string, any>} groupId -> group */
    groups: new Map(),
    /** @type {Map<number, any>} cardId -> card */
    cards: new Map(),
    /** @type {any[]} every card recharge and withdraw made, oldest first (GET /sandbox/issuing `transfers`) */
    cardTransfers: [],
    seq: {
      transaction: 0,
      payout: 0,
      recurring: 0,
      dispute: 0,
      reference: 0,
      cardholder: 8100,
      card: 100029700,
      group: 7000,
      reqNo: 0,
    },
  }
  return store
}

/** @typedef {ReturnType<typeof createStore>} Store */

/** Empty every map and restart every sequence. @param {Store} store */
function clearStore(store) {
  const fresh = createStore()
  for (const k of Object.keys(fresh)) {
    // keep the same Map objects so that references held by callers stay valid
    const cur = /** @type {any} */ (store)[k]
    if (cur instanceof Map) cur.clear()
    else /** @type {any} */ (store)[k] = /** @type {any} */ (fresh)[k]
  }
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

// ---- state rules -------------------------------------------------------------------------

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

// ---- views -------------------------------------------------------------------------------

/**
 * The order query's transaction record, with the payment_status the gateway reports (reportedStatus).
 * @param {Store} store @param {any} tx @param {{ paidStatus: string | null }} options
 */
function transactionRecord(store, tx, options) {
  const sub = tx.recurring_id ? store.subscriptions.get(tx.recurring_id) : null
  const d = tx.delivery_information || {}
  return {
    amount: tx.amount,
    currency: tx.currency,
    order_no: tx.order_no,
    transaction_id: tx.transaction_id,
    reference_no: tx.reference_no,
    transaction_date: time.digits14(tx.created_at),
    website: tx.website,
    shopper_email: tx.shopper_email,
    shopper_phone: tx.shopper_phone,
    payment_status: reportedStatus(options, tx.payment_status),
    query_result: QUERY_RESULT[tx.payment_status] || "-1",
    is3ds: tx.is3ds,
    antifraud_provider: "sandbox",
    delivery_information: textsOf(d, DELIVERY_FIELDS),
    fraud_check_result: tx.risk_reasons.map((/** @type {any} */ r) => ({ check_items: r.name, status: r.status })),
    subscription_result: {
      contract_name: sub ? sub.contract_name : "",
      recurring_deduction_period: sub ? sub.recurring_deduction_period : "",
      recurring_deduction_time: sub ? sub.recurring_deduction_time : "",
      recurring_id: sub ? sub.recurring_id : "",
      recurring_status: sub ? sub.recurring_status : "",
    },
  }
}

/**
 * The refund search's refund record; with `options`, its payment_status as the gateway reports it (without: the
 * ledger's, for the control routes). @param {Store} store @param {any} rec @param {{ paidStatus: string | null }} [options]
 */
function refundRecord(store, rec, options) {
  const tx = store.transactions.get(rec.transaction_id)
  return {
    transaction_id: rec.transaction_id,
    order_no: rec.order_no,
    amount: rec.amount,
    refund_status: rec.refund_status,
    payment_status: tx ? (options ? reportedStatus(options, tx.payment_status) : tx.payment_status) : "",
    refund_amount: rec.refund_amount,
    refund_reference: rec.refund_reference,
    currency: rec.currency,
    refund_reason: rec.refund_reason,
    refund_reference_id: rec.refund_reference_id,
    refund_date: time.digits14(rec.created_at),
    refund_processing_date: rec.processed_at ? time.digits14(rec.processed_at) : "",
  }
}

/** Full stored state of a transaction for GET /sandbox/transactions (JSON-safe). @param {Store} store @param {any} tx */
function transactionState(store, tx) {
  const { amount_minor, captured_minor, chargeback_minor, created_at, updated_at, ...rest } = tx
  return {
    ...rest,
    captured_amount: money.format(captured_minor, tx.currency),
    chargeback_amount: money.format(chargeback_minor, tx.currency),
    refunded_amount: money.format(refundSum(store, tx, [RS.REFUNDED]), tx.currency),
    pending_refund_amount: money.format(refundSum(store, tx, [RS.PENDING]), tx.currency),
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
    refunds: tx.refund_ids.map((/** @type {string} */ id) => {
      // `timer` is the pending settlement (not state): leave it out of the view.
      const { refund_minor, created_at: c, processed_at: p, timer, ...r } = store.refunds.get(id)
      return { ...r, created_at: c.toISOString(), processed_at: p ? p.toISOString() : null }
    }),
  }
}

/** A random id: hex text of `bytes` bytes. @param {number} [bytes] */
function randomId(bytes = 8) {
  return crypto.randomBytes(bytes).toString("hex")
}

module.exports = {
  PS,
  RS,
  DELIVERY_FIELDS,
  QUERY_RESULT,
  LIVE_STATUSES,
  CAPTURED_STATUSES,
  RESULT,
  REFUSAL,
  createStore,
  clearStore,
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
  reportedStatus,
  transactionRecord,
  refundRecord,
  transactionState,
  maskCard,
  randomId,
  textsOf,
}
