/**
 * Entries of the four batch endpoints (capture, review, cancel, refund): what a request entry carries and
 * what an answer entry says (interface, "Order entries of batch operations"). The envelopes around them
 * (`capture_orders` and so on, the size limit, the status field) are built from the endpoint table
 * (../endpoints.ts), the one place an endpoint's facts live.
 */
import { z } from "zod"
import { checkAmounts, currencyCode, optText, positiveDecimal, reqText, resText } from "../../schema-helpers"
import { LIMITS } from "./common"

/** The entry every batch request starts from. */
export const orderEntryFields = {
  transaction_id: reqText(LIMITS.transaction_id),
  order_no: reqText(LIMITS.order_no),
  currency: currencyCode,
  amount: positiveDecimal(LIMITS.amount),
}

export const captureOrderSchema = z.strictObject({ ...orderEntryFields })
export const cancelOrderSchema = z.strictObject({ ...orderEntryFields })
export const reviewOrderSchema = z.strictObject({
  ...orderEntryFields,
  review_flag: z.enum(["1", "0"], { error: 'must be "1" (approve) or "0" (reject)' }),
})
/** `refund_reference` (optional, ≤ 50) is the merchant's refund id: a repeat with the same reference returns the existing refund (contract). */
export const refundOrderSchema = z.strictObject({
  ...orderEntryFields,
  refund_amount: positiveDecimal(LIMITS.amount),
  refund_reason: optText(LIMITS.refund_reason),
  refund_reference: optText(LIMITS.refund_reference),
})

/** An answer entry: the order it is about, and what the gateway did with it. */
const resultEntry = <S extends z.ZodRawShape>(fields: S) =>
  z.looseObject({ transaction_id: z.string(), order_no: resText, amount: resText, currency: resText, ...fields })

export const captureResultEntrySchema = resultEntry({ capture_status: z.string(), error_message: resText })
export const cancelResultEntrySchema = resultEntry({ cancel_status: z.string(), error_message: resText })
export const reviewResultEntrySchema = resultEntry({
  review_flag: resText,
  review_status: z.string(),
  error_message: resText,
})
export const refundResultEntrySchema = resultEntry({
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

export type CaptureOrder = z.input<typeof captureOrderSchema>
export type CancelOrder = z.input<typeof cancelOrderSchema>
export type ReviewOrder = z.input<typeof reviewOrderSchema>
export type RefundOrder = z.input<typeof refundOrderSchema>
export type CaptureResultEntry = z.output<typeof captureResultEntrySchema>
export type CancelResultEntry = z.output<typeof cancelResultEntrySchema>
export type ReviewResultEntry = z.output<typeof reviewResultEntrySchema>
export type RefundResultEntry = z.output<typeof refundResultEntrySchema>

/** A batch list: 1 to `limit` entries, each amount in its currency's exponent. */
export function batchList<T extends z.ZodType<Record<string, unknown>>>(
  operation: string,
  limit: number,
  entry: T,
  amountFields: readonly string[] = ["amount"]
) {
  return z
    .array(entry)
    .min(1, "must hold at least 1 entry")
    .max(limit, `must hold at most ${limit} entries; split them with splitBatch("${operation}", ...)`)
    .superRefine((list, ctx) => {
      list.forEach((e, i) => checkAmounts(e as Record<string, unknown>, ctx, amountFields, [i]))
    })
}
