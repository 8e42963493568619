/**
 * `/v1/retrievalRefund` (form-encoded): the refund search. Filters `refund_orders` (order numbers),
 * `refund_references` (gateway refund_reference_ids) and `merchant_refunds` (merchant refund_references),
 * comma-separated, at most 100 together.
 */
import { z } from "zod"
import { resText } from "../../schema-helpers"
import { LIMITS, merchantFields } from "./common"

const idList = z
  .array(
    z
      .string()
      .min(1)
      .max(LIMITS.refund_reference + 10)
      .regex(/^[^,]*$/, "must not contain a comma (filters are comma-separated)"),
  )
  .optional()

export const refundSearchRequestSchema = z
  .strictObject({
    ...merchantFields,
    refund_orders: idList,
    refund_references: idList,
    merchant_refunds: idList,
  })
  .superRefine((v, ctx) => {
    const n = (v.refund_orders?.length ?? 0) + (v.refund_references?.length ?? 0) + (v.merchant_refunds?.length ?? 0)
    if (n === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["refund_orders"],
        message: "refund_orders, refund_references or merchant_refunds must hold at least 1 id",
      })
    }
    if (n > 100) {
      ctx.addIssue({
        code: "custom",
        path: ["refund_orders"],
        message: `the filters together must hold at most 100 ids (got ${n}); split them with splitBatch("refundSearch", ...)`,
      })
    }
  })

export type RefundSearchRequest = Omit<z.input<typeof refundSearchRequestSchema>, "merchant_id" | "account_id">

const fourteenDigits = z.string().regex(/^(\d{14})?$/, "must be 14 digits (YYYYMMDDhhmmss)").nullish()

export const refundRecordSchema = z.looseObject({
  transaction_id: z.string(),
  order_no: resText,
  amount: resText,
  currency: resText,
  refund_status: z.string(),
  payment_status: resText,
  refund_amount: resText,
  refund_reference: resText,
  refund_reason: resText,
  refund_reference_id: z.string().regex(/^.+-\d{2,}$/, "must be <transaction_id>-NN"),
  refund_date: fourteenDigits,
  refund_processing_date: fourteenDigits,
})
export type RefundRecord = z.output<typeof refundRecordSchema>

export const refundSearchResponseSchema = z.looseObject({
  merchant_id: resText,
  account_id: resText,
  return_status: z.string(),
  return_message: resText,
  encryption_data: resText,
  refund_orders: z.array(refundRecordSchema).nullish().transform((v) => v ?? []),
})
export type RefundSearchResponse = z.output<typeof refundSearchResponseSchema>
