// @ts-check
"use strict"
/**
 * Chargebacks opened by hand (POST /sandbox/disputes) and their result (POST /sandbox/disputes/{id}),
 * each with a form-encoded notification (DISPUTE RECEIVED, DISPUTE RESULT) signed like every transaction
 * notification (the payment-notification formula).
 * A LOST dispute takes the disputed amount back: payment_status becomes 4200 "charged back" ([assumed],
 * sandbox README) and the amount no longer counts as refundable (V0001).
 */
const money = require("./money")
const time = require("./time")
const S = require("./store")
const events = require("./events")

/**
 * @param {any} ctx @param {Record<string, any>} body
 * @returns {{ status: number, json: any }}
 */
function openDispute(ctx, body) {
  const tx = ctx.store.transactions.get(String(body.transaction_id || ""))
  if (!tx) return { status: 404, json: { error: `no transaction ${body.transaction_id}` } }
  if (!S.CAPTURED_STATUSES.has(tx.payment_status))
    return {
      status: 409,
      json: { error: `transaction ${tx.transaction_id} is not captured (payment_status ${tx.payment_status})` },
    }
  const left = S.remainingMinor(ctx.store, tx)
  if (left === 0n)
    return {
      status: 409,
      json: { error: `transaction ${tx.transaction_id} has nothing left to dispute (refunded or charged back)` },
    }
  let minor = left
  if (body.amount !== undefined && body.amount !== "") {
    const m = money.parseStrict(String(body.amount), tx.currency)
    if (m === null || m <= 0n)
      return { status: 400, json: { error: `amount must be a positive decimal string in ${tx.currency}` } }
    if (m > left)
      return {
        status: 400,
        json: { error: `amount exceeds what is left of the captured amount (${money.format(left, tx.currency)})` },
      }
    minor = m
  }
  ctx.store.seq.dispute += 1
  const now = new Date()
  const d = {
    dispute_id: `D${time.digits8(now)}${String(ctx.store.seq.dispute).padStart(5, "0")}`,
    transaction_id: tx.transaction_id,
    dispute_amount: money.format(minor, tx.currency),
    dispute_reason: String(body.reason || "Fraudulent transaction"),
    dispute_status: "OPEN",
    dispute_minor: minor,
    chargeback_amount: "",
    created_at: now.toISOString(),
    resolved_at: /** @type {string|null} */ (null),
  }
  ctx.store.disputes.set(d.dispute_id, d)
  tx.history.push({ at: d.created_at, payment_status: tx.payment_status, event: `dispute ${d.dispute_id} received` })
  events.notifyTransaction(ctx, tx, "DISPUTE RECEIVED", fields(d))
  return { status: 201, json: view(ctx, d) }
}

/** @param {any} ctx @param {string} id @param {Record<string, any>} body */
function resolveDispute(ctx, id, body) {
  const d = ctx.store.disputes.get(id)
  if (!d) return { status: 404, json: { error: `no dispute ${id}` } }
  const outcome = String(body.outcome || "")
  if (outcome !== "won" && outcome !== "lost")
    return { status: 400, json: { error: 'outcome must be "won" or "lost"' } }
  if (d.dispute_status !== "OPEN")
    return { status: 409, json: { error: `dispute ${id} is already ${d.dispute_status}` } }
  d.dispute_status = outcome === "won" ? "WON" : "LOST"
  d.resolved_at = new Date().toISOString()
  const tx = ctx.store.transactions.get(d.transaction_id)
  if (tx) {
    if (outcome === "lost") {
      // the money goes back to the cardholder: payment_status 4200, before the notification is built
      const taken = S.chargeback(ctx.store, tx, d.dispute_minor, `dispute ${id} lost`)
      d.chargeback_amount = money.format(taken, tx.currency)
    } else {
      tx.history.push({ at: d.resolved_at, payment_status: tx.payment_status, event: `dispute ${id} won` })
    }
    events.notifyTransaction(ctx, tx, "DISPUTE RESULT", fields(d))
  }
  return { status: 200, json: view(ctx, d) }
}

/** @param {any} d */
function fields(d) {
  return {
    dispute_id: d.dispute_id,
    dispute_amount: d.dispute_amount,
    dispute_reason: d.dispute_reason,
    dispute_status: d.dispute_status,
  }
}

/** JSON view of a dispute, with the transaction's current payment_status. @param {any} ctx @param {any} d */
function view(ctx, d) {
  const { dispute_minor, ...rest } = d
  const tx = ctx.store.transactions.get(d.transaction_id)
  return { ...rest, payment_status: tx ? tx.payment_status : "" }
}

/** Every dispute, oldest first. @param {any} ctx */
function listDisputes(ctx) {
  return [...ctx.store.disputes.values()].map((d) => view(ctx, d))
}

module.exports = { openDispute, resolveDispute, listDisputes }
