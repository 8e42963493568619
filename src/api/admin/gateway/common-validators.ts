import { z } from "@medusajs/framework/zod"
import { createFindParams, createOperatorMap } from "@medusajs/medusa/api/utils/validators"
import { checkGatewayAmount, isKnownCurrency } from "../../../lib/gateway"

/**
 * A money amount in major units: decimal text ("100.50") or a JSON number (taken through its shortest text,
 * "100.5", never through float arithmetic). Must be > 0; the currency's exponent is checked where the
 * currency is known (here for payouts, in the workflow for cards: the group's currency).
 */
export const amountField = (name: string) =>
  z
    .union([z.string(), z.number()], { error: `${name} must be a decimal amount such as "100.00"` })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,12}(\.\d{1,4})?$/.test(v), `${name} must be a decimal amount such as "100.00"`)
    .refine((v) => /[1-9]/.test(v), `${name} must be greater than 0`)

export const currencyField = (name: string) =>
  z
    .string({ error: `${name} must be a 3-letter ISO 4217 currency code` })
    .transform((v) => v.toUpperCase())
    .refine((v) => /^[A-Z]{3}$/.test(v) && isKnownCurrency(v), `${name} must be a 3-letter ISO 4217 currency code`)

/** Adds an issue on `amountField` when it has more decimals than `currencyField` allows (e.g. JPY 0, KWD 3). */
export function checkExponent(
  value: Record<string, unknown>,
  ctx: { addIssue(issue: { code: "custom"; message: string; path: PropertyKey[] }): void },
  amountFieldName: string,
  currencyFieldName: string
): void {
  const amount = value[amountFieldName]
  const currency = value[currencyFieldName]
  if (typeof amount !== "string" || typeof currency !== "string" || !isKnownCurrency(currency)) return
  const rule = checkGatewayAmount(amount, currency)
  if (rule) ctx.addIssue({ code: "custom", message: `${amountFieldName} ${rule} (${currency})`, path: [amountFieldName] })
}

export const ymd = (name: string) =>
  z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${name} must be a date YYYY-MM-DD`)

/** Pagination (offset, limit, order, fields) plus the creation-date filter every list route has. */
export const listParams = (order = "-created_at") =>
  createFindParams({ offset: 0, limit: 20, order }).extend({
    created_at: createOperatorMap().optional(),
    updated_at: createOperatorMap().optional(),
  })

/** A comma list or array of ids/values, for `?status=active,blocked` or `?status[]=...`. */
export const oneOrMany = (inner: z.ZodType<string>) => z.union([inner, z.array(inner)]).optional()
