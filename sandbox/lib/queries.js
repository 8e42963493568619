// @ts-check
"use strict"
/**
 * Order query (/v1/retrievalTrans) and refund search (/v1/retrievalRefund), both form-encoded.
 */
const S = require("./store")
const {
  RETURN,
  errorResponse,
  checkEnvelope,
  checkMerchant,
  checkSignature,
  splitList,
  normaliseIp,
} = require("./acquiring-common")

const QUERY_LIMIT = 100
/** The order query's `orders` and `trades` are each at most 1000 characters (public docs, order query page). */
const QUERY_FILTER_MAX_CHARS = 1000

/** POST /v1/retrievalTrans. @param {any} ctx @param {any} info */
function retrievalTrans(ctx, info) {
  const body = info.body
  const e = checkEnvelope(body) || checkMerchant(ctx, body) || checkSignature(ctx, "/v1/retrievalTrans", body)
  if (e) return errorResponse(e)
  for (const field of ["orders", "trades"]) {
    const text = body[field]
    if (typeof text === "string" && text.length > QUERY_FILTER_MAX_CHARS) {
      return errorResponse({
        code: "I0002",
        source: field,
        message: `${field} is longer than ${QUERY_FILTER_MAX_CHARS} characters`,
      })
    }
  }
  const out = {
    merchant_id: body.merchant_id,
    account_id: body.account_id,
    return_status: "",
    return_message: "",
    orders_list: /** @type {any[]} */ ([]),
  }
  const registered = ctx.options.registeredIps
  if (Array.isArray(registered) && !registered.map(normaliseIp).includes(normaliseIp(info.ip))) {
    ;[out.return_status, out.return_message] = RETURN.IP
    return { status: 200, json: out }
  }
  const orders = splitList(body.orders)
  const trades = splitList(body.trades)
  if (orders.length + trades.length === 0) {
    ;[out.return_status, out.return_message] = RETURN.INCOMPLETE
    return { status: 200, json: out }
  }
  if (orders.length + trades.length > QUERY_LIMIT) {
    ;[out.return_status, out.return_message] = RETURN.TOO_MANY
    return { status: 200, json: out }
  }
  const seen = new Set()
  for (const orderNo of orders) {
    const found = S.transactionsByOrder(ctx.store, body.merchant_id, orderNo)
    if (found.length === 0) out.orders_list.push({ order_no: orderNo, query_result: "2" })
    for (const t of found) {
      if (seen.has(t.transaction_id)) continue
      seen.add(t.transaction_id)
      out.orders_list.push(S.transactionRecord(ctx.store, t, ctx.options))
    }
  }
  for (const id of trades) {
    const t = ctx.store.transactions.get(id)
    if (!t || t.merchant_id !== body.merchant_id) {
      out.orders_list.push({ transaction_id: id, query_result: "2" })
      continue
    }
    if (seen.has(t.transaction_id)) continue
    seen.add(t.transaction_id)
    out.orders_list.push(S.transactionRecord(ctx.store, t, ctx.options))
  }
  ;[out.return_status, out.return_message] = RETURN.OK
  return { status: 200, json: out }
}

/** POST /v1/retrievalRefund. @param {any} ctx @param {any} info */
function retrievalRefund(ctx, info) {
  const body = info.body
  const e = checkEnvelope(body) || checkMerchant(ctx, body) || checkSignature(ctx, "/v1/retrievalRefund", body)
  if (e) return errorResponse(e)
  const out = {
    account_id: body.account_id,
    merchant_id: body.merchant_id,
    refund_orders: /** @type {any[]} */ ([]),
    encryption_data: body.encryption_data,
    return_status: "",
    return_message: "",
  }
  const byOrder = splitList(body.refund_orders)
  const byGatewayRef = splitList(body.refund_references)
  const byMerchantRef = splitList(body.merchant_refunds)
  const n = byOrder.length + byGatewayRef.length + byMerchantRef.length
  if (n === 0) {
    ;[out.return_status, out.return_message] = RETURN.INCOMPLETE
    return { status: 200, json: out }
  }
  if (n > QUERY_LIMIT) {
    ;[out.return_status, out.return_message] = RETURN.TOO_MANY
    return { status: 200, json: out }
  }
  const orders = new Set(byOrder)
  const refs = new Set(byGatewayRef)
  const merchantRefs = new Set(byMerchantRef)
  for (const rec of ctx.store.refunds.values()) {
    if (rec.merchant_id !== body.merchant_id) continue
    if (
      orders.has(rec.order_no) ||
      refs.has(rec.refund_reference_id) ||
      (rec.refund_reference && merchantRefs.has(rec.refund_reference))
    ) {
      out.refund_orders.push(S.refundRecord(ctx.store, rec, ctx.options))
    }
  }
  ;[out.return_status, out.return_message] = RETURN.OK
  return { status: 200, json: out }
}

module.exports = { retrievalTrans, retrievalRefund, QUERY_LIMIT }
