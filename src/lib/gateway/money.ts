/**
 * Money: ISO 4217 minor-unit exponents and exact conversion between decimal strings, integer minor units
 * (BigInt) and the amounts Medusa hands over (number | string | BigNumber). No floating point arithmetic:
 * numbers are converted through their shortest decimal text (what `String(n)` prints) and then handled as
 * text and BigInt.
 *
 * The gateway takes decimal strings with exactly the currency's exponent ("10.36" USD, "1000" JPY,
 * "1.250" KWD). More significant decimals than the currency allows are rejected, never rounded silently;
 * a caller that wants rounding asks for it (`rounding: "half-up" | "half-even"`).
 */
import { GatewayValidationError } from "./errors"

/**
 * ISO 4217 active codes and their minor-unit exponent (list of 2024). Codes without minor units defined by
 * ISO (XAU, XDR, ...) are not listed: they cannot be charged.
 */
export const CURRENCY_EXPONENTS: Readonly<Record<string, number>> = Object.freeze({
  AED: 2,
  AFN: 2,
  ALL: 2,
  AMD: 2,
  ANG: 2,
  AOA: 2,
  ARS: 2,
  AUD: 2,
  AWG: 2,
  AZN: 2,
  BAM: 2,
  BBD: 2,
  BDT: 2,
  BGN: 2,
  BHD: 3,
  BIF: 0,
  BMD: 2,
  BND: 2,
  BOB: 2,
  BOV: 2,
  BRL: 2,
  BSD: 2,
  BTN: 2,
  BWP: 2,
  BYN: 2,
  BZD: 2,
  CAD: 2,
  CDF: 2,
  CHE: 2,
  CHF: 2,
  CHW: 2,
  CLF: 4,
  CLP: 0,
  CNY: 2,
  COP: 2,
  COU: 2,
  CRC: 2,
  CUC: 2,
  CUP: 2,
  CVE: 2,
  CZK: 2,
  DJF: 0,
  DKK: 2,
  DOP: 2,
  DZD: 2,
  EGP: 2,
  ERN: 2,
  ETB: 2,
  EUR: 2,
  FJD: 2,
  FKP: 2,
  GBP: 2,
  GEL: 2,
  GHS: 2,
  GIP: 2,
  GMD: 2,
  GNF: 0,
  GTQ: 2,
  GYD: 2,
  HKD: 2,
  HNL: 2,
  HTG: 2,
  HUF: 2,
  IDR: 2,
  ILS: 2,
  INR: 2,
  IQD: 3,
  IRR: 2,
  ISK: 0,
  JMD: 2,
  JOD: 3,
  JPY: 0,
  KES: 2,
  KGS: 2,
  KHR: 2,
  KMF: 0,
  KPW: 2,
  KRW: 0,
  KWD: 3,
  KYD: 2,
  KZT: 2,
  LAK: 2,
  LBP: 2,
  LKR: 2,
  LRD: 2,
  LSL: 2,
  LYD: 3,
  MAD: 2,
  MDL: 2,
  MGA: 2,
  MKD: 2,
  MMK: 2,
  MNT: 2,
  MOP: 2,
  MRU: 2,
  MUR: 2,
  MVR: 2,
  MWK: 2,
  MXN: 2,
  MXV: 2,
  MYR: 2,
  MZN: 2,
  NAD: 2,
  NGN: 2,
  NIO: 2,
  NOK: 2,
  NPR: 2,
  NZD: 2,
  OMR: 3,
  PAB: 2,
  PEN: 2,
  PGK: 2,
  PHP: 2,
  PKR: 2,
  PLN: 2,
  PYG: 0,
  QAR: 2,
  RON: 2,
  RSD: 2,
  RUB: 2,
  RWF: 0,
  SAR: 2,
  SBD: 2,
  SCR: 2,
  SDG: 2,
  SEK: 2,
  SGD: 2,
  SHP: 2,
  SLE: 2,
  SLL: 2,
  SOS: 2,
  SRD: 2,
  SSP: 2,
  STN: 2,
  SVC: 2,
  SYP: 2,
  SZL: 2,
  THB: 2,
  TJS: 2,
  TMT: 2,
  TND: 3,
  TOP: 2,
  TRY: 2,
  TTD: 2,
  TWD: 2,
  TZS: 2,
  UAH: 2,
  UGX: 0,
  USD: 2,
  USN: 2,
  UYI: 0,
  UYU: 2,
  UYW: 4,
  UZS: 2,
  VED: 2,
  VES: 2,
  VND: 0,
  VUV: 0,
  WST: 2,
  XAF: 0,
  XCD: 2,
  XCG: 2,
  XOF: 0,
  XPF: 0,
  YER: 2,
  ZAR: 2,
  ZMW: 2,
  ZWG: 2,
  ZWL: 2,
})

/** True when `code` is a known ISO 4217 currency (case-insensitive). */
export function isKnownCurrency(code: string): boolean {
  return typeof code === "string" && Object.prototype.hasOwnProperty.call(CURRENCY_EXPONENTS, code.toUpperCase())
}

/** Minor-unit exponent of a currency (2 for USD, 0 for JPY, 3 for KWD). Throws for an unknown code. */
export function currencyExponent(currency: string, field = "currency"): number {
  const code = typeof currency === "string" ? currency.toUpperCase() : ""
  const e = Object.prototype.hasOwnProperty.call(CURRENCY_EXPONENTS, code) ? CURRENCY_EXPONENTS[code] : undefined
  if (e === undefined) {
    throw new GatewayValidationError({ field, rule: `must be an ISO 4217 currency code (got "${String(currency)}")` })
  }
  return e
}

/** A decimal parsed into sign, integer digits and fraction digits (no exponent, no leading "+"). */
interface ParsedDecimal {
  negative: boolean
  int: string
  frac: string
}

const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** Parses decimal text (also scientific notation such as "1e-7" or "1.0000000000000000000e+21"). */
function parseDecimalText(text: string): ParsedDecimal | null {
  const m = DECIMAL_TEXT.exec(text.trim())
  if (!m) return null
  const intDigits = m[2] ?? ""
  const fracDigits = m[3] ?? ""
  if (intDigits.length === 0 && fracDigits.length === 0) return null
  const exp = m[4] !== undefined ? Number(m[4]) : 0
  if (!Number.isSafeInteger(exp) || Math.abs(exp) > 400) return null
  let digits = intDigits + fracDigits
  let point = intDigits.length + exp // position of the decimal point within `digits`
  if (point < 0) {
    digits = "0".repeat(-point) + digits
    point = 0
  }
  if (point > digits.length) {
    digits = digits + "0".repeat(point - digits.length)
  }
  const int = digits.slice(0, point).replace(/^0+(?=\d)/, "") || "0"
  const frac = digits.slice(point).replace(/0+$/, "")
  const negative = m[1] === "-" && (/[1-9]/.test(int) || frac.length > 0)
  return { negative, int, frac }
}

/** Something Medusa may hand over as an amount: number, string, bigint, BigNumber or its raw value. */
export type AmountInput =
  | number
  | string
  | bigint
  | { raw?: { value: string | number } | null; numeric?: number; toString(): string }
  | { value: string | number }

/** Decimal text of an amount given in any of Medusa's forms, without any floating-point rounding. */
export function amountToDecimalText(amount: AmountInput, field = "amount"): string {
  if (typeof amount === "string") return amount.trim()
  if (typeof amount === "bigint") return amount.toString()
  if (typeof amount === "number") {
    if (!Number.isFinite(amount)) throw new GatewayValidationError({ field, rule: "must be a finite number" })
    return String(amount)
  }
  if (amount !== null && typeof amount === "object") {
    const o = amount as Record<string, unknown>
    // Medusa BigNumber: `raw.value` holds the exact decimal text.
    const raw = o.raw as { value?: unknown } | null | undefined
    if (raw && (typeof raw.value === "string" || typeof raw.value === "number")) return String(raw.value)
    // BigNumberRawValue itself: { value, precision }
    if (typeof o.value === "string" || typeof o.value === "number") return String(o.value)
    // bignumber.js instance
    const bn = o.bigNumber as { toFixed?: () => string } | undefined
    if (bn && typeof bn.toFixed === "function") return bn.toFixed()
    if (typeof (o as { toFixed?: unknown }).toFixed === "function") {
      return (o as unknown as { toFixed: () => string }).toFixed()
    }
    const s = String(amount)
    if (s !== "[object Object]") return s
    if (typeof o.numeric === "number") return String(o.numeric)
  }
  throw new GatewayValidationError({ field, rule: "must be a number, a decimal string or a BigNumber" })
}

export type Rounding = "reject" | "half-up" | "half-even"

export interface ToMinorOptions {
  /** Field name used in error messages. */
  field?: string
  /** What to do with more decimals than the currency has: "reject" (default), "half-up", "half-even". */
  rounding?: Rounding
  /** Allow negative amounts (default false). */
  allowNegative?: boolean
}

/**
 * Converts an amount in major units (e.g. "10.36", 10.36, BigNumber) to integer minor units of the currency
 * (1036n for USD). Exact; rejects extra significant decimals unless a rounding mode is chosen.
 */
export function toMinorUnits(amount: AmountInput, currency: string, options: ToMinorOptions = {}): bigint {
  const field = options.field ?? "amount"
  const exponent = currencyExponent(currency)
  const text = amountToDecimalText(amount, field)
  const parsed = parseDecimalText(text)
  if (!parsed) throw new GatewayValidationError({ field, rule: `must be a decimal number (got "${text}")` })
  if (parsed.negative && !options.allowNegative) {
    throw new GatewayValidationError({ field, rule: `must not be negative (got "${text}")` })
  }
  const keep = parsed.frac.slice(0, exponent).padEnd(exponent, "0")
  const rest = parsed.frac.slice(exponent)
  let minor = BigInt(parsed.int + keep)
  if (rest.length > 0) {
    const mode = options.rounding ?? "reject"
    if (mode === "reject") {
      throw new GatewayValidationError({
        field,
        rule: `must have at most ${exponent} decimal place${exponent === 1 ? "" : "s"} for ${currency.toUpperCase()} (got "${text}")`,
      })
    }
    const first = rest.charCodeAt(0) - 48
    const beyondHalf = /[1-9]/.test(rest.slice(1))
    const roundUp =
      first > 5 || (first === 5 && (beyondHalf || mode === "half-up" || (mode === "half-even" && minor % 2n === 1n)))
    if (roundUp) minor += 1n
  }
  return parsed.negative ? -minor : minor
}

/** Formats integer minor units as the gateway's decimal string with exactly the currency's exponent. */
export function fromMinorUnits(minor: bigint | number | string, currency: string): string {
  const exponent = currencyExponent(currency)
  let value: bigint
  if (typeof minor === "bigint") value = minor
  else if (typeof minor === "number") {
    if (!Number.isSafeInteger(minor))
      throw new GatewayValidationError({ field: "amount", rule: "minor units must be a safe integer" })
    value = BigInt(minor)
  } else {
    if (!/^-?\d+$/.test(minor.trim()))
      throw new GatewayValidationError({ field: "amount", rule: "minor units must be an integer" })
    value = BigInt(minor.trim())
  }
  const negative = value < 0n
  const digits = (negative ? -value : value).toString()
  if (exponent === 0) return (negative ? "-" : "") + digits
  const padded = digits.padStart(exponent + 1, "0")
  const out = `${padded.slice(0, -exponent)}.${padded.slice(-exponent)}`
  return negative ? `-${out}` : out
}

/**
 * Converts a Medusa amount (major units: number | string | BigNumber) to the gateway's decimal string for the
 * currency, exactly: `toGatewayAmount(10.5, "usd") === "10.50"`, `toGatewayAmount("1000", "JPY") === "1000"`.
 * Throws GatewayValidationError for more decimals than the currency allows (unless `rounding` is given),
 * negative amounts, unknown currencies, or non-numbers.
 */
export function toGatewayAmount(amount: AmountInput, currency: string, options: ToMinorOptions = {}): string {
  return fromMinorUnits(toMinorUnits(amount, currency, options), currency)
}

/** Converts a gateway decimal string (e.g. "10.36") to a JS number of major units, for Medusa. */
export function fromGatewayAmount(amount: string, currency: string): number {
  // Goes through minor units so that the text is validated; the final number is the shortest decimal.
  return Number(fromMinorUnits(toMinorUnits(amount, currency, { allowNegative: true }), currency))
}

const GATEWAY_AMOUNT_TEXT = /^\d+(\.\d+)?$/

/**
 * Checks a decimal string for a currency as the gateway wants it: digits with an optional fraction of at most
 * the currency's exponent, no sign, at most `maxLength` characters (15 by default).
 * Returns null when valid, otherwise the rule that failed.
 */
export function checkGatewayAmount(amount: string, currency: string, maxLength = 15): string | null {
  if (typeof amount !== "string" || !GATEWAY_AMOUNT_TEXT.test(amount)) {
    return "must be a non-negative decimal string such as 10.36"
  }
  if (amount.length > maxLength) return `must be at most ${maxLength} characters`
  if (!isKnownCurrency(currency)) return `has an unknown currency "${String(currency)}"`
  const exponent = CURRENCY_EXPONENTS[currency.toUpperCase()]!
  const frac = amount.split(".")[1] ?? ""
  if (frac.length > exponent) {
    return `must have at most ${exponent} decimal place${exponent === 1 ? "" : "s"} for ${currency.toUpperCase()}`
  }
  return null
}

/** Throws GatewayValidationError (naming `field`) when `checkGatewayAmount` fails. */
export function assertGatewayAmount(amount: string, currency: string, field = "amount", maxLength = 15): void {
  const rule = checkGatewayAmount(amount, currency, maxLength)
  if (rule) throw new GatewayValidationError({ field, rule })
}

/** Sum of decimal amounts of one currency, formatted for the gateway. */
export function sumAmounts(currency: string, amounts: readonly AmountInput[]): string {
  let total = 0n
  for (const a of amounts) total += toMinorUnits(a, currency, { allowNegative: true })
  return fromMinorUnits(total, currency)
}

/** Compares two amounts of one currency exactly: -1, 0 or 1. */
export function compareAmounts(a: AmountInput, b: AmountInput, currency: string): -1 | 0 | 1 {
  const x = toMinorUnits(a, currency, { allowNegative: true })
  const y = toMinorUnits(b, currency, { allowNegative: true })
  return x < y ? -1 : x > y ? 1 : 0
}
