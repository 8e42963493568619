// @ts-check
"use strict"
/**
 * Notification payloads (contract, "Notifications to notify_url"): what is sent for each kind of change,
 * signed with the notification formula (payouts: the payout formula).
 */
const signing = require("./signing")
const S = require("./store")

/** Kinds sent form-encoded; every other kind is JSON. */
const FORM_KINDS = new Set(["REVIEW RESULT", "DISPUTE RECEIVED", "DISPUTE RESULT"])

/**
 * @param {any} ctx sandbox context (options, notifier, faults)
 * @param {any} tx transaction
 * @param {string} notifyType
 * @param {Record<string, string>} [extra] kind-specific fields
 * @param {string} [url] where to send it (default: the transaction's notify_url; the issuer page passes the
 *   notify_url posted to it)
 */
function notifyTransaction(ctx, tx, notifyType, extra = {}, url = tx.notify_url) {
  if (!url) return null
  /** @type {Record<string, string>} */
  const payload = {
    notify_type: notifyType,
    notify_id: ctx.notifier.newId(),
    merchant_id: tx.merchant_id,
    account_id: tx.account_id,
    transaction_id: tx.transaction_id,
    order_no: tx.order_no,
    currency: tx.currency,
    amount: tx.amount,
    order_status: tx.order_status,
    result_info: tx.result_info,
    payment_status: S.reportedStatus(ctx.options, tx.payment_status),
    ...extra,
  }
  let sig = signing.acquiringSign(payload, signing.ACQUIRING_FIELDS.response, ctx.options.signKey)
  if (ctx.faults.corruptNotification()) sig = signing.corruptSignature(sig)
  payload.encryption_data = sig
  return ctx.notifier.send({
    url,
    format: FORM_KINDS.has(notifyType) ? "form" : "json",
    payload,
    notify_type: notifyType,
    notify_id: payload.notify_id,
  })
}

/**
 * @param {any} ctx
 * @param {any} payout stored payout
 * @param {Record<string, any>} view the payout response fields
 */
function notifyPayout(ctx, payout, view) {
  if (!payout.notify_url) return null
  /** @type {Record<string, any>} */
  const payload = { notify_type: "PAYOUT", notify_id: ctx.notifier.newId(), ...view }
  let sig = signing.acquiringSign(payload, signing.ACQUIRING_FIELDS.payoutNotification, ctx.options.signKey)
  if (ctx.faults.corruptNotification()) sig = signing.corruptSignature(sig)
  payload.encryption_data = sig
  return ctx.notifier.send({
    url: payout.notify_url,
    format: "json",
    payload,
    notify_type: "PAYOUT",
    notify_id: payload.notify_id,
  })
}

/** Refund fields of a refund notification. @param {any} rec */
function refundFields(rec) {
  return {
    refund_reference: rec.refund_reference,
    refund_reference_id: rec.refund_reference_id,
    refund_amount: rec.refund_amount,
    refund_status: rec.refund_status,
  }
}

module.exports = { notifyTransaction, notifyPayout, refundFields, FORM_KINDS }
