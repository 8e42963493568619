/**
 * The capture and refund entries the plugin sends for a payment, built in one place from its session data (the
 * provider's capture and refund, a lost whole capture sent again, and the syncs' operations cut short).
 */
import type { GatewaySessionData } from "./session-data"

/** A `/v1/capture` entry of `amount` (gateway decimal text). */
export const captureEntry = (data: GatewaySessionData, amount: string) => ({
  transaction_id: data.transaction_id!,
  order_no: data.order_no,
  currency: data.currency,
  amount,
})

/** A `/v1/refund` entry of `amount` under `reference` (Medusa's refund id: a repeated reference refunds once). */
export const refundEntry = (data: GatewaySessionData, amount: string, reference: string) => ({
  transaction_id: data.transaction_id!,
  order_no: data.order_no,
  currency: data.currency,
  amount: data.amount,
  refund_amount: amount,
  refund_reason: "requested by merchant",
  refund_reference: reference,
})
