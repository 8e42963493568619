/**
 * The capture, cancel and refund entries the plugin sends for a transaction, built in one place (the provider's
 * capture, refund and void, a lost whole capture sent again, the syncs' operations cut short, and the release of a
 * transaction that is no payment of an order).
 */

/** What an entry names of a transaction: a session's data, or the gateway's record of it. */
export interface TransactionRef {
  transaction_id: string | null
  order_no: string
  /** Gateway decimal text and currency of the transaction. */
  amount: string
  currency: string
}

/** A `/v1/capture` entry of `amount` (gateway decimal text). */
export const captureEntry = (t: TransactionRef, amount: string) => ({
  transaction_id: t.transaction_id!,
  order_no: t.order_no,
  currency: t.currency,
  amount,
})

/** A `/v1/cancel` entry: voids the whole authorisation. */
export const cancelEntry = (t: TransactionRef) => ({
  transaction_id: t.transaction_id!,
  order_no: t.order_no,
  currency: t.currency,
  amount: t.amount,
})

/** A `/v1/refund` entry of `amount` under `reference` (a repeated reference refunds once). */
export const refundEntry = (t: TransactionRef, amount: string, reference: string) => ({
  transaction_id: t.transaction_id!,
  order_no: t.order_no,
  currency: t.currency,
  amount: t.amount,
  refund_amount: amount,
  refund_reason: "requested by merchant",
  refund_reference: reference,
})
