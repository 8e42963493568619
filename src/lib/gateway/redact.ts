/**
 * Redaction: the ONE function every log line of the gateway code goes through (`redact`), and the masking
 * of a card number for storage (`maskPan`).
 *
 * What never appears after `redact`:
 * - card numbers: any run of 12–19 digits (optionally grouped by single spaces or dashes) that passes the
 *   Luhn check keeps only its last 4 digits; fields named like a card number are masked whatever they hold;
 * - security codes (`security_code`, any name ending in cvv/cvc, `csc`, `cvn`), the card's expiry
 *   (`expiration_month`, `exp_year`, `expireMonth`, `expiry_date`, ...), stored-card tokens (`token_id`,
 *   `token`), bank account numbers (`account_number`, `iban`), sign keys, api keys, passwords and secrets,
 *   `encryption_data` and `sign` (replaced by "[REDACTED]"), in objects, in JSON text, in form-encoded text and
 *   in XML text;
 * - any extra secret string passed in `options.secrets` (e.g. the configured sign key itself), and fields of
 *   any extra name in `options.secretFields` / `options.panFields` (the gateway's names of our sensitive
 *   fields when the wire map renames them, e.g. `security_code` → `cvn2`).
 *
 * Field names are compared NORMALISED: lowercased with `_` and `-` removed, so `security_code`,
 * `securityCode`, `SECURITY-CODE` and `securitycode` are one name, whatever spelling a gateway or a
 * `fieldNames` option uses.
 *
 * The input is never mutated; circular references become "[Circular]"; the keys `__proto__`, `constructor` and
 * `prototype` are left out (./plain-object.ts).
 */

import { isUnsafeKey, safeEntries } from "./plain-object"

export const REDACTED = "[REDACTED]"

/** A field name as redaction compares it: lowercase, without `_` and `-`. */
export function normaliseFieldName(key: string): string {
  return key.toLowerCase().replace(/[_-]/g, "")
}

/** Field names (normalised) whose value is a card number (masked, last 4 kept). */
const PAN_FIELDS = new Set(["card", "cardnumber", "cardno", "pan", "primaryaccountnumber"])

/** Field names (normalised) whose value must never be shown at all. */
const SECRET_FIELDS = new Set([
  "securitycode",
  "csc",
  "cvn",
  "cvd",
  "cardcode",
  "sign",
  "signature",
  "encryptiondata",
  "secret",
  "password",
  "authorization",
  "signinfo",
  // a stored card's token pays without the card: a secret of the store
  "tokenid",
  "token",
  // a card grant lets its holder post a card for a customer's cart (src/domain/card-grant.ts)
  "cardgrant",
  "grant",
  // a payout beneficiary's bank account
  "accountnumber",
  "iban",
])

/** Any name ending in cvv/cvc (cvv, cvc2, cardCvv...), or in a secret's name (client_secret, x-api-key, accessToken...). */
const SECRET_SUFFIX = /(cv[vc]2?|secret|password|apikey|signkey|token|tokenid)$/

/** The card's expiry in any spelling: exp_month, expireYear, expiry_date, expiration_month, card_exp_year, expiry... */
const EXPIRY_NAME = /^(card)?exp(iry|iration|ire|ires)?(month|year|date|mm|yy|yyyy)?$/

export function isSecretField(key: string): boolean {
  const k = normaliseFieldName(key)
  return SECRET_FIELDS.has(k) || SECRET_SUFFIX.test(k) || (k !== "exp" && EXPIRY_NAME.test(k))
}

export function isPanField(key: string): boolean {
  return PAN_FIELDS.has(normaliseFieldName(key))
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

// Every "name: value" shape in text is found by a pattern that takes ANY name; the name is then judged by
// `kindOf` (normalised, plus the extra names of the options), so that no spelling escapes a fixed list.
const NAME = "[A-Za-z_][A-Za-z0-9_.:-]{0,63}"
// JSON text: "name": "value"  or "name": 123
const JSON_FIELD = new RegExp(`("(${NAME})"\\s*:\\s*)("(?:[^"\\\\]|\\\\.)*"|-?\\d[\\d.eE+-]*)`, "g")
// form text: name=value (until & or whitespace)
const FORM_FIELD = new RegExp(`(^|[&?\\s;,])(${NAME})=([^&\\s]*)`, "g")
// XML/HTML text: <name>value</name>
const XML_FIELD = new RegExp(`(<(${NAME})(?:\\s[^>]*)?>)([^<]*)(</\\2\\s*>)`, "g")
// HTML input: name="secret" value="..."
const HTML_INPUT = new RegExp(`(name=["'](${NAME})["'][^>]*?value=["'])([^"']*)`, "g")

export interface RedactOptions {
  /** Literal secret strings (sign key, api key) that must not appear anywhere. */
  secrets?: readonly string[]
  /** More field names whose value must never be shown (e.g. the gateway's name of `security_code`). */
  secretFields?: readonly string[]
  /** More field names whose value is a card number (e.g. the gateway's name of `card`). */
  panFields?: readonly string[]
}

const normalisedLists = new WeakMap<readonly string[], ReadonlySet<string>>()
function normalisedSet(list: readonly string[] | undefined): ReadonlySet<string> | null {
  if (!list?.length) return null
  let set = normalisedLists.get(list)
  if (!set) normalisedLists.set(list, (set = new Set(list.map(normaliseFieldName))))
  return set
}

/** What a field of this name holds for redaction: a secret, a card number, or nothing to hide. */
function kindOf(key: string, options: RedactOptions | undefined): "secret" | "pan" | null {
  if (isSecretField(key)) return "secret"
  if (isPanField(key)) return "pan"
  if (options?.secretFields || options?.panFields) {
    const k = normaliseFieldName(key)
    if (normalisedSet(options.secretFields)?.has(k)) return "secret"
    if (normalisedSet(options.panFields)?.has(k)) return "pan"
  }
  return null
}

function redactString(text: string, options?: RedactOptions): string {
  let out = text
  if (options?.secrets) {
    for (const s of options.secrets) {
      if (s && s.length >= 4) out = out.split(s).join(REDACTED)
    }
  }
  out = out
    .replace(JSON_FIELD, (m, pre: string, name: string, v: string) => {
      const kind = kindOf(name, options)
      if (kind === "secret") return `${pre}"${REDACTED}"`
      if (kind === "pan") return `${pre}"${maskForLog(v.startsWith('"') ? v.slice(1, -1) : v)}"`
      return m
    })
    .replace(FORM_FIELD, (m, pre: string, name: string, v: string) => {
      const kind = kindOf(name, options)
      if (kind === "secret") return `${pre}${name}=${REDACTED}`
      if (kind === "pan") return `${pre}${name}=${maskForLog(decodeSafe(v))}`
      return m
    })
    .replace(XML_FIELD, (m, open: string, name: string, v: string, close: string) => {
      const kind = kindOf(name, options)
      if (kind === "secret") return `${open}${REDACTED}${close}`
      if (kind === "pan") return `${open}${maskForLog(v)}${close}`
      return m
    })
    .replace(HTML_INPUT, (m, pre: string, name: string) => (kindOf(name, options) ? `${pre}${REDACTED}` : m))
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
  const kind = kindOf(key, options)
  if (kind === "secret") return v === undefined || v === null || v === "" ? v : REDACTED
  if (kind === "pan" && (typeof v === "string" || typeof v === "number")) return maskForLog(String(v))
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
