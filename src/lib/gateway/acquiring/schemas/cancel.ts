/** `/v1/cancel`: void authorised (or held) transactions, up to 50 per request. */
import { z } from "zod"
import { resText } from "../../schema-helpers"
import { batchAnswerFields, merchantFields } from "./common"
import { batchList, orderEntryFields } from "./batch-entry"

export const cancelOrderSchema = z.strictObject({ ...orderEntryFields })
export const cancelRequestSchema = z.strictObject({
  ...merchantFields,
  cancel_orders: batchList("cancel", cancelOrderSchema),
})
export type CancelOrder = z.input<typeof cancelOrderSchema>
export type CancelRequest = Omit<z.input<typeof cancelRequestSchema>, "merchant_id" | "account_id">

export const cancelResultEntrySchema = z.looseObject({
  transaction_id: z.string(),
  order_no: resText,
  amount: resText,
  currency: resText,
  cancel_status: z.string(),
  error_message: resText,
})
export const cancelResponseSchema = z.looseObject({
  ...batchAnswerFields,
  cancel_orders: z.array(cancelResultEntrySchema),
})
export type CancelResultEntry = z.output<typeof cancelResultEntrySchema>
export type CancelResponse = z.output<typeof cancelResponseSchema>
