/**
 * Ghost payments: money a live payment session holds at the gateway that must not become (or stay) a payment of an
 * order, decided in one place for applyGatewayState (notifications, the order sync, the review route):
 * - a second payment: the session's payment collection already has a live payment of another session (two tabs, a
 *   method switch whose deletion failed, a late bank completion). Authorising it would make it a second payment of
 *   the order (Medusa's `authorize-existing-order` branch), captured at once under automatic capture (N-1);
 * - an expired checkout: the cart is no order `reconciliation.release_after_seconds` after the session last changed.
 *   Completing it then would make an order, and a charge, the shopper no longer expects (N-4).
 * Both are released (release.ts) and the session is marked canceled, so a shopper who comes back afterwards meets a
 * canceled payment (Medusa refuses to complete with it), never an order paid twice.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { TransactionRecord } from "../lib/gateway"
import { GatewayState, readSessionData, toProviderData } from "../domain"
import { checkoutExpired } from "./deadlines"
import { orderOfPaymentCollection } from "./order-of-session"
import { releaseTransaction, ReleaseOutcome, ReleaseReason } from "./release"

type Session = Awaited<ReturnType<IPaymentModuleService["listPaymentSessions"]>>[number]

/** Whether the session's payment collection has a live (not canceled) payment of another session. */
export async function paidByAnotherSession(
  container: MedusaContainer,
  session: Pick<Session, "id" | "payment_collection_id">
): Promise<boolean> {
  const payments = (await container
    .resolve("payment")
    .listPayments({ payment_collection_id: session.payment_collection_id } as never, {
      select: ["id", "payment_session_id", "canceled_at"],
    })) as unknown as { payment_session_id: string; canceled_at: unknown }[]
  return payments.some((p) => p.payment_session_id !== session.id && !p.canceled_at)
}

/**
 * Marks the session canceled, then releases its transaction. Canceled first, whatever the release comes to: a cart
 * completion after this (the shopper back late) meets a canceled payment and makes no order, so a release whose
 * answer is lost can never turn out to be an order's payment. Answers the release's outcome and the change in words.
 */
export async function releaseSession(
  container: MedusaContainer,
  session: Session,
  record: TransactionRecord,
  reason: ReleaseReason,
  ids: { cartId: string | null; orderId: string | null }
): Promise<{ outcome: ReleaseOutcome | null; change: string }> {
  const ours = readSessionData(session.data as Record<string, unknown> | undefined)
  await container.resolve("payment").updatePaymentSession({
    id: session.id,
    amount: session.amount,
    currency_code: session.currency_code,
    data: {
      ...(ours ? toProviderData(ours) : {}),
      transaction_id: ours?.transaction_id || record.transaction_id || null,
      gateway_state: "canceled",
      outcome_unknown: false,
      issuer_url: null,
      redirect: null,
    },
    status: "canceled",
  })
  const outcome = await releaseTransaction(container, { record, reason, cart_id: ids.cartId, order_id: ids.orderId })
  const words = outcome
    ? `released (${outcome.status}${outcome.how ? `, ${outcome.how}` : ""}): ${reason.replace(/_/g, " ")}`
    : `session canceled (${reason.replace(/_/g, " ")}): nothing to send`
  return { outcome, change: words }
}

/**
 * An expired checkout (N-4): the session's money is released; a payment Medusa made of it (complete-cart cut short
 * before the order) is canceled in Medusa once voided. A payment Medusa already captured is left to staff: its
 * capture is Medusa's record, refunded through Medusa. Pushes the change in words; answers a discrepancy or null.
 */
export async function releaseExpired(
  container: MedusaContainer,
  session: Session,
  payment: { id: string } | null,
  record: TransactionRecord,
  capturedInMedusa: boolean,
  ids: { cartId: string | null; orderId: string | null },
  changes: string[]
): Promise<string | null> {
  if (payment && capturedInMedusa) {
    return `the payment is captured in Medusa but its cart did not become an order within reconciliation.release_after_seconds: refund it in Medusa (Orders has no order for it; the payment is ${payment.id})`
  }
  if (!payment) {
    const { outcome, change } = await releaseSession(container, session, record, "checkout_expired", ids)
    changes.push(change)
    return outcome?.status === "refused" ? outcome.note : null
  }
  const outcome = await releaseTransaction(container, {
    record,
    reason: "checkout_expired",
    cart_id: ids.cartId,
    order_id: ids.orderId,
  })
  changes.push(
    `released (${outcome?.status ?? "nothing to send"}${outcome?.how ? `, ${outcome.how}` : ""}): checkout expired`
  )
  if (outcome?.status === "released" || outcome?.status === "nothing_held") {
    await container.resolve("payment").cancelPayment(payment.id)
    changes.push("payment canceled")
  }
  return outcome?.status === "refused" ? outcome.note : null
}

/** What is reported when Medusa's completion of a paid cart made no order. */
export const completionFailed = (state: GatewayState) =>
  `the payment is ${state} but completing its cart into an order failed (Medusa's cart completion: see the server log); tried again by the next runs until reconciliation.release_after_seconds, then the payment is released`

/**
 * A session the gateway reads as paid that has no payment in Medusa (a notification, the order sync), decided
 * under the cart's lock, the one Medusa's complete-cart and processPaymentWorkflow take (key: the cart id), so no
 * payment can appear in the collection between the check and the change:
 * - the collection has a live payment of another session: a second payment, released (N-1);
 * - the cart is no order and the checkout is past the release deadline: released (N-4);
 * - the cart is an order (created while the payment was held for review): the session becomes its payment;
 * - otherwise the cart is completed (Medusa's processPaymentWorkflow, as for a shopper who never came back).
 *   Complete-cart authorises the collection's first session: when that was another one, this one is a second
 *   payment and is released; when no order came of it, the failure is reported, never "order created".
 * Pushes the changes in words; answers a discrepancy or null.
 */
export async function settleUnpaidSession(
  container: MedusaContainer,
  s: {
    session: Session
    record: TransactionRecord
    state: GatewayState
    capture: boolean
    amount: number
    cartId: string | null
    orderId: string | null
  },
  changes: string[]
): Promise<string | null> {
  const gatewayModule = container.resolve("gateway")
  const paymentModule = container.resolve(Modules.PAYMENT)
  const release = async (reason: ReleaseReason) => {
    // The cart's order as it is now (it may have been made meanwhile, by the other payment).
    const ids = await orderOfPaymentCollection(container, s.session.payment_collection_id)
    const { outcome, change } = await releaseSession(container, s.session, s.record, reason, ids)
    changes.push(change)
    return outcome?.status === "refused" ? outcome.note : null
  }
  // Released under the cart's lock too: a completion waiting for it then meets the canceled session.
  const decide = async (): Promise<{ release: string | null } | "authorized" | "complete"> => {
    if (await paidByAnotherSession(container, s.session)) return { release: await release("second_payment") }
    const { orderId } = await orderOfPaymentCollection(container, s.session.payment_collection_id)
    if (!orderId && checkoutExpired(s.session.updated_at, gatewayModule))
      return { release: await release("checkout_expired") }
    if (!orderId) return "complete"
    await paymentModule.authorizePaymentSession(s.session.id, {})
    return "authorized"
  }
  const decision = s.cartId
    ? await container.resolve(Modules.LOCKING).execute(s.cartId, decide, { timeout: 30 })
    : await decide()
  if (typeof decision === "object") return decision.release
  if (decision === "authorized") {
    changes.push(`authorized${s.capture ? " and captured" : ""} as its order's payment`)
    return null
  }
  await processPaymentWorkflow(container).run({
    input: { action: s.capture ? "captured" : "authorized", data: { session_id: s.session.id, amount: s.amount } },
  })
  const [after] = await paymentModule.listPaymentSessions({ id: [s.session.id] }, { relations: ["payment"] })
  if (!after?.payment && (await paidByAnotherSession(container, s.session))) return release("second_payment")
  const { orderId } = await orderOfPaymentCollection(container, s.session.payment_collection_id)
  changes.push(
    `${after?.payment ? `authorized${s.capture ? " and captured" : ""}` : "not authorized"}${orderId ? " (order created)" : ""}`
  )
  return orderId ? null : completionFailed(s.state)
}
