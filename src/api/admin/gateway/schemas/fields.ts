/**
 * Field rules of the admin API's bodies, built on the gateway library's (src/lib/gateway). This folder imports
 * nothing but zod and the library's zod-only modules: the admin forms (src/admin) validate with these same
 * schemas before sending, so the two cannot drift. Messages say the rule only ("must be greater than 0"):
 * the API's 400 names the field in front of it (../validate-body.ts), a form shows it under the field.
 */
import { z } from "zod"
import { currencyCode, positiveDecimal } from "../../../../lib/gateway/schema-helpers"

/**
 * A money amount in major units: decimal text ("100.50") or a JSON number (taken through its shortest text,
 * "100.5", never through float arithmetic), greater than 0. The currency's decimals are checked where the
 * currency is known (`checkAmounts` for payouts; the card's or group's currency in the issuing workflows).
 */
export const amountField = z
  .union([z.string(), z.number()], { error: 'must be a decimal amount such as "100.00"' })
  .transform((v) => String(v).trim())
  .pipe(positiveDecimal())

/** An ISO 4217 code the library knows, in capitals. */
export const currencyField = currencyCode.transform((v) => v.toUpperCase())
