/**
 * Pieces shared by the acquiring schemas: the merchant envelope, the batch answer envelope, the 4xx error body,
 * and the field limits the gateway's docs give.
 */
import { z } from "zod"
import { reqText, resText } from "../../schema-helpers"

/** Field length limits from the public docs (gateway notes). */
export const LIMITS = Object.freeze({
  merchant_id: 7,
  account_id: 10,
  order_no: 50,
  amount: 15,
  website: 2000,
  items: 5000,
  note: 1000,
  custom: 2500,
  shopper_id: 64,
  shopper_email: 100,
  shopper_ip: 50,
  shopper_phone: 50,
  open3d: 10,
  token_flag: 10,
  token_id: 50,
  card: 20,
  encryption_data: 64,
  transaction_id: 50,
  refund_reason: 50,
  refund_reference: 50,
  currency: 3,
  return_url: 2000,
  recurring_id: 50,
  contract_name: 200,
})

/** merchant_id and account_id, present in every acquiring request. */
export const merchantFields = {
  merchant_id: reqText(LIMITS.merchant_id),
  account_id: reqText(LIMITS.account_id),
}

/** The part of every JSON answer that says whether the request was accepted. */
export const answerEnvelopeSchema = z.looseObject({
  return_status: z.union([z.string(), z.number()]).transform(String),
  return_message: resText,
})

/** Body of a 4xx answer: `{ code, source, message }`. */
export const errorBodySchema = z.looseObject({
  code: z.union([z.string(), z.number()]).transform(String),
  source: resText,
  message: resText,
})

/** Fields the JSON answers (batches, queries) echo around their content. */
export const answerFields = {
  merchant_id: resText,
  account_id: resText,
  return_status: z.union([z.string(), z.number()]).transform(String),
  return_message: resText,
  encryption_data: resText,
}

/** The records of a query answer (order query, refund search): none when the gateway sends no list. */
export const recordList = <T extends z.ZodType>(record: T) =>
  z
    .array(record)
    .nullish()
    .transform((v) => v ?? [])

/** What one entry of a batch answer came to. */
export type BatchEntryOutcome = "done" | "refused" | "unknown"

/** A date-time as 14 digits, year to second (order query and refund search records). */
export const fourteenDigits = z
  .string()
  .regex(/^(\d{14})?$/, "must be 14 digits (YYYYMMDDhhmmss)")
  .nullish()

/** A filter of the order query or refund search: ids sent comma-joined, so none may hold a comma. */
export const idList = (max: number) =>
  z
    .array(
      z
        .string()
        .min(1)
        .max(max)
        .regex(/^[^,]*$/, "must not contain a comma (filters are comma-separated)")
    )
    .optional()
