/**
 * Small zod building blocks shared by the acquiring and issuing schemas, each with an error text that reads
 * as a rule ("at most 50 characters", "a decimal amount such as 10.36").
 */
import { z } from "zod"
import { checkGatewayAmount, isKnownCurrency } from "./money"

// ---------- requests ----------

/** Optional text of at most `max` characters. */
export const optText = (max?: number) => (max === undefined ? z.string() : z.string().max(max)).optional()

/** Required, non-empty text of at most `max` characters. */
export const reqText = (max?: number) => (max === undefined ? z.string().min(1) : z.string().min(1).max(max))

export const DECIMAL_PATTERN = /^\d+(\.\d+)?$/

/** A non-negative decimal amount as text, at most 15 characters (currency exponent checked by `amountsFor`). */
export const decimal = (max = 15) =>
  z.string().regex(DECIMAL_PATTERN, "must be a non-negative decimal amount such as 10.36").max(max)

/** A decimal amount greater than zero. */
export const positiveDecimal = (max = 15) => decimal(max).refine((v) => /[1-9]/.test(v), "must be greater than 0")

/** An http(s) URL of at most `max` characters. */
export const httpUrl = (max = 2000) =>
  z
    .string()
    .max(max)
    .refine((v) => {
      try {
        const u = new URL(v)
        return u.protocol === "http:" || u.protocol === "https:"
      } catch {
        return false
      }
    }, "must be an http(s) URL")

/** ISO 4217 currency code (3 letters, known code). */
export const currencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/, "must be a 3-letter ISO 4217 currency code")
  .refine(isKnownCurrency, "must be a known ISO 4217 currency code")

/** `YYYY-MM-DD` */
export const ymdDate = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, "must be a date YYYY-MM-DD")

/** `DD-MM-YYYY` (the payment request's birth_date: "day-month-year with dashes") */
export const dmyDate = z.string().regex(/^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4}$/, "must be a date DD-MM-YYYY")

/** An identifier that travels as text: accepts a string or an integer and sends its text. */
export const idText = (max = 64) =>
  z
    .union([z.string().min(1).max(max), z.number().int().nonnegative()], { error: "must be an id (text or integer)" })
    .transform((v) => String(v))

/** A "true"/"false" flag: accepts a boolean or the text and sends the text. */
export const flagText = z
  .union([z.boolean(), z.enum(["true", "false"])], { error: 'must be true or false (or "true"/"false")' })
  .transform((v) => String(v) as "true" | "false")

/** An integer count that travels as text. */
export const countText = (min: number, max: number) =>
  z
    .union([z.number().int(), z.string().regex(/^\d+$/, "must be a whole number")], { error: "must be a whole number" })
    .transform((v) => Number(v))
    .refine((n) => n >= min && n <= max, `must be between ${min} and ${max}`)
    .transform((n) => String(n))

/**
 * Adds an issue for every listed amount field that does not fit the currency (exponent, length).
 * `fields` maps an amount field to its currency field (default "currency").
 */
export function checkAmounts(
  value: Record<string, unknown>,
  ctx: { addIssue: (issue: { code: "custom"; message: string; path: PropertyKey[] }) => void },
  fields: readonly (string | [amountField: string, currencyField: string])[],
  basePath: PropertyKey[] = []
): void {
  for (const spec of fields) {
    const [field, currencyField] = typeof spec === "string" ? [spec, "currency"] : spec
    const amount = value[field]
    const currency = value[currencyField]
    if (typeof amount !== "string" || !DECIMAL_PATTERN.test(amount) || typeof currency !== "string") continue
    if (!isKnownCurrency(currency)) continue
    const rule = checkGatewayAmount(amount, currency)
    if (rule) ctx.addIssue({ code: "custom", message: rule, path: [...basePath, field] })
  }
}

// ---------- answers ----------

/** Text in an answer; absent or null allowed. */
export const resText = z.string().nullish()

/** A value the interface gives no type for: text or number, read as text; null allowed. */
export const looseText = z
  .union([z.string(), z.number(), z.boolean()])
  .transform((v) => String(v))
  .nullish()

/** An integer identifier in an answer (the interface: integers); integer text is tolerated. */
export const resInt = z.union(
  [
    z.number().int(),
    z
      .string()
      .regex(/^-?\d+$/)
      .transform(Number),
  ],
  {
    error: "must be an integer",
  }
)

/** A number in an answer; numeric text is tolerated. */
export const resNumber = z.union(
  [
    z.number(),
    z
      .string()
      .regex(/^-?\d+(\.\d+)?$/)
      .transform(Number),
  ],
  {
    error: "must be a number",
  }
)

/** `code:message` text (result_info, error_message, refund_message) split in two. */
export interface CodeMessage {
  code: string
  message: string
}

export function parseCodeMessage(text: string | null | undefined): CodeMessage | null {
  if (text === undefined || text === null) return null
  const t = text.trim()
  if (t.length === 0) return null
  const i = t.indexOf(":")
  if (i < 0) return { code: "", message: t }
  return { code: t.slice(0, i).trim(), message: t.slice(i + 1).trim() }
}
