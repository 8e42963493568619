/** `/v1/cancelsubscription`: stop a recurring contract. */
import { z } from "zod"
import { reqText, resText } from "../../schema-helpers"
import { LIMITS, merchantFields } from "./common"

export const cancelSubscriptionRequestSchema = z.strictObject({
  ...merchantFields,
  recurring_id: reqText(LIMITS.recurring_id),
  contract_name: reqText(LIMITS.contract_name),
})
export type CancelSubscriptionRequest = Omit<
  z.input<typeof cancelSubscriptionRequestSchema>,
  "merchant_id" | "account_id"
>

export const cancelSubscriptionResponseSchema = z.looseObject({
  merchant_id: resText,
  account_id: resText,
  recurring_id: resText,
  contract_name: resText,
  cancel_status: z.string(),
  error_message: resText,
  return_status: z.string(),
  return_message: resText,
})
export type CancelSubscriptionResponse = z.output<typeof cancelSubscriptionResponseSchema>
