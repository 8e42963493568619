/**
 * A payment session Medusa deleted (a shopper switched methods or started again, the back button on a completed
 * cart, the cart's total changed) leaves a record (`gateway_deleted_session`, written by the provider's
 * deletePayment) that notifications and the order sync read when the gateway names its order number: whatever of it
 * the gateway holds is released (release.ts), never "ignored" (N-2). Nothing is released before the settling
 * deadline has passed since the deletion: a cart completion running at that moment may still make the session the
 * order's payment, and a session that has a Medusa payment is an order's, never released. It stays watched until
 * nothing of it can still hold money:
 * - it is (or became) the payment of an order: settled;
 * - a transaction of it was released, or refused and shown to staff: settled;
 * - the gateway reads it failed, canceled or refunded: settled, nothing held;
 * - a card session the gateway never heard of, past the settling deadline (no card post of it can still be running):
 *   settled. A hosted page or an APM can be finished later: watched while the order sync looks back (30 days).
 * Called by applyGatewayState under the order number's payment lock.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { TransactionRecord } from "../lib/gateway"
import { GatewayState } from "../domain"
import { olderThanSettling } from "./deadlines"
import { orderOfPaymentCollection } from "./order-of-session"
import { holdsAtGateway, releaseTransaction } from "./release"
import type { ApplyResult } from "./results"

/** Applies the gateway's record to the deleted session of `orderNo`; null when no session of that number was deleted. */
export async function applyToDeletedSession(
  container: MedusaContainer,
  orderNo: string,
  record: TransactionRecord | null,
  read: GatewayState
): Promise<ApplyResult | null> {
  const gatewayModule = container.resolve("gateway")
  const [deleted] = await gatewayModule.listGatewayDeletedSessions({ order_no: orderNo })
  if (!deleted) return null
  const result: ApplyResult = { order_no: orderNo, state: read, changes: [], discrepancy: null }
  const settle = async (note: string) => {
    if (deleted.settled_at) return
    await gatewayModule.updateGatewayDeletedSessions({ id: deleted.id, settled_at: new Date(), note })
    result.changes.push(`deleted session settled: ${note}`)
  }
  const [paid] = (
    await container
      .resolve(Modules.PAYMENT)
      .listPayments({ payment_session_id: orderNo } as never, { select: ["id", "canceled_at"] })
  ).filter((p) => !p.canceled_at)
  if (paid) {
    await settle(`it is the payment ${paid.id} (the session was deleted after it was paid)`)
    return result
  }
  if (record && holdsAtGateway(read)) {
    // A cart completion under way may still make it the order's payment: released once past the settling deadline.
    if (!olderThanSettling(deleted.created_at, gatewayModule)) return result
    const ids = deleted.payment_collection_id
      ? await orderOfPaymentCollection(container, deleted.payment_collection_id)
      : { cartId: null, orderId: null }
    const outcome = await releaseTransaction(container, {
      record,
      reason: "session_replaced",
      cart_id: ids.cartId,
      order_id: ids.orderId,
    })
    if (!outcome) return result
    result.changes.push(
      `transaction ${outcome.transaction_id} of a deleted session: ${outcome.status}${outcome.how ? ` (${outcome.how})` : ""}`
    )
    if (outcome.status === "refused") result.discrepancy = outcome.note
    // A lost answer keeps it watched: the next run reads it again.
    if (outcome.status !== "unknown" && outcome.status !== "releasing")
      await settle(`transaction ${outcome.transaction_id} ${outcome.status}`)
    return result
  }
  if (read === "failed" || read === "canceled" || read === "refunded" || read === "charged_back") {
    await settle(`the gateway reads it ${read}: nothing held`)
  } else if (
    read === "not_found" &&
    deleted.method === "card" &&
    olderThanSettling(deleted.created_at, gatewayModule)
  ) {
    await settle("no card post of it reached the gateway")
  }
  return result
}
