/**
 * The order entry every batch request (capture, review, cancel, refund) starts from, and the list rule
 * (1 to the operation's limit, each amount in its currency's exponent).
 */
import { z } from "zod"
import { BATCH_LIMITS, BatchOperation } from "../../batch"
import { checkAmounts, currencyCode, positiveDecimal, reqText } from "../../schema-helpers"
import { LIMITS } from "./common"

export const orderEntryFields = {
  transaction_id: reqText(LIMITS.transaction_id),
  order_no: reqText(LIMITS.order_no),
  currency: currencyCode,
  amount: positiveDecimal(LIMITS.amount),
}

/** A batch list of `entry` objects with the operation's size limit and per-entry amount checks. */
export function batchList<T extends z.ZodType<Record<string, unknown>>>(
  operation: BatchOperation,
  entry: T,
  amountFields: readonly string[] = ["amount"],
) {
  const limit = BATCH_LIMITS[operation]
  return z
    .array(entry)
    .min(1, "must hold at least 1 entry")
    .max(limit, `must hold at most ${limit} entries; split them with splitBatch("${operation}", ...)`)
    .superRefine((list, ctx) => {
      list.forEach((e, i) => checkAmounts(e as Record<string, unknown>, ctx, amountFields, [i]))
    })
}
