// @ts-check
"use strict"
/**
 * /v1/optimise (payment-method ranking) and /v1/cancelsubscription.
 */
const v = require("./validation")
const subscriptions = require("./subscriptions")
const { RETURN, errorResponse, checkEnvelope, checkMerchant, checkSignature } = require("./acquiring-common")

/** Base acceptance rates (sandbox table), adjusted by billing country. */
const BASE_RATES = {
  card: 0.93,
  paypal: 0.88,
  applepay: 0.86,
  googlepay: 0.85,
  klarna: 0.8,
  alipay: 0.7,
  wechatpay: 0.68,
}
const COUNTRY_RATES = {
  CN: { alipay: 0.96, wechatpay: 0.95, card: 0.75 },
  DE: { klarna: 0.94 },
  SE: { klarna: 0.95 },
  NL: { klarna: 0.9 },
  AT: { klarna: 0.9 },
}

/** POST /v1/optimise. @param {any} ctx @param {any} info */
function optimise(ctx, info) {
  const body = info.body
  const e =
    checkEnvelope(body, ["request_id", "currency", "amount", "shopper_email"]) ||
    v.checkLengths(body, v.LIMITS.optimise) ||
    v.checkAmounts(body, "currency", ["amount"], "", { positive: ["amount"] }) ||
    checkMerchant(ctx, body) ||
    checkSignature(ctx, "/v1/optimise", body)
  if (e) return errorResponse(e)
  const country = String(body.billing_country || "").toUpperCase()
  const rates = { ...BASE_RATES, .../** @type {any} */ (COUNTRY_RATES)[country] }
  const ranked = Object.entries(rates)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([payment_method, acceptance_rate], i) => ({ payment_method, acceptance_rate, rank: i + 1 }))
  return {
    status: 200,
    json: {
      merchant_id: body.merchant_id,
      account_id: body.account_id,
      request_id: body.request_id,
      return_status: RETURN.OK[0],
      return_message: RETURN.OK[1],
      payment_methods: ranked,
    },
  }
}

/** POST /v1/cancelsubscription. @param {any} ctx @param {any} info */
function cancelSubscription(ctx, info) {
  const body = info.body
  const e =
    checkEnvelope(body, ["recurring_id", "contract_name"]) ||
    v.checkLengths(body, v.LIMITS.cancelSubscription) ||
    checkMerchant(ctx, body) ||
    checkSignature(ctx, "/v1/cancelsubscription", body)
  if (e) return errorResponse(e)
  const sub = ctx.store.subscriptions.get(body.recurring_id)
  /** @type {Record<string, any>} */
  const out = {
    merchant_id: body.merchant_id,
    account_id: body.account_id,
    recurring_id: body.recurring_id,
    contract_name: body.contract_name,
    cancel_status: "1",
    return_status: RETURN.OK[0],
    return_message: RETURN.OK[1],
  }
  if (!sub || sub.merchant_id !== body.merchant_id || sub.contract_name !== body.contract_name) {
    out.cancel_status = "0"
    out.error_message = "S0001:Subscription not found"
    return { status: 200, json: out }
  }
  subscriptions.cancelSubscription(ctx, sub)
  return { status: 200, json: out }
}

module.exports = { optimise, cancelSubscription }
