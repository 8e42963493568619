// @ts-check
"use strict"
/**
 * Request body reading and parsing: JSON and application/x-www-form-urlencoded.
 * In a form body, an array or object field is sent as its JSON text (contract, "Transport").
 */

const MAX_BODY_BYTES = 1024 * 1024

/** Fields that are arrays or objects in the gateway's requests (and in control requests). */
const STRUCTURED_FIELDS = new Set([
  "capture_orders",
  "review_orders",
  "cancel_orders",
  "cart_items",
  "account_owner",
  "total_discount",
  "additional_information",
  "subscription",
  "beneficiary",
  "payer",
  "rules",
])

class BodyError extends Error {
  /** @param {number} status @param {string} message */
  constructor(status, message) {
    super(message)
    this.status = status
  }
}

/**
 * Read the whole body as text.
 * @param {import("node:http").IncomingMessage} req
 * @returns {Promise<string>}
 */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = []
    let size = 0
    let failed = false
    req.on("data", (c) => {
      if (failed) return
      size += c.length
      if (size > MAX_BODY_BYTES) {
        failed = true
        reject(new BodyError(413, "request body too large"))
        return
      }
      chunks.push(c)
    })
    req.on("end", () => {
      if (!failed) resolve(Buffer.concat(chunks).toString("utf8"))
    })
    req.on("error", (e) => {
      if (!failed) {
        failed = true
        reject(e)
      }
    })
  })
}

/**
 * Parse form text; structured fields holding JSON text become arrays/objects.
 * `refund_orders` is structured in /v1/refund but a comma-separated filter in /v1/retrievalRefund,
 * so it is decoded only when its text looks like a JSON array.
 * @param {string} text
 * @returns {Record<string, any>}
 */
function parseForm(text) {
  /** @type {Record<string, any>} */
  const out = {}
  for (const [k, v] of new URLSearchParams(text)) {
    out[k] = v
  }
  for (const k of Object.keys(out)) {
    const v = out[k]
    const structured = STRUCTURED_FIELDS.has(k) || (k === "refund_orders" && /^\s*\[/.test(v))
    if (structured && typeof v === "string" && /^\s*[[{]/.test(v)) {
      try {
        out[k] = JSON.parse(v)
      } catch {
        // left as text: validation reports the field as malformed
      }
    }
  }
  return out
}

/**
 * Parse a body. JSON when the type says so or when the text is a JSON object, whatever the type says: the
 * public docs' samples send JSON text with `Content-Type: application/x-www-form-urlencoded`
 * (public-docs.md), and a real form body never starts with `{`. Form otherwise.
 * @param {string} text
 * @param {string|undefined} contentType
 * @returns {Record<string, any>}
 */
function parseBody(text, contentType) {
  const type = String(contentType || "")
    .split(";")[0]
    .trim()
    .toLowerCase()
  const trimmed = text.trim()
  if (trimmed === "") return {}
  const looksJson = trimmed.startsWith("{")
  if (type === "application/json" || type.endsWith("+json") || looksJson) {
    let parsed
    try {
      parsed = JSON.parse(trimmed)
    } catch {
      throw new BodyError(400, "body is not valid JSON")
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
      throw new BodyError(400, "body must be a JSON object")
    return parsed
  }
  return parseForm(text)
}

module.exports = { readBody, parseBody, parseForm, BodyError, MAX_BODY_BYTES }
