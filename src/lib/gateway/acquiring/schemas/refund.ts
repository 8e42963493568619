/**
 * `/v1/refund`: refund captured transactions, up to 50 per request. `refund_reference` (optional, ≤ 50) is the
 * merchant's refund id: a repeat with the same reference returns the existing refund (contract).
 */
import { z } from "zod"
import { optText, positiveDecimal, resText } from "../../schema-helpers"
import { batchAnswerFields, LIMITS, merchantFields } from "./common"
import { batchList, orderEntryFields } from "./batch-entry"

export const refundOrderSchema = z.strictObject({
  ...orderEntryFields,
  refund_amount: positiveDecimal(LIMITS.amount),
  refund_reason: optText(LIMITS.refund_reason),
  refund_reference: optText(LIMITS.refund_reference),
})
export const refundRequestSchema = z.strictObject({
  ...merchantFields,
  refund_orders: batchList("refund", refundOrderSchema, ["amount", "refund_amount"]),
})
export type RefundOrder = z.input<typeof refundOrderSchema>
export type RefundRequest = Omit<z.input<typeof refundRequestSchema>, "merchant_id" | "account_id">

export const refundResultEntrySchema = z.looseObject({
  transaction_id: z.string(),
  order_no: resText,
  amount: resText,
  currency: resText,
  refund_amount: resText,
  refund_message: resText,
  refund_reason: resText,
  refund_reference: resText,
  refund_reference_id: z
    .string()
    .regex(/^(.+-\d{2,})?$/, "must be <transaction_id>-NN")
    .nullish(),
  refund_status: z.string(),
})
export const refundResponseSchema = z.looseObject({
  ...batchAnswerFields,
  refund_orders: z.array(refundResultEntrySchema),
})
export type RefundResultEntry = z.output<typeof refundResultEntrySchema>
export type RefundResponse = z.output<typeof refundResponseSchema>
