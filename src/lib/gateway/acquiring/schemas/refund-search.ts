/**
 * `/v1/retrievalRefund` (form-encoded): the refund search's answer, the refund records. Its filters
 * (`refund_orders`, `refund_references`, `merchant_refunds`) are in the endpoint table (../endpoints.ts).
 */
import { z } from "zod"
import { resText } from "../../schema-helpers"
import { answerFields, fourteenDigits, recordList } from "./common"

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
  ...answerFields,
  refund_orders: recordList(refundRecordSchema),
})
export type RefundSearchResponse = z.output<typeof refundSearchResponseSchema>
