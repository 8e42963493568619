/** `/v1/review`: approve ("1") or reject ("0") transactions held for risk review, up to 100 per request. */
import { z } from "zod"
import { resText } from "../../schema-helpers"
import { batchAnswerFields, merchantFields } from "./common"
import { batchList, orderEntryFields } from "./batch-entry"

export const reviewOrderSchema = z.strictObject({
  ...orderEntryFields,
  review_flag: z.enum(["1", "0"], { error: 'must be "1" (approve) or "0" (reject)' }),
})
export const reviewRequestSchema = z.strictObject({
  ...merchantFields,
  review_orders: batchList("review", reviewOrderSchema),
})
export type ReviewOrder = z.input<typeof reviewOrderSchema>
export type ReviewRequest = Omit<z.input<typeof reviewRequestSchema>, "merchant_id" | "account_id">

export const reviewResultEntrySchema = z.looseObject({
  transaction_id: z.string(),
  order_no: resText,
  amount: resText,
  currency: resText,
  review_flag: resText,
  review_status: z.string(),
  error_message: resText,
})
export const reviewResponseSchema = z.looseObject({
  ...batchAnswerFields,
  review_orders: z.array(reviewResultEntrySchema),
})
export type ReviewResultEntry = z.output<typeof reviewResultEntrySchema>
export type ReviewResponse = z.output<typeof reviewResponseSchema>
