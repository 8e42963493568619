/**
 * Card-form input: digits, brand detection, the Luhn check, the expiry and the security code, checked as the
 * plugin's card route checks them so the shopper sees a mistake under the field before anything is sent.
 * Messages name the field and never repeat what was typed.
 */
import { format, messagesEn, type GatewayMessages } from "./messages.js"
import type { CardDetails } from "./types.js"

export { BRAND_NAMES, brandName, cardBrand, type CardBrand } from "../domain/card-brand.js"
import { cardBrand, type CardBrand } from "../domain/card-brand.js"

/** The digits of a typed number (spaces and dashes dropped); anything else is kept so validation refuses it. */
export const cardDigits = (typed: string): string => typed.replace(/[\s-]/g, "")

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** Groups a number for display as it is typed: 4-6-5 for American Express, groups of four otherwise. */
export function formatCardNumber(typed: string): string {
  const digits = cardDigits(typed).replace(/\D/g, "").slice(0, 19)
  const groups = cardBrand(digits) === "amex" ? [4, 6, 5] : [4, 4, 4, 4, 3]
  const out: string[] = []
  let at = 0
  for (const size of groups) {
    if (at >= digits.length) break
    out.push(digits.slice(at, at + size))
    at += size
  }
  return out.join(" ")
}

/** Security-code length of a brand: four digits for American Express, three otherwise. */
export const securityCodeLength = (brand: CardBrand | null): number => (brand === "amex" ? 4 : 3)

/** "MM/YY", "MM / YYYY", "MMYY" → { exp_month: "MM", exp_year: "YYYY" }; null when it is not an expiry. */
export function parseExpiry(typed: string): { exp_month: string; exp_year: string } | null {
  const m = /^\s*(\d{1,2})\s*[/\-.\s]?\s*(\d{2}|\d{4})\s*$/.exec(typed)
  if (!m) return null
  const month = Number(m[1])
  if (month < 1 || month > 12) return null
  const year = m[2].length === 2 ? 2000 + Number(m[2]) : Number(m[2])
  return { exp_month: String(month).padStart(2, "0"), exp_year: String(year) }
}

/** True when the card is still valid in the month of `now` (cards expire at the end of their month). */
export function expiryInFuture(expiry: { exp_month: string; exp_year: string }, now = new Date()): boolean {
  const y = Number(expiry.exp_year)
  const m = Number(expiry.exp_month)
  return y > now.getUTCFullYear() || (y === now.getUTCFullYear() && m >= now.getUTCMonth() + 1)
}

/** What the shopper typed, as read from the form when it is submitted. */
export interface CardFormValues {
  number: string
  expiry: string
  cvv: string
  holder_name?: string
}

export type CardField = "number" | "expiry" | "cvv" | "holder_name"
export type CardErrors = Partial<Record<CardField, string>>

/** Checks a submitted card form: the card for the card route, or a message per field (never echoing input), in `m`'s language. */
export function validateCardForm(
  values: CardFormValues,
  now = new Date(),
  m: GatewayMessages = messagesEn
): { card: CardDetails; errors: null } | { card: null; errors: CardErrors } {
  const errors: CardErrors = {}
  const number = cardDigits(values.number)
  const brand = cardBrand(number)
  if (!number) errors.number = m.numberMissing
  else if (!/^\d{12,19}$/.test(number)) errors.number = m.numberLength
  else if (!luhnValid(number)) errors.number = m.numberInvalid

  const expiry = parseExpiry(values.expiry)
  if (!values.expiry.trim()) errors.expiry = m.expiryMissing
  else if (!expiry) errors.expiry = m.expiryFormat
  else if (!expiryInFuture(expiry, now)) errors.expiry = m.expired

  const cvv = values.cvv.trim()
  const cvvLength = securityCodeLength(brand)
  if (!cvv) errors.cvv = m.cvvMissing
  else if (!/^\d{3,4}$/.test(cvv) || (brand && cvv.length !== cvvLength))
    errors.cvv = brand === "amex" ? m.cvvAmex : format(m.cvvLength, { n: brand ? cvvLength : "3–4" })

  const holder = values.holder_name?.trim() ?? ""
  if (holder.length > 100) errors.holder_name = m.holderTooLong

  if (Object.keys(errors).length || !expiry) return { card: null, errors }
  return {
    card: {
      number,
      exp_month: expiry.exp_month,
      exp_year: expiry.exp_year,
      cvv,
      ...(holder ? { holder_name: holder } : {}),
    },
    errors: null,
  }
}

/** A saved card's security code, when the shopper is asked for it: empty is allowed (the card route decides). */
export function validateSecurityCode(
  code: string,
  brand: string | null,
  m: GatewayMessages = messagesEn
): string | null {
  const c = code.trim()
  if (!c) return null
  const length =
    brand?.toLowerCase().replace(/\s+/g, "") === "amex" || brand?.toLowerCase() === "american express" ? 4 : 3
  return /^\d+$/.test(c) && c.length === length ? null : format(m.cvvLength, { n: length })
}
