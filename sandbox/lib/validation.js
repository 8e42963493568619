// @ts-check
"use strict"
/**
 * Request validation: required fields, length limits (gateway-notes.md "Transport"), formats, Luhn.
 * Acquiring failures are `{ code, source, message }` (I0001 missing, I0002 too long or malformed).
 */
const money = require("./money")

/**
 * Field length limits, as data (field-limits.json): `payment` from the notes ("Transport") plus return_url
 * from the contract; `envelope`, the merchant fields and signature of every acquiring request; `batchEntry`,
 * the notes' refund limits applied to every batch kind, plus review_flag; `optimise` and `cancelSubscription`,
 * the sandbox's own for those endpoints. Checked in the file's order, so the first field over its limit is named.
 * @type {Record<"payment" | "envelope" | "batchEntry" | "optimise" | "cancelSubscription", Record<string, number>>}
 */
const LIMITS = require("./field-limits.json")
const PAYMENT_LIMITS = LIMITS.payment
const ENVELOPE_LIMITS = LIMITS.envelope
const ENTRY_LIMITS = LIMITS.batchEntry

/** Amount parts of a payment: amount = item_total + shipping + handling + tax_total + insurance - shipping_discount - discount. */
const AMOUNT_PARTS_PLUS = ["item_total", "shipping", "handling", "tax_total", "insurance"]
const AMOUNT_PARTS_MINUS = ["shipping_discount", "discount"]

/**
 * @param {string} code
 * @param {string} source
 * @param {string} message
 */
function fail(code, source, message) {
  return { code, source, message }
}

/** @param {unknown} v */
function isBlank(v) {
  return v === undefined || v === null || (typeof v === "string" && v.trim() === "")
}

/**
 * Required fields must be present and non-blank strings.
 * @param {Record<string, any>} body
 * @param {string[]} names
 * @param {string} [prefix]
 */
function checkRequired(body, names, prefix = "") {
  for (const n of names) {
    if (isBlank(body[n])) return fail("I0001", prefix + n, `${prefix + n} is required`)
  }
  return null
}

/**
 * Present fields with a limit must be strings no longer than the limit.
 * @param {Record<string, any>} body
 * @param {Record<string, number>} limits
 * @param {string} [prefix]
 */
function checkLengths(body, limits, prefix = "") {
  for (const [n, max] of Object.entries(limits)) {
    const v = body[n]
    if (v === undefined || v === null) continue
    if (typeof v !== "string") return fail("I0002", prefix + n, `${prefix + n} must be a string`)
    if (v.length > max) return fail("I0002", prefix + n, `${prefix + n} is longer than ${max} characters`)
  }
  return null
}

/**
 * A currency code and an amount in that currency's exponent (strict).
 * @param {Record<string, any>} body
 * @param {string} currencyField
 * @param {string[]} amountFields  fields that, when present and non-empty, must be amounts
 * @param {string} [prefix]
 * @param {{ positive?: string[] }} [opts] fields that must also be > 0
 */
function checkAmounts(body, currencyField, amountFields, prefix = "", opts = {}) {
  const currency = body[currencyField]
  if (!money.isCurrencyCode(currency)) {
    return fail(
      "I0002",
      prefix + currencyField,
      `${prefix + currencyField} must be a three-letter ISO 4217 code in capitals`
    )
  }
  for (const f of amountFields) {
    const v = body[f]
    if (v === undefined || v === null || v === "") continue
    const minor = money.parseStrict(v, currency)
    if (minor === null) {
      const e = money.exponentOf(currency)
      return fail(
        "I0002",
        prefix + f,
        `${prefix + f} must be a decimal string with ${e} decimal${e === 1 ? "" : "s"} for ${currency} (e.g. ${money.format(1234n, currency)})`
      )
    }
    if ((opts.positive || []).includes(f) && minor <= 0n)
      return fail("I0002", prefix + f, `${prefix + f} must be greater than zero`)
  }
  return null
}

/**
 * The `items` text (public docs, Items page): items separated by `#;#`, components by `#,#`; per item
 * name, goods id, unit price, quantity, goods URL, id (6 components), or the first four only (older doc
 * versions, and the direct-payment sample itself). An empty component is written `0`, so no component may be
 * empty. The unit price is an amount in the order currency (its exponent, as `amount`) or `0`; the quantity a
 * whole number; the goods URL `0` or an http(s) URL. The sum of the items is not compared with `amount`: the
 * docs' own sample does not add up.
 * @param {unknown} items
 * @param {string} currency  the order currency (already validated)
 */
function checkItems(items, currency) {
  if (typeof items !== "string") return fail("I0002", "items", "items must be a string")
  const list = items.split("#;#")
  for (let i = 0; i < list.length; i++) {
    const n = i + 1
    const parts = list[i].split("#,#")
    if (parts.length !== 4 && parts.length !== 6) {
      return fail(
        "I0002",
        "items",
        `item ${n} of items has ${parts.length} component${parts.length === 1 ? "" : "s"}: expected name#,#goods id#,#unit price#,#quantity#,#goods URL#,#id (6) or the first 4, items separated by #;#`
      )
    }
    const [name, goodsId, price, quantity, url, id] = parts.map((p) => p.trim())
    const empty = [
      ["name", name],
      ["goods id", goodsId],
      ["unit price", price],
      ["quantity", quantity],
      ["goods URL", url],
      ["id", id],
    ].find(([, value]) => value === "")
    if (empty)
      return fail("I0002", "items", `item ${n} of items has an empty ${empty[0]}: an empty component is written 0`)
    if (price !== "0" && money.parseStrict(price, currency) === null) {
      const e = money.exponentOf(currency)
      return fail(
        "I0002",
        "items",
        `item ${n} of items: unit price ${price} must be an amount in the order currency ${currency} (${e} decimal${e === 1 ? "" : "s"}, e.g. ${money.format(1234n, currency)})`
      )
    }
    if (!/^[0-9]{1,9}$/.test(quantity))
      return fail("I0002", "items", `item ${n} of items: quantity ${quantity} must be a whole number`)
    if (url !== undefined && url !== "0" && !isHttpUrl(url))
      return fail("I0002", "items", `item ${n} of items: goods URL must be an http(s) URL or 0`)
  }
  return null
}

/** Luhn check of a digit string. @param {string} digits */
function luhnValid(digits) {
  if (!/^[0-9]{12,19}$/.test(digits)) return false
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

/** The digit that makes `partial` + digit pass Luhn. @param {string} partial */
function luhnCheckDigit(partial) {
  for (let d = 0; d <= 9; d++) if (luhnValid(partial + d)) return String(d)
  throw new Error("unreachable")
}

/** year-month-day, a real calendar date. @param {unknown} v */
function isDate(v) {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false
  const d = new Date(v + "T00:00:00Z")
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}

/** day-month-year with dashes (payment `birth_date`). @param {unknown} v */
function isDayMonthYear(v) {
  if (typeof v !== "string") return false
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v)
  return !!m && isDate(`${m[3]}-${m[2]}-${m[1]}`)
}

/** @param {unknown} v */
function isHttpUrl(v) {
  if (typeof v !== "string") return false
  try {
    const u = new URL(v)
    return u.protocol === "http:" || u.protocol === "https:"
  } catch {
    return false
  }
}

module.exports = {
  LIMITS,
  PAYMENT_LIMITS,
  ENVELOPE_LIMITS,
  ENTRY_LIMITS,
  AMOUNT_PARTS_PLUS,
  AMOUNT_PARTS_MINUS,
  fail,
  isBlank,
  checkRequired,
  checkLengths,
  checkAmounts,
  checkItems,
  luhnValid,
  luhnCheckDigit,
  isDate,
  isDayMonthYear,
  isHttpUrl,
}
