// @ts-check
"use strict"
/**
 * Checks every acquiring endpoint shares: envelope fields, merchant, signature; error answers.
 */
const signing = require("./signing")
const v = require("./validation")

/** return_status / return_message pairs of batch and query envelopes. */
const RETURN = {
  OK: ["1", "OK"],
  INCOMPLETE: ["3", "incomplete parameters"],
  TOO_MANY: ["4", "too many orders"],
  IP: ["7", "IP not registered"],
}

/**
 * The 4xx answer of an error found before processing.
 * @param {{ code: string, source: string, message: string }} err
 */
function errorResponse(err) {
  return {
    status: err.code === "I0404" ? 404 : 400,
    json: { code: err.code, source: err.source, message: err.message },
  }
}

/**
 * Required envelope fields plus the endpoint's own, and the envelope length limits.
 * @param {Record<string, any>} body
 * @param {string[]} [extraRequired]
 */
function checkEnvelope(body, extraRequired = []) {
  return (
    v.checkRequired(body, ["merchant_id", "account_id", ...extraRequired, "encryption_data"]) ||
    v.checkLengths(body, v.ENVELOPE_LIMITS)
  )
}

/**
 * The merchant and account must be the sandbox's (I0404).
 * @param {any} ctx @param {Record<string, any>} body
 */
function checkMerchant(ctx, body) {
  if (body.merchant_id !== ctx.options.merchantId)
    return v.fail("I0404", "merchant_id", `unknown merchant_id ${body.merchant_id}`)
  if (body.account_id !== ctx.options.accountId)
    return v.fail("I0404", "account_id", `unknown account_id ${body.account_id} for merchant ${body.merchant_id}`)
  return null
}

/**
 * Verify encryption_data with the endpoint's formula (I0013).
 * @param {any} ctx @param {string} path @param {Record<string, any>} body
 */
function checkSignature(ctx, path, body) {
  const fields = signing.ACQUIRING_FIELDS[path]
  if (!signing.acquiringVerify(body, fields, ctx.options.signKey, body.encryption_data)) {
    return v.fail(
      "I0013",
      "encryption_data",
      `signature error: encryption_data does not match SHA-256 of ${fields.join(", ")} + sign key`
    )
  }
  return null
}

/**
 * A comma-separated filter (or a JSON array) -> list of non-empty trimmed values.
 * @param {unknown} value
 * @returns {string[]}
 */
function splitList(value) {
  if (value === undefined || value === null) return []
  const items = Array.isArray(value) ? value.map((x) => String(x)) : String(value).split(",")
  return items.map((s) => s.trim()).filter((s) => s !== "")
}

/** Normalise an IP text (IPv4-mapped IPv6 -> IPv4). @param {string|undefined} ip */
function normaliseIp(ip) {
  const s = String(ip || "")
  return s.startsWith("::ffff:") && s.includes(".") ? s.slice(7) : s
}

module.exports = { RETURN, errorResponse, checkEnvelope, checkMerchant, checkSignature, splitList, normaliseIp }
