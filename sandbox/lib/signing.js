// @ts-check
"use strict"
/**
 * The sandbox's own implementation of the gateway's signature formulas
 * (shared/spec/gateway-notes.md "Signatures" + docs/gateway-contract.md).
 * Written from the spec on purpose: it must not share code with the plugin's signer.
 */
const crypto = require("node:crypto")

/**
 * The formulas as data (signature-fields.json), as the notes ask: for each endpoint, the fields whose values
 * are signed, in order, before the key.
 * - `acquiring` (`encryption_data`, sign key): per request path; `response` is the direct-payment answer's and
 *   every transaction notification's; `payoutNotification` the payout answer's and notification's (the payout
 *   request formula). A name ending in `[].field` takes `field` of every entry of that array, in array order.
 * - `issuing` (`sign`, api key): per path without /api; `company_id` is read from `company_id` or `companyId`,
 *   whichever the request carries.
 * @type {{ acquiring: Record<string, string[]>, issuing: Record<string, string[]> }}
 */
const FIELDS = require("./signature-fields.json")
const ACQUIRING_FIELDS = FIELDS.acquiring
const ISSUING_FIELDS = FIELDS.issuing

/** @param {unknown} v */
function text(v) {
  if (v === undefined || v === null) return ""
  if (typeof v === "object") return JSON.stringify(v)
  return String(v)
}

/** Remove every whitespace character (Unicode aware, as JS `\s`). @param {string} s */
function stripWhitespace(s) {
  return s.replace(/\s+/g, "")
}

/**
 * The ordered values a field list takes from a body. `a[].b` expands to every entry's `b`.
 * @param {Record<string, any>} body
 * @param {string[]} fields
 * @param {{ companyAlias?: boolean }} [opts]
 * @returns {string[]}
 */
function collectValues(body, fields, opts = {}) {
  /** @type {string[]} */
  const out = []
  for (const f of fields) {
    const m = /^(.+)\[\]\.(.+)$/.exec(f)
    if (m && !(body && Object.prototype.hasOwnProperty.call(body, f))) {
      const list = body ? body[m[1]] : undefined
      if (Array.isArray(list)) for (const e of list) out.push(text(e && typeof e === "object" ? e[m[2]] : undefined))
      continue
    }
    if (opts.companyAlias && f === "company_id") {
      out.push(text(body.company_id !== undefined ? body.company_id : body.companyId))
      continue
    }
    // a vector may give the expanded list directly under the "a[].b" name
    const v = body ? body[f] : undefined
    if (Array.isArray(v)) for (const e of v) out.push(text(e))
    else out.push(text(v))
  }
  return out
}

/** @param {string} s */
function sha256Hex(s) {
  return crypto.createHash("sha256").update(s, "utf8").digest("hex")
}

/**
 * Acquiring signature: lowercase hex SHA-256 of the values (whitespace removed), concatenated, then the key.
 * @param {string[]} values
 * @param {string} key
 */
function signValues(values, key) {
  return sha256Hex(values.map((v) => stripWhitespace(text(v))).join("") + key)
}

/**
 * @param {Record<string, any>} body
 * @param {string[]} fields
 * @param {string} key
 */
function acquiringSign(body, fields, key) {
  return signValues(collectValues(body, fields), key)
}

/** Timing-safe equality of two strings (false when lengths differ). @param {unknown} a @param {unknown} b */
function safeEqual(a, b) {
  const ba = Buffer.from(String(a), "utf8")
  const bb = Buffer.from(String(b), "utf8")
  if (ba.length !== bb.length) {
    // compare anyway so the time does not depend on where the difference is
    crypto.timingSafeEqual(ba, ba)
    return false
  }
  return crypto.timingSafeEqual(ba, bb)
}

/**
 * Verify an acquiring signature; hex case is ignored.
 * @param {Record<string, any>} body
 * @param {string[]} fields
 * @param {string} key
 * @param {unknown} given
 */
function acquiringVerify(body, fields, key, given) {
  if (typeof given !== "string" || !/^[0-9a-fA-F]{64}$/.test(given)) return false
  return safeEqual(acquiringSign(body, fields, key), given.toLowerCase())
}

/**
 * Issuing signature, "fields" scheme: uppercase hex SHA-256 of the listed values then the api key.
 * @param {Record<string, any>} body
 * @param {string[]} fields
 * @param {string} key
 */
function issuingSignFields(body, fields, key) {
  return signValues(collectValues(body, fields, { companyAlias: true }), key).toUpperCase()
}

/**
 * Issuing signature, "sorted-json" scheme: every top-level field but `sign`, keys sorted,
 * JSON.stringify, then the api key; SHA-256, uppercase hex.
 * @param {Record<string, any>} body
 * @param {string} key
 */
function issuingSignSortedJson(body, key) {
  /** @type {Record<string, any>} */
  const sorted = {}
  for (const k of Object.keys(body)
    .filter((k) => k !== "sign")
    .sort())
    sorted[k] = body[k]
  return sha256Hex(JSON.stringify(sorted) + key).toUpperCase()
}

/**
 * @param {string} path issuing path without the /api prefix
 * @param {Record<string, any>} body
 * @param {string} key
 * @param {"fields"|"sorted-json"} scheme
 */
function issuingSign(path, body, key, scheme = "fields") {
  if (scheme === "sorted-json") return issuingSignSortedJson(body, key)
  const fields = ISSUING_FIELDS[path]
  if (!fields) throw new Error(`no issuing signature formula for ${path}`)
  return issuingSignFields(body, fields, key)
}

/**
 * Verify an issuing `sign`. Uppercase hex is required, as the notes describe it.
 * @param {string} path
 * @param {Record<string, any>} body
 * @param {string} key
 * @param {"fields"|"sorted-json"} scheme
 */
function issuingVerify(path, body, key, scheme = "fields") {
  const given = body.sign
  if (typeof given !== "string" || !/^[0-9A-F]{64}$/.test(given)) return false
  return safeEqual(issuingSign(path, body, key, scheme), given)
}

/** Change a signature so that it no longer verifies (used by the bad_signature fault). @param {unknown} sig */
function corruptSignature(sig) {
  const s = String(sig || "")
  if (!s) return "0".repeat(64)
  const first = s[0].toLowerCase() === "0" ? "1" : "0"
  return first + s.slice(1)
}

module.exports = {
  ACQUIRING_FIELDS,
  ISSUING_FIELDS,
  collectValues,
  stripWhitespace,
  signValues,
  acquiringSign,
  acquiringVerify,
  issuingSign,
  issuingSignFields,
  issuingSignSortedJson,
  issuingVerify,
  safeEqual,
  corruptSignature,
  sha256Hex,
}
