// @ts-check
"use strict"
/**
 * What the answers and the control routes show of the ledger (./acquiring-state.js): the order query's
 * transaction record, the refund search's refund record, and a transaction's whole stored state.
 */
const money = require("./money")
const time = require("./time")
const { QUERY_RESULT, RS, reportedStatus } = require("./codes")
const { DELIVERY_FIELDS, refundSum, textsOf } = require("./acquiring-state")

/** @typedef {import("./store").Store} Store */

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

module.exports = { transactionRecord, refundRecord, transactionState }
