/**
 * Processes one stored, verified gateway notification, idempotently.
 *
 * A notification is a hint. Its signature covers only some of its fields (order_no, transaction_id, amount,
 * currency, order_status...: docs/gateway-contract.md); `payment_status`, `notify_type`, `notify_id`,
 * `review_flag`, the refund and dispute fields and a payout's `status` are not signed. So nothing is acted on
 * from the payload itself: a payment notification triggers the order query, a refund notification the refund
 * search, a payout notification a re-read of the payout, and only what those answer is applied. Identifiers
 * come from the stored columns, which were taken from the body before it was redacted for the log.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { AcquiringClient, redact } from "../lib/gateway"
import { findSessionTransaction, findTransaction, readSessionData } from "../domain"
import { refreshPayoutWorkflow } from "../workflows/payouts/refresh-payout"
import { applyGatewayState, upsertGatewayPayment } from "./apply-gateway-state"
import { syncRefundsOfPayment } from "./refund-status"
import { applySubscriptionRecord } from "./subscriptions"

type Payload = Record<string, unknown>
const text = (v: unknown) => (v === undefined || v === null || v === "" ? null : String(v))

export async function processGatewayNotification(container: MedusaContainer, notificationId: string) {
  const gatewayModule = container.resolve("gateway")
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const n = await gatewayModule.retrieveGatewayNotification(notificationId)
  if (n.status !== "received") return n.status

  const done = async (status: "processed" | "ignored" | "failed", result: string) => {
    await gatewayModule.updateGatewayNotifications({
      id: n.id,
      status,
      result: String(redact(result)).slice(0, 2000),
      processed_at: new Date(),
      attempts: (n.attempts ?? 0) + 1,
    })
    return status
  }

  // notify_id is the replay key computed from the signed content (see the notification route).
  const [earlier] = await gatewayModule.listGatewayNotifications({ notify_id: n.notify_id, status: ["processed"] }, { take: 1 })
  if (earlier && earlier.id !== n.id) return done("ignored", `replay of ${earlier.id}`)

  try {
    // The stored payload is the body as received (redacted): read it in our names.
    const client = gatewayModule.paymentOptions() ? gatewayModule.acquiring() : null
    const p = (client?.decodeNotification(n.payload as Payload) ?? n.payload) as Payload
    if (n.notify_type === "PAYOUT") {
      const requestId = text(p.request_id)
      const [payout] = requestId ? await gatewayModule.listGatewayPayouts({ request_id: requestId }, { take: 1 }) : []
      if (!payout) return done("ignored", `payout ${requestId ?? "(no request_id)"} is not one of this store's`)
      const { result } = await refreshPayoutWorkflow(container).run({ input: { id: payout.id, actor: { type: "gateway" } } })
      const status = (result as { status?: string } | undefined)?.status ?? "read again"
      return done("processed", `payout ${requestId} ${status} (re-read from the gateway)`)
    }
    const orderNo = n.order_no
    if (!orderNo) return done("ignored", "no order_no")
    if (!client) return done("failed", 'the plugin has no "payments" option: nothing can be confirmed with the gateway')

    if (n.notify_type === "SUBSCRIPTION") return done(...(await subscriptionNotification(container, client, n.transaction_id)))

    const paymentModule = container.resolve(Modules.PAYMENT)
    const [session] = await paymentModule.listPaymentSessions({ id: [orderNo] }, { relations: ["payment"] })
    if (!session) return done("ignored", "no Medusa payment session has this order number")
    const ours = readSessionData((session.payment?.data ?? session.data) as Record<string, unknown> | undefined)

    // A notification about an earlier attempt on this session (declined, then retried) says nothing about
    // the current payment: logged, not applied.
    if (n.transaction_id && ours && (ours.superseded_transaction_ids.includes(n.transaction_id) || (ours.transaction_id && ours.transaction_id !== n.transaction_id))) {
      return done("ignored", `transaction ${n.transaction_id} is an earlier attempt; the session's current transaction is ${ours.transaction_id ?? "not yet known"}`)
    }

    if (n.notify_type.startsWith("DISPUTE")) {
      // The dispute's fields are not signed: kept as the gateway's report (shown to staff, and the amount of a
      // lost chargeback). Money moves in Medusa only when the order query confirms it (applyGatewayState).
      const [gp] = await gatewayModule.listGatewayPayments({ order_no: orderNo })
      const id = text(p.dispute_id)
      const known = ((gp?.disputes as Record<string, unknown>[] | null) ?? []).find((d) => d.dispute_id === id)
      // The docs' dashboard spells it "DISPUTE RECIEVED"; either spelling opens a dispute.
      const status = (text(p.dispute_status) ?? (["DISPUTE RECEIVED", "DISPUTE RECIEVED"].includes(n.notify_type) ? "OPEN" : "CLOSED")).toUpperCase()
      // Forward only: a late "received" never reopens a dispute that was decided.
      if (!(known && String(known.status).toUpperCase() !== "OPEN" && status === "OPEN")) {
        const disputes = ((gp?.disputes as Record<string, unknown>[] | null) ?? []).filter((d) => d.dispute_id !== id)
        disputes.push({ dispute_id: id, amount: text(p.dispute_amount), reason: text(p.dispute_reason), status, at: new Date().toISOString() })
        await upsertGatewayPayment(gatewayModule, orderNo, { disputes })
      }
    }
    let record
    try {
      record = await findSessionTransaction(client, orderNo, ours?.transaction_id ?? n.transaction_id, ours?.superseded_transaction_ids ?? [])
    } catch (err) {
      // Nothing unconfirmed is applied; the order sync job checks the session again.
      return done("failed", `order query failed, nothing applied (the order sync will check it): ${(err as Error).message}`)
    }
    const result = await applyGatewayState(container, orderNo, record)
    const notes: string[] = []
    if (result.ignored) notes.push(result.ignored)

    if (n.notify_type.startsWith("REFUND") && session.payment) {
      const refunds = await syncRefundsOfPayment(container, client, session.payment.id, orderNo)
      notes.push(`refunds: ${refunds.changed} changed`)
    }
    await upsertGatewayPayment(gatewayModule, orderNo, { last_notification_at: new Date() })
    return done(
      "processed",
      `${result.state}${result.changes.length ? `: ${result.changes.join(", ")}` : ": no change"}${result.discrepancy ? `; discrepancy: ${result.discrepancy}` : ""}${notes.length ? `; ${notes.join("; ")}` : ""}`
    )
  } catch (err) {
    logger.warn(String(redact(`Gateway notification ${n.id} (${n.notify_type} ${n.order_no ?? ""}) failed: ${(err as Error).message}`)))
    return done("failed", (err as Error).message)
  }
}

/**
 * A SUBSCRIPTION notification [assumed] (a deduction, a cancellation, the contract's end): the transaction it
 * names is read back with the order query and only that answer is applied to the subscription.
 */
async function subscriptionNotification(
  container: MedusaContainer,
  client: AcquiringClient,
  transactionId: string | null
): Promise<["processed" | "ignored" | "failed", string]> {
  if (!transactionId) return ["ignored", "no transaction_id"]
  let record
  try {
    record = await findTransaction(client, transactionId)
  } catch (err) {
    return ["failed", `order query failed, nothing applied (the subscription sync will check it): ${(err as Error).message}`]
  }
  if (!record?.subscription_result?.recurring_id) return ["ignored", `transaction ${transactionId} belongs to no subscription at the gateway`]
  const applied = await applySubscriptionRecord(container, record)
  if (!applied?.subscription_id) return ["ignored", `subscription ${record.subscription_result.recurring_id} is not one this store sold`]
  return ["processed", `subscription ${applied.recurring_id}: ${applied.changes.length ? applied.changes.join(", ") : "no change"}`]
}
