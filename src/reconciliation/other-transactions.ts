/**
 * A gateway record of another transaction than the session's current one, which never moves the session's
 * payment: a later deduction of the subscription the payment sold, or an earlier attempt of the session (declined,
 * then retried; or a 3-D Secure page left open and finished after all).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { redact, TransactionRecord } from "../lib/gateway"
import type { GatewaySessionData, GatewayState } from "../domain"
import { orderOfPaymentCollection } from "./order-of-session"
import { holdsAtGateway, releaseTransaction } from "./release"
import type { ApplyResult } from "./results"
import { applySubscriptionRecord } from "./subscriptions"

/**
 * Applies `record` (read by the gateway as `read`) when it is not the session's current transaction: to the
 * subscription it is a deduction of, or as an earlier attempt (released when the gateway still holds it, else
 * ignored). Null when it is the current transaction, for the caller to apply.
 */
export async function applyToOtherTransaction(
  container: MedusaContainer,
  orderNo: string,
  paymentCollectionId: string,
  ours: GatewaySessionData,
  record: TransactionRecord,
  read: GatewayState
): Promise<ApplyResult | null> {
  const recordTx = record.transaction_id
  if (!recordTx) return null
  const recurringId = record.subscription_result?.recurring_id || null
  if (
    recurringId &&
    ours.subscription &&
    ours.transaction_id &&
    recordTx !== ours.transaction_id &&
    !ours.superseded_transaction_ids.includes(recordTx)
  ) {
    // A later deduction of the subscription this payment sold: it is the subscription's, not the payment's.
    const applied = await applySubscriptionRecord(container, record)
    return {
      order_no: orderNo,
      state: read,
      changes: applied?.changes ?? [],
      discrepancy: null,
      ignored: `transaction ${recordTx} is a deduction of subscription ${recurringId}`,
    }
  }
  if (
    !ours.superseded_transaction_ids.includes(recordTx) &&
    !(ours.transaction_id && ours.transaction_id !== recordTx)
  ) {
    return null
  }
  if (holdsAtGateway(read) && !ours.subscription) {
    // An earlier attempt the shopper finished after all (a 3-D Secure page left open): no order will ever be its.
    // (A session that sold a subscription is left alone: another transaction of it may be a deduction whose
    // record lacks the contract's id.)
    const { cartId, orderId } = await orderOfPaymentCollection(container, paymentCollectionId)
    const outcome = await releaseTransaction(container, {
      record,
      reason: "earlier_attempt",
      cart_id: cartId,
      order_id: orderId,
    })
    const released = outcome
      ? [`earlier attempt ${recordTx}: ${outcome.status}${outcome.how ? ` (${outcome.how})` : ""}`]
      : []
    return {
      order_no: orderNo,
      state: read,
      changes: released,
      discrepancy: outcome?.status === "refused" ? outcome.note : null,
    }
  }
  const ignored = `transaction ${recordTx} is an earlier attempt; the session's current transaction is ${ours.transaction_id ?? "not yet known"}`
  container
    .resolve(ContainerRegistrationKeys.LOGGER)
    .info(String(redact(`Gateway payment ${orderNo}: ${ignored}; ignored`)))
  return { order_no: orderNo, state: read, changes: [], discrepancy: null, ignored }
}
