// @ts-check
"use strict"
/**
 * The acquiring API (`{base_url}/v1/...`): routes requests to their handlers.
 * Every endpoint is POST and accepts JSON or form bodies.
 */
const { parseBody } = require("./body")
const payments = require("./payments")
const batches = require("./batches")
const queries = require("./queries")
const payouts = require("./payouts")
const extras = require("./extras")

/** @type {Record<string, (ctx: any, info: any) => any>} */
const ROUTES = {
  "/v1/authorise": payments.authorise,
  "/v1/checkout": payments.checkout,
  "/v1/retrievalTrans": queries.retrievalTrans,
  "/v1/retrievalRefund": queries.retrievalRefund,
  "/v1/capture": (ctx, info) => batches.runBatch(ctx, info, batches.KINDS.capture),
  "/v1/cancel": (ctx, info) => batches.runBatch(ctx, info, batches.KINDS.cancel),
  "/v1/review": (ctx, info) => batches.runBatch(ctx, info, batches.KINDS.review),
  "/v1/refund": (ctx, info) => batches.runBatch(ctx, info, batches.KINDS.refund),
  "/v1/payout": payouts.payout,
  "/v1/optimise": extras.optimise,
  "/v1/cancelsubscription": extras.cancelSubscription,
}

/**
 * @param {any} ctx
 * @param {{ method: string, path: string, text: string, contentType: string|undefined }} info
 */
function handleAcquiring(ctx, info) {
  const handler = ROUTES[info.path]
  if (!handler)
    return {
      status: 404,
      json: { code: "I0404", source: "path", message: `Record not found: no endpoint ${info.path}` },
    }
  if (info.method !== "POST")
    return {
      status: 405,
      headers: { allow: "POST" },
      json: { code: "I0002", source: "method", message: `${info.path} accepts POST only` },
    }
  let body
  try {
    body = parseBody(info.text, info.contentType)
  } catch (e) {
    return { status: 400, json: { code: "I0002", source: "body", message: String(/** @type {any} */ (e).message) } }
  }
  return handler(ctx, { ...info, body })
}

module.exports = { handleAcquiring, ROUTES }
