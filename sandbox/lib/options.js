// @ts-check
"use strict"
/**
 * Options of startSandbox() and their defaults; the CLI flags map onto them one to one.
 */
const { ENVELOPE_LIMITS } = require("./validation")

// The options are described in ../index.d.ts (SandboxOptions).

/** @type {import("../index").ResolvedSandboxOptions} */
const DEFAULTS = {
  host: "127.0.0.1",
  port: 0,
  merchantId: "701001",
  accountId: "701001010",
  signKey: "sandbox_sign_key",
  companyId: "4101",
  apiKey: "sandbox_api_key",
  latencyMs: 0,
  refundDelayMs: 0,
  payoutDelayMs: 0,
  notifyBaseMs: 1000,
  notifyAttempts: 10,
  issuingSignScheme: "fields",
  registeredIps: undefined,
  paidStatus: null,
  quiet: false,
}

const STRING_OPTIONS = ["host", "merchantId", "accountId", "signKey", "companyId", "apiKey"]
const DELAY_OPTIONS = ["latencyMs", "refundDelayMs", "payoutDelayMs", "notifyBaseMs"]
const SIGN_SCHEMES = ["fields", "sorted-json"]

/**
 * Fill in defaults and validate; throws a TypeError naming the bad option.
 * @param {import("../index").SandboxOptions} [input]
 * @returns {import("../index").ResolvedSandboxOptions}
 */
function resolveOptions(input = {}) {
  if (!input || typeof input !== "object") throw new TypeError("options must be an object")
  /** @type {any} */
  const o = { ...DEFAULTS }
  for (const [k, val] of Object.entries(input)) {
    if (val === undefined) continue
    if (!Object.prototype.hasOwnProperty.call(DEFAULTS, k)) throw new TypeError(`unknown option ${k}`)
    o[k] = val
  }
  for (const k of STRING_OPTIONS) {
    if (typeof o[k] !== "string" || o[k] === "") throw new TypeError(`option ${k} must be a non-empty string`)
  }
  // the gateway's own limits: a longer merchant or account could never be sent
  for (const [k, field] of [
    ["merchantId", "merchant_id"],
    ["accountId", "account_id"],
  ]) {
    const max = ENVELOPE_LIMITS[field]
    if (o[k].length > max) throw new TypeError(`option ${k} must be at most ${max} characters`)
  }
  if (!Number.isInteger(o.port) || o.port < 0 || o.port > 65535)
    throw new TypeError("option port must be an integer from 0 to 65535")
  for (const k of DELAY_OPTIONS) {
    if (typeof o[k] !== "number" || !Number.isFinite(o[k]) || o[k] < 0)
      throw new TypeError(`option ${k} must be a non-negative number`)
  }
  if (!Number.isInteger(o.notifyAttempts) || o.notifyAttempts < 1)
    throw new TypeError("option notifyAttempts must be an integer of at least 1")
  if (!SIGN_SCHEMES.includes(o.issuingSignScheme))
    throw new TypeError(`option issuingSignScheme must be one of ${SIGN_SCHEMES.join(", ")}`)
  if (
    o.registeredIps !== undefined &&
    !(Array.isArray(o.registeredIps) && o.registeredIps.every((/** @type {unknown} */ x) => typeof x === "string"))
  ) {
    throw new TypeError("option registeredIps must be an array of strings")
  }
  if (o.paidStatus !== null && !(typeof o.paidStatus === "string" && /^[0-9]{1,10}$/.test(o.paidStatus))) {
    throw new TypeError("option paidStatus must be null or a payment_status code (digits)")
  }
  o.quiet = !!o.quiet
  return o
}

module.exports = { DEFAULTS, resolveOptions, SIGN_SCHEMES }
