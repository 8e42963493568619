/**
 * Redaction: the ONE function every log line of the gateway code goes through (`redact`), and the masking
 * of a card number for storage (`maskPan`).
 *
 * What never appears after `redact`:
 * - card numbers: any run of 12–19 digits (optionally grouped by single spaces or dashes) that passes the
 *   Luhn check keeps only its last 4 digits; fields named like a card number are masked whatever they hold;
 * - security codes (`security_code`, and any field whose name ends in cvv/cvc), the card's expiry
 *   (`expiration_month`, `expiration_year`), stored-card tokens (`token_id`), sign keys, api keys, passwords
 *   and secrets, `encryption_data` and `sign` (replaced by "[REDACTED]"), in objects, in JSON text, in
 *   form-encoded text and in XML text;
 * - any extra secret string passed in `options.secrets` (e.g. the configured sign key itself).
 *
 * The input is never mutated; circular references become "[Circular]"; the keys `__proto__`, `constructor` and
 * `prototype` are left out (./plain-object.ts).
 */

import { isUnsafeKey, safeEntries } from "./plain-object"

export const REDACTED = "[REDACTED]"

/** Field names whose value is a card number (masked, last 4 kept). Compared case-insensitively. */
const PAN_FIELDS = new Set(["card", "card_number", "cardnumber", "card_no", "cardno", "pan", "primary_account_number"])

/** Field names whose value must never be shown at all. Compared case-insensitively, `-` treated as `_`. */
const SECRET_FIELDS = new Set([
  "security_code",
  "expiration_month",
  "expiration_year",
  "sign",
  "signature",
  "encryption_data",
  "sign_key",
  "signkey",
  "api_key",
  "apikey",
  "x_api_key",
  "secret",
  "client_secret",
  "password",
  "authorization",
  "signinfo",
  // a stored card's token pays without the card: a secret of the store
  "token_id",
  "token",
])

function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/-/g, "_")
}

/** Any name ending in cvv/cvc (cvv, cvc2, a legacy card-prefixed spelling...). */
const CVV_NAME = /cv[vc]2?$/

export function isSecretField(key: string): boolean {
  const k = normaliseKey(key)
  return SECRET_FIELDS.has(k) || CVV_NAME.test(k)
}

export function isPanField(key: string): boolean {
  return PAN_FIELDS.has(normaliseKey(key))
}

/** Luhn check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  let double = false
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48
    if (double) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
    double = !double
  }
  return sum % 10 === 0
}

/**
 * Masks a card number for storage or display.
 * - `"bin"` (default): first 6 and last 4 digits kept, e.g. `424242******4242` (PCI DSS allows storing these);
 * - `"last4"`: `**** 4242`.
 * Non-digits are ignored; fewer than 10 digits give `**** ` plus the last 4 (or all `*`).
 */
export function maskPan(pan: string, style: "bin" | "last4" = "bin"): string {
  const digits = String(pan).replace(/\D/g, "")
  const last4 = digits.slice(-4)
  if (style === "last4" || digits.length < 13) return digits.length >= 4 ? `**** ${last4}` : "****"
  return `${digits.slice(0, 6)}${"*".repeat(digits.length - 10)}${last4}`
}

/** Replaces a card-number value kept in a log by stars and its last 4 digits. */
function maskForLog(value: string): string {
  const digits = value.replace(/\D/g, "")
  if (digits.length === 0) return value.length === 0 ? value : REDACTED
  if (digits.length <= 4) return "*".repeat(digits.length)
  return "*".repeat(digits.length - 4) + digits.slice(-4)
}

const DIGIT_SEQUENCE = /\d+(?:[ -]\d+)*/g

/** Masks every 12–19 digit Luhn-valid run (groups separated by one space or dash allowed) in a text. */
export function maskPansInText(text: string): string {
  return text.replace(DIGIT_SEQUENCE, (seq) => {
    if (seq.replace(/\D/g, "").length < 12) return seq
    // parts: digits, separator, digits, separator, ..., digits
    const parts = seq.split(/([ -])/)
    const groupCount = (parts.length + 1) / 2
    const group = (k: number) => parts[k * 2]!
    let i = 0
    while (i < groupCount) {
      // the longest run of whole groups starting at i with 12–19 digits that passes Luhn
      let end = -1
      let digits = ""
      for (let j = i; j < groupCount; j++) {
        digits += group(j)
        if (digits.length > 19) break
        if (digits.length >= 12 && luhnValid(digits)) end = j
      }
      if (end < 0) {
        i++
        continue
      }
      // star every digit of groups i..end except the last 4 digits of the run
      let keep = 4
      for (let k = end; k >= i; k--) {
        const g = group(k)
        let out = ""
        for (let c = g.length - 1; c >= 0; c--) {
          out = (keep > 0 ? g[c] : "*") + out
          if (keep > 0) keep--
        }
        parts[k * 2] = out
      }
      i = end + 1
    }
    return parts.join("")
  })
}

const SECRET_NAME_PATTERN =
  "(?:[A-Za-z_]*cv[vc]2?|security_code|expiration_month|expiration_year|sign|signature|encryption_data|sign_?key|api_?key|x-api-key|client_secret|secret|password|signInfo|token_id|token)"
const PAN_NAME_PATTERN = "(?:card|card_?number|card_?no|pan)"

// JSON text: "name": "value"  or "name": 123
const JSON_SECRET = new RegExp(`("${SECRET_NAME_PATTERN}"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*)`, "gi")
const JSON_PAN = new RegExp(`("${PAN_NAME_PATTERN}"\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, "gi")
// form text: name=value (until & or whitespace)
const FORM_SECRET = new RegExp(`(^|[&?\\s;,])(${SECRET_NAME_PATTERN})=([^&\\s]*)`, "gi")
const FORM_PAN = new RegExp(`(^|[&?\\s;,])(${PAN_NAME_PATTERN})=([^&\\s]*)`, "gi")
// XML/HTML text: <name>value</name>
const XML_SECRET = new RegExp(`(<(${SECRET_NAME_PATTERN})(?:\\s[^>]*)?>)([^<]*)(</\\2\\s*>)`, "gi")
const XML_PAN = new RegExp(`(<(${PAN_NAME_PATTERN})(?:\\s[^>]*)?>)([^<]*)(</\\2\\s*>)`, "gi")
// HTML input: name="secret" value="..."
const HTML_INPUT_SECRET = new RegExp(`(name=["']${SECRET_NAME_PATTERN}["'][^>]*?value=["'])([^"']*)`, "gi")

export interface RedactOptions {
  /** Literal secret strings (sign key, api key) that must not appear anywhere. */
  secrets?: readonly string[]
}

function redactString(text: string, options?: RedactOptions): string {
  let out = text
  if (options?.secrets) {
    for (const s of options.secrets) {
      if (s && s.length >= 4) out = out.split(s).join(REDACTED)
    }
  }
  out = out
    .replace(JSON_SECRET, (_m, pre: string) => `${pre}"${REDACTED}"`)
    .replace(JSON_PAN, (_m, pre: string, v: string) => `${pre}"${maskForLog(v)}"`)
    .replace(FORM_SECRET, (_m, pre: string, name: string) => `${pre}${name}=${REDACTED}`)
    .replace(FORM_PAN, (_m, pre: string, name: string, v: string) => `${pre}${name}=${maskForLog(decodeSafe(v))}`)
    .replace(XML_SECRET, (_m, open: string, _n: string, _v: string, close: string) => `${open}${REDACTED}${close}`)
    .replace(XML_PAN, (_m, open: string, _n: string, v: string, close: string) => `${open}${maskForLog(v)}${close}`)
    .replace(HTML_INPUT_SECRET, (_m, pre: string) => `${pre}${REDACTED}`)
  return maskPansInText(out)
}

function decodeSafe(v: string): string {
  try {
    return decodeURIComponent(v.replace(/\+/g, " "))
  } catch {
    return v
  }
}

function redactValue(value: unknown, options: RedactOptions | undefined, seen: WeakSet<object>): unknown {
  if (typeof value === "string") return redactString(value, options)
  if (typeof value === "number" || typeof value === "bigint") {
    const s = String(value)
    return /^\d{12,19}$/.test(s) && luhnValid(s) ? maskForLog(s) : value
  }
  if (value === null || typeof value !== "object") return value
  if (seen.has(value)) return "[Circular]"
  seen.add(value)
  try {
    if (Array.isArray(value)) return value.map((v) => redactValue(v, options, seen))
    if (value instanceof Date) return new Date(value.getTime())
    if (Buffer.isBuffer(value)) return redactString(value.toString("utf8"), options)
    if (value instanceof Map) {
      const out: Record<string, unknown> = {}
      for (const [k, v] of value) if (!isUnsafeKey(String(k))) out[String(k)] = redactEntry(String(k), v, options, seen)
      return out
    }
    const out: Record<string, unknown> = {}
    if (value instanceof Error) {
      out.name = value.name
      out.message = redactString(value.message, options)
      if (value.stack) out.stack = redactString(value.stack, options)
      if ((value as { cause?: unknown }).cause !== undefined) {
        out.cause = redactValue((value as { cause?: unknown }).cause, options, seen)
      }
    }
    for (const [k, v] of safeEntries(value)) out[k] = redactEntry(k, v, options, seen)
    return out
  } finally {
    seen.delete(value)
  }
}

function redactEntry(key: string, v: unknown, options: RedactOptions | undefined, seen: WeakSet<object>): unknown {
  if (isSecretField(key)) return v === undefined || v === null || v === "" ? v : REDACTED
  if (isPanField(key) && (typeof v === "string" || typeof v === "number")) return maskForLog(String(v))
  return redactValue(v, options, seen)
}

/**
 * Returns a redacted copy of any value (string, object, array, Error, nested mix) that is safe to log.
 * The input is not modified.
 */
export function redact<T>(value: T, options?: RedactOptions): T extends string ? string : unknown
export function redact(value: unknown, options?: RedactOptions): unknown {
  return redactValue(value, options, new WeakSet())
}
