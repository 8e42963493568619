// @ts-check
"use strict"
/**
 * Batch operations: /v1/capture, /v1/cancel, /v1/review (100), /v1/refund.
 * Order of checks: envelope fields, the entry array and every entry's fields (HTTP 400), merchant (404),
 * signature (400 I0013), batch limit (return_status 4, nothing processed), then entries one by one.
 */
const money = require("./money")
const v = require("./validation")
const S = require("./store")
const events = require("./events")
const { RETURN, errorResponse, checkEnvelope, checkMerchant, checkSignature } = require("./acquiring-common")

/**
 * @typedef {{ path: string, list: string, limit: number, required: string[], amounts: string[], positive: string[],
 *   process: (ctx: any, entry: Record<string, any>, merchant: string) => Record<string, any> }} BatchKind
 */

/** The fields every batch entry carries: they name the transaction and must match it. */
const ENTRY_FIELDS = ["transaction_id", "order_no", "currency", "amount"]

/**
 * Look up an entry's transaction and check that order_no, currency (and, when `exactAmount`, amount) match.
 * @param {any} ctx @param {Record<string, any>} entry @param {string} merchant @param {boolean} exactAmount
 * @returns {{ tx: any } | { error: string }}
 */
function findTx(ctx, entry, merchant, exactAmount) {
  const tx = ctx.store.transactions.get(entry.transaction_id)
  if (!tx || tx.merchant_id !== merchant) return { error: S.REFUSAL.NOT_FOUND }
  if (tx.order_no !== entry.order_no || tx.currency !== entry.currency) return { error: S.REFUSAL.MISMATCH }
  if (exactAmount && money.parseStrict(entry.amount, entry.currency) !== tx.amount_minor)
    return { error: S.REFUSAL.MISMATCH }
  return { tx }
}

/** @param {Record<string, any>} entry */
function echo(entry) {
  return {
    amount: entry.amount,
    currency: entry.currency,
    order_no: entry.order_no,
    transaction_id: entry.transaction_id,
  }
}

/**
 * A batch whose entries each change one transaction's state (capture, cancel, review): find the transaction,
 * change it, notify when it changed, answer the entry with the refusal or "".
 * @param {{ path: string, list: string, limit: number, extraRequired?: string[], exactAmount: boolean,
 *   change: (tx: any, entry: Record<string, any>) => string|null, notifyType: string,
 *   notifyFields?: (tx: any, entry: Record<string, any>) => Record<string, string>,
 *   answer: (entry: Record<string, any>, error: string|null) => Record<string, any> }} o
 * @returns {BatchKind}
 */
function stateChange(o) {
  return {
    path: o.path,
    list: o.list,
    limit: o.limit,
    required: [...ENTRY_FIELDS, ...(o.extraRequired || [])],
    amounts: ["amount"],
    positive: ["amount"],
    process(ctx, entry, merchant) {
      const found = findTx(ctx, entry, merchant, o.exactAmount)
      if ("error" in found) return o.answer(entry, found.error)
      const error = o.change(found.tx, entry)
      if (!error)
        events.notifyTransaction(ctx, found.tx, o.notifyType, o.notifyFields ? o.notifyFields(found.tx, entry) : {})
      return o.answer(entry, error)
    },
  }
}

/** @type {Record<string, BatchKind>} */
const KINDS = {
  // a capture may take less than the authorised amount, so its amount is not compared
  capture: stateChange({
    path: "/v1/capture",
    list: "capture_orders",
    limit: 50,
    exactAmount: false,
    change: (tx, entry) => S.capture(tx, /** @type {bigint} */ (money.parseStrict(entry.amount, entry.currency))),
    notifyType: "CAPTURE",
    notifyFields: (tx) => ({ captured_amount: money.format(tx.captured_minor, tx.currency) }),
    answer: (entry, error) => ({ ...echo(entry), capture_status: error ? "0" : "1", error_message: error || "" }),
  }),
  cancel: stateChange({
    path: "/v1/cancel",
    list: "cancel_orders",
    limit: 50,
    exactAmount: true,
    change: (tx) => S.cancel(tx),
    notifyType: "CANCEL",
    answer: (entry, error) => ({ ...echo(entry), cancel_status: error ? "0" : "1", error_message: error || "" }),
  }),
  review: stateChange({
    path: "/v1/review",
    list: "review_orders",
    limit: 100,
    extraRequired: ["review_flag"],
    exactAmount: true,
    change: (tx, entry) => S.review(tx, entry.review_flag),
    notifyType: "REVIEW RESULT",
    notifyFields: (_tx, entry) => ({ review_status: "1", review_flag: entry.review_flag }),
    answer: (entry, error) => ({
      ...echo(entry),
      error_message: error || "",
      review_flag: entry.review_flag,
      review_status: error ? "0" : "1",
    }),
  }),
  refund: {
    path: "/v1/refund",
    list: "refund_orders",
    limit: 50,
    required: [...ENTRY_FIELDS, "refund_amount"],
    amounts: ["amount", "refund_amount"],
    positive: ["amount", "refund_amount"],
    process(ctx, entry, merchant) {
      const found = findTx(ctx, entry, merchant, true)
      const base = {
        ...echo(entry),
        refund_amount: entry.refund_amount,
        refund_reason: entry.refund_reason || "",
        refund_reference: entry.refund_reference || "",
      }
      if ("error" in found) return { ...base, refund_message: found.error, refund_reference_id: "", refund_status: "0" }
      const tx = found.tx
      const r = S.refund(ctx.store, tx, {
        refund_minor: /** @type {bigint} */ (money.parseStrict(entry.refund_amount, entry.currency)),
        refund_reason: entry.refund_reason,
        refund_reference: entry.refund_reference,
      })
      if ("error" in r) return { ...base, refund_message: r.error, refund_reference_id: "", refund_status: "0" }
      const rec = r.refund
      if (!r.existing) {
        events.notifyTransaction(ctx, tx, "REFUND RECEIVED", events.refundFields(rec))
        scheduleRefundSettlement(ctx, rec)
      }
      return {
        ...base,
        refund_amount: rec.refund_amount,
        refund_reason: rec.refund_reason,
        refund_reference: rec.refund_reference,
        refund_message: S.REFUSAL.REFUND_OK,
        refund_reference_id: rec.refund_reference_id,
        refund_status: "1",
      }
    },
  },
}

/**
 * Settle a refund after the refund delay (at once when the delay is 0).
 * @param {any} ctx @param {any} rec
 */
function scheduleRefundSettlement(ctx, rec) {
  const delay = ctx.options.refundDelayMs
  if (!(delay > 0)) settleRefund(ctx, rec, "refunded")
  else rec.timer = ctx.timers.after(delay, () => settleRefund(ctx, rec, "refunded"))
}

/**
 * Settle a pending refund and notify (REFUND RESULT). Used by the timer and by POST /sandbox/refunds/{id}.
 * @param {any} ctx @param {any} rec @param {"refunded"|"failed"} outcome
 * @returns {boolean} whether it changed
 */
function settleRefund(ctx, rec, outcome) {
  if (rec.timer) {
    ctx.timers.cancel(rec.timer)
    delete rec.timer
  }
  if (!S.settleRefund(ctx.store, rec, outcome)) return false
  const tx = ctx.store.transactions.get(rec.transaction_id)
  if (tx) events.notifyTransaction(ctx, tx, "REFUND RESULT", events.refundFields(rec))
  return true
}

/**
 * Run one batch endpoint.
 * @param {any} ctx @param {any} info @param {BatchKind} kind
 */
function runBatch(ctx, info, kind) {
  const body = info.body
  let e = checkEnvelope(body)
  if (e) return errorResponse(e)
  const list = body[kind.list]
  if (list === undefined || list === null || list === "")
    return errorResponse(v.fail("I0001", kind.list, `${kind.list} is required`))
  if (!Array.isArray(list))
    return errorResponse(v.fail("I0002", kind.list, `${kind.list} must be an array (JSON text in a form body)`))
  if (list.length === 0) return errorResponse(v.fail("I0001", kind.list, `${kind.list} must hold at least one order`))
  for (let i = 0; i < list.length; i++) {
    const entry = list[i]
    const prefix = `${kind.list}[${i}].`
    if (!entry || typeof entry !== "object" || Array.isArray(entry))
      return errorResponse(v.fail("I0002", `${kind.list}[${i}]`, `${kind.list}[${i}] must be an object`))
    e =
      v.checkRequired(entry, kind.required, prefix) ||
      v.checkLengths(entry, v.ENTRY_LIMITS, prefix) ||
      v.checkAmounts(entry, "currency", kind.amounts, prefix, { positive: kind.positive })
    if (!e && kind.list === "review_orders" && !["0", "1"].includes(entry.review_flag))
      e = v.fail("I0002", prefix + "review_flag", `${prefix}review_flag must be "1" (approve) or "0" (reject)`)
    if (e) return errorResponse(e)
  }
  e = checkMerchant(ctx, body) || checkSignature(ctx, kind.path, body)
  if (e) return errorResponse(e)
  /** @type {Record<string, any>} */
  const out = {
    account_id: body.account_id,
    merchant_id: body.merchant_id,
    return_message: "",
    return_status: "",
    encryption_data: body.encryption_data,
  }
  if (list.length > kind.limit) {
    ;[out.return_status, out.return_message] = RETURN.TOO_MANY
    out[kind.list] = []
    return { status: 200, json: out }
  }
  ;[out.return_status, out.return_message] = RETURN.OK
  out[kind.list] = list.map((entry) => kind.process(ctx, entry, body.merchant_id))
  return { status: 200, json: out }
}

module.exports = { KINDS, runBatch, settleRefund, scheduleRefundSettlement }
