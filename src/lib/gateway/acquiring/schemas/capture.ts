/** `/v1/capture`: capture authorised transactions, up to 50 per request. */
import { z } from "zod"
import { resText } from "../../schema-helpers"
import { batchAnswerFields, merchantFields } from "./common"
import { batchList, orderEntryFields } from "./batch-entry"

export const captureOrderSchema = z.strictObject({ ...orderEntryFields })
export const captureRequestSchema = z.strictObject({
  ...merchantFields,
  capture_orders: batchList("capture", captureOrderSchema),
})
export type CaptureOrder = z.input<typeof captureOrderSchema>
export type CaptureRequest = Omit<z.input<typeof captureRequestSchema>, "merchant_id" | "account_id">

export const captureResultEntrySchema = z.looseObject({
  transaction_id: z.string(),
  order_no: resText,
  amount: resText,
  currency: resText,
  capture_status: z.string(),
  error_message: resText,
})
export const captureResponseSchema = z.looseObject({
  ...batchAnswerFields,
  capture_orders: z.array(captureResultEntrySchema),
})
export type CaptureResultEntry = z.output<typeof captureResultEntrySchema>
export type CaptureResponse = z.output<typeof captureResponseSchema>
