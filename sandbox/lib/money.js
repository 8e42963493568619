// @ts-check
"use strict"
/**
 * Exact money arithmetic: decimal strings <-> integer minor units (BigInt). No floats anywhere.
 */

/** ISO 4217 exponents that differ from 2 (a small table; every other currency uses 2). @type {Record<string, number>} */
const EXPONENTS = {
  JPY: 0,
  KRW: 0,
  VND: 0,
  CLP: 0,
  ISK: 0,
  UGX: 0,
  XAF: 0,
  XOF: 0,
  KWD: 3,
  BHD: 3,
  OMR: 3,
  JOD: 3,
  TND: 3,
  LYD: 3,
  IQD: 3,
}

/** @param {string} currency */
function exponentOf(currency) {
  const c = String(currency || "").toUpperCase()
  return Object.prototype.hasOwnProperty.call(EXPONENTS, c) ? EXPONENTS[c] : 2
}

/** @param {string} currency */
function isCurrencyCode(currency) {
  return typeof currency === "string" && /^[A-Z]{3}$/.test(currency)
}

/**
 * Parse a decimal string that must carry exactly the currency's exponent
 * ("10.36" for USD, "1000" for JPY, "1.250" for KWD). Returns minor units, or null when malformed.
 * @param {unknown} value
 * @param {string} currency
 * @returns {bigint|null}
 */
function parseStrict(value, currency) {
  if (typeof value !== "string") return null
  const e = exponentOf(currency)
  const re = e === 0 ? /^(0|[1-9][0-9]*)$/ : new RegExp(`^(0|[1-9][0-9]*)\\.([0-9]{${e}})$`)
  const m = re.exec(value)
  if (!m) return null
  return BigInt(m[1] + (e === 0 ? "" : m[2]))
}

/**
 * Parse a decimal string with at most the currency's exponent of decimals ("25", "25.5", "25.00").
 * @param {unknown} value
 * @param {string} currency
 * @returns {bigint|null}
 */
function parseLenient(value, currency) {
  if (typeof value !== "string") return null
  const e = exponentOf(currency)
  const m = /^([0-9]+)(?:\.([0-9]+))?$/.exec(value)
  if (!m) return null
  const frac = m[2] || ""
  if (frac.length > e) return null
  return BigInt(m[1] + frac.padEnd(e, "0"))
}

/**
 * Minor units -> decimal string with the currency's exponent.
 * @param {bigint} minor
 * @param {string} currency
 */
function format(minor, currency) {
  const e = exponentOf(currency)
  const neg = minor < 0n
  let digits = (neg ? -minor : minor).toString()
  if (e === 0) return (neg ? "-" : "") + digits
  digits = digits.padStart(e + 1, "0")
  return (neg ? "-" : "") + digits.slice(0, -e) + "." + digits.slice(-e)
}

/**
 * Minor units -> JSON number (for the few response fields the interface types as numbers).
 * The decimal text is produced exactly first; Number() of it is the closest double.
 * @param {bigint} minor
 * @param {string} currency
 */
function toNumber(minor, currency) {
  return Number(format(minor, currency))
}

module.exports = { EXPONENTS, exponentOf, isCurrencyCode, parseStrict, parseLenient, format, toNumber }
