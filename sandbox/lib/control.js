// @ts-check
"use strict"
/**
 * Control routes `/sandbox/*` (not part of the gateway; contract, "Sandbox control"), plus the browser pages
 * of the sandbox (issuer page, hosted card form).
 */
const { parseBody } = require("./body")
const S = require("./store")
const payments = require("./payments")
const batches = require("./batches")
const payouts = require("./payouts")
const disputes = require("./disputes")
const subscriptionControl = require("./subscription-control")
const I = require("./issuing-state")
const { isHttpUrl } = require("./validation")
const { isCurrencyCode, parseStrict } = require("./money")
const FIELD_LIMITS = require("./field-limits.json")

/** @param {string} s */
function safeDecode(s) {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** @param {number} status @param {any} json */
const reply = (status, json) => ({ status, json })

/** Most transactions one seed request may create (a body of about a megabyte). */
const MAX_SEED = 10000

/**
 * `POST /sandbox/transactions` `{ transactions: [{ order_no, currency, amount, state? }] }`: creates stored
 * transactions of the configured merchant without a payment request (no notification, no card), for tests and
 * benchmarks that need many of them at once. `state`: `pending_3ds` (default), `review` or `authorized`. All or
 * nothing: one bad entry refuses the request (400 naming it). Answers 201 `{ transactions: [{ order_no,
 * transaction_id, payment_status }] }` in the order given.
 * @param {any} ctx @param {any} body
 */
function seedTransactions(ctx, body) {
  const list = body && body.transactions
  if (!Array.isArray(list) || list.length < 1 || list.length > MAX_SEED)
    return reply(400, { error: `transactions must be a list of 1 to ${MAX_SEED} entries` })
  const orderNoMax = FIELD_LIMITS.payment.order_no
  for (let i = 0; i < list.length; i++) {
    const t = list[i]
    const bad = (/** @type {string} */ rule) => reply(400, { error: `transactions[${i}].${rule}` })
    if (!t || typeof t !== "object") return reply(400, { error: `transactions[${i}] must be an object` })
    if (typeof t.order_no !== "string" || t.order_no.length < 1 || t.order_no.length > orderNoMax)
      return bad(`order_no must be a text of 1 to ${orderNoMax} characters`)
    if (!isCurrencyCode(t.currency)) return bad("currency must be a three-letter currency code")
    if (parseStrict(t.amount, t.currency) === null) return bad(`amount must be an amount in ${t.currency}`)
    if (t.state !== undefined && !Object.prototype.hasOwnProperty.call(payments.START_STATES, t.state))
      return bad(`state must be one of ${Object.keys(payments.START_STATES).join(", ")}`)
  }
  const created = list.map((/** @type {any} */ t) =>
    S.createTransaction(ctx.store, {
      merchant_id: ctx.options.merchantId,
      account_id: ctx.options.accountId,
      order_no: t.order_no,
      currency: t.currency,
      amount: t.amount,
      .../** @type {Record<string, any>} */ (payments.START_STATES)[t.state || "pending_3ds"],
    })
  )
  return reply(201, {
    transactions: created.map((/** @type {any} */ tx) => ({
      order_no: tx.order_no,
      transaction_id: tx.transaction_id,
      payment_status: tx.payment_status,
    })),
  })
}

/**
 * @param {any} ctx  context with `sandbox` (the object startSandbox returns)
 * @param {{ method: string, path: string, query: URLSearchParams, text: string, contentType: string|undefined, baseUrl: string, ip: string }} info
 */
function handleControl(ctx, info) {
  const { method, path } = info
  const parts = path.split("/").slice(2).map(safeDecode) // ["faults"], ["transactions", id], ...
  let body = {}
  if (method === "POST" || method === "PUT" || method === "DELETE") {
    try {
      body = parseBody(info.text, info.contentType)
    } catch (e) {
      return reply(400, { error: String(/** @type {any} */ (e).message) })
    }
  }
  const withBody = { ...info, body }
  const [head, id, extra, more] = parts
  // the one three-segment route: POST /sandbox/notifications/{notify_id}/resend
  if (more !== undefined || (extra !== undefined && !(head === "notifications" && extra === "resend")))
    return reply(404, { error: `no control route ${path}` })

  switch (head) {
    case "health":
      if (method === "GET" && id === undefined) return reply(200, { ok: true })
      break
    case "reset":
      if (method === "POST" && id === undefined) {
        ctx.sandbox.reset()
        return reply(200, { ok: true })
      }
      break
    case "stats":
      if (method === "GET" && id === undefined) return reply(200, ctx.sandbox.stats())
      break
    case "faults":
      if (id !== undefined) break
      if (method === "GET") return reply(200, { rules: ctx.faults.list() })
      if (method === "DELETE") {
        ctx.faults.clear()
        return reply(200, { rules: [] })
      }
      if (method === "POST") {
        try {
          return reply(200, { rules: ctx.faults.set(/** @type {any} */ (body).rules) })
        } catch (e) {
          return reply(400, { error: String(/** @type {any} */ (e).message) })
        }
      }
      break
    case "transactions":
      if (method === "POST" && id === undefined) return seedTransactions(ctx, body)
      if (method !== "GET") break
      if (id !== undefined) {
        const tx = ctx.store.transactions.get(id)
        return tx ? reply(200, S.transactionState(ctx.store, tx)) : reply(404, { error: `no transaction ${id}` })
      }
      {
        const orderNo = info.query.get("order_no")
        /** @type {any[]} */
        const list =
          orderNo === null ? [...ctx.store.transactions.values()] : ctx.store.transactionsByOrderNo.get(orderNo) || []
        return reply(
          200,
          list.map((t) => S.transactionState(ctx.store, t))
        )
      }
    case "notifications":
      if (method === "GET" && id === undefined) {
        const type = info.query.get("notify_type")
        const txId = info.query.get("transaction_id")
        const list = ctx.notifier
          .list()
          .filter(
            (/** @type {any} */ n) =>
              (type === null || n.notify_type === type) && (txId === null || n.payload.transaction_id === txId)
          )
        return reply(200, list)
      }
      if (method === "GET" && id !== undefined && extra === undefined) {
        const deliveries = ctx.notifier.list().filter((/** @type {any} */ n) => n.notify_id === id)
        return deliveries.length ? reply(200, deliveries) : reply(404, { error: `no notification ${id}` })
      }
      if (id !== undefined && extra === "resend") {
        if (method !== "POST") break
        const url = /** @type {any} */ (body).url
        if (url !== undefined && url !== null && url !== "" && !isHttpUrl(url))
          return reply(400, { error: "url must be an http(s) URL" })
        const rec = ctx.notifier.resend(id, { url: url || undefined })
        return rec ? reply(202, rec) : reply(404, { error: `no notification ${id}` })
      }
      break
    case "pages":
      // The hosted payment pages made by /v1/checkout, paid or not (their request without its signature).
      if (method === "GET" && id === undefined) {
        return reply(
          200,
          [...ctx.store.pages.values()].map((/** @type {any} */ p) => ({
            gbc_id: p.gbc_id,
            order_no: p.request.order_no,
            currency: p.request.currency,
            amount: p.request.amount,
            created_at: p.created_at,
            used: p.used,
            transaction_id: p.transaction_id,
          }))
        )
      }
      break
    case "refunds":
      if (id === undefined) {
        if (method === "GET")
          return reply(
            200,
            [...ctx.store.refunds.values()].map((r) => S.refundRecord(ctx.store, r))
          )
        break
      }
      {
        const rec = ctx.store.refunds.get(id)
        if (!rec) return reply(404, { error: `no refund ${id}` })
        if (method === "GET") return reply(200, S.refundRecord(ctx.store, rec))
        if (method !== "POST") break
        const outcome = /** @type {any} */ (body).outcome || "refunded"
        if (outcome !== "refunded" && outcome !== "failed")
          return reply(400, { error: 'outcome must be "refunded" or "failed"' })
        if (rec.refund_status !== S.RS.PENDING)
          return reply(409, { error: `refund ${id} is already settled`, refund: S.refundRecord(ctx.store, rec) })
        batches.settleRefund(ctx, rec, outcome)
        return reply(200, S.refundRecord(ctx.store, rec))
      }
    case "payouts":
      if (method === "GET" && id === undefined)
        return reply(
          200,
          [...ctx.store.payouts.values()].map((p) => payouts.payoutState(ctx, p))
        )
      break
    case "disputes":
      if (method === "GET" && id === undefined) return reply(200, disputes.listDisputes(ctx))
      if (method === "POST" && id === undefined) return disputes.openDispute(ctx, body)
      if (method === "POST") return disputes.resolveDispute(ctx, id, body)
      break
    case "clock":
      if (id !== undefined) break
      return (
        subscriptionControl.clockRoute(ctx, method, body) || reply(405, { error: `${method} not allowed on ${path}` })
      )
    case "subscriptions":
      return (
        subscriptionControl.subscriptionsRoute(ctx, method, id, body) ||
        reply(405, { error: `${method} not allowed on ${path}` })
      )
    case "issuing":
      if (method === "GET" && id === undefined) return reply(200, I.issuingState(ctx.store))
      break
    case "issuer":
      if (id === undefined) break
      if (method === "GET") return payments.issuerGet(ctx, withBody, id)
      if (method === "POST") return payments.issuerPost(ctx, withBody, id)
      break
    case "hosted":
      if (id !== undefined && method === "POST") return payments.hostedSubmit(ctx, withBody, id)
      break
    default:
      return reply(404, { error: `no control route ${path}` })
  }
  return reply(405, { error: `${method} not allowed on ${path}` })
}

module.exports = { handleControl }
