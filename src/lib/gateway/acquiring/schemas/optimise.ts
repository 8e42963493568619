/** `/v1/optimise`: which payment methods to offer, ranked by expected acceptance. */
import { z } from "zod"
import { checkAmounts, currencyCode, optText, positiveDecimal, reqText, resText } from "../../schema-helpers"
import { LIMITS, merchantFields } from "./common"

export const optimiseRequestSchema = z
  .strictObject({
    ...merchantFields,
    request_id: reqText(64),
    currency: currencyCode,
    amount: positiveDecimal(LIMITS.amount),
    shopper_email: reqText(LIMITS.shopper_email),
    billing_country: optText(2),
    shopper_ip: optText(LIMITS.shopper_ip),
  })
  .superRefine((v, ctx) => checkAmounts(v, ctx, ["amount"]))

export type OptimiseRequest = Omit<z.input<typeof optimiseRequestSchema>, "merchant_id" | "account_id">

export const paymentMethodRankSchema = z.looseObject({
  payment_method: z.string(),
  acceptance_rate: z.number().min(0).max(1),
  rank: z.number().int().min(1),
})

export const optimiseResponseSchema = z.looseObject({
  merchant_id: resText,
  account_id: resText,
  request_id: resText,
  return_status: z.string(),
  return_message: resText,
  payment_methods: z.array(paymentMethodRankSchema),
})
export type OptimiseResponse = z.output<typeof optimiseResponseSchema>
