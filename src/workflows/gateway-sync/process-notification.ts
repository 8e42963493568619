/**
 * Processes one stored, verified gateway notification, idempotently. The notification is a hint: when the
 * order query answers, its record is the truth that is applied; otherwise the notification's own fields are.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { redact, TransactionRecord } from "../../lib/gateway"
import { GATEWAY_MODULE } from "../../modules/gateway"
import type GatewayModuleService from "../../modules/gateway/service"
import { configuredAcquiringClient } from "../../providers/gateway/core/client"
import { findSessionTransaction } from "../../providers/gateway/core/order-lookup"
import { updatePayoutFromNotificationWorkflow } from "../payouts/update-payout-from-notification"
import { applyGatewayState, upsertGatewayPayment } from "./apply-gateway-state"
import { applyRefundUpdates, refundStatusOf } from "./refund-status"

type Payload = Record<string, unknown>
const text = (v: unknown) => (v === undefined || v === null ? null : String(v))

export async function processGatewayNotification(container: MedusaContainer, notificationId: string) {
  const gatewayModule = container.resolve<GatewayModuleService>(GATEWAY_MODULE)
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

  const [earlier] = await gatewayModule.listGatewayNotifications({ notify_id: n.notify_id, status: ["processed"] }, { take: 1 })
  if (earlier && earlier.id !== n.id) return done("ignored", `replay of ${earlier.id}`)

  try {
    const p = n.payload as Payload
    if (n.notify_type === "PAYOUT") {
      const { result } = await updatePayoutFromNotificationWorkflow(container).run({ input: p as never })
      if (!result.found) return done("ignored", `payout ${text(p.request_id)} is not one of this store's`)
      return done("processed", `payout ${text(p.request_id)} ${result.status}${result.changed ? "" : ": no change"}${result.discrepancy ? `; discrepancy: ${result.discrepancy}` : ""}`)
    }
    const orderNo = text(p.order_no)
    if (!orderNo) return done("ignored", "no order_no")

    const record = await confirmedRecord(p, orderNo, logger)
    const extra: Parameters<typeof applyGatewayState>[3] = {}
    if (n.notify_type === "REVIEW RESULT") extra.review_status = text(p.review_flag) === "1" ? "approved" : "rejected"
    const result = await applyGatewayState(container, orderNo, record, extra)

    if (n.notify_type.startsWith("REFUND") && p.refund_reference) {
      const [session] = await container.resolve(Modules.PAYMENT).listPaymentSessions({ id: [orderNo] }, { relations: ["payment"] })
      if (session?.payment) {
        await applyRefundUpdates(container, session.payment.id, [
          { reference: String(p.refund_reference), refund_reference_id: text(p.refund_reference_id), status: refundStatusOf(text(p.refund_status)) },
        ])
      }
    }
    if (n.notify_type.startsWith("DISPUTE")) {
      const [gp] = await gatewayModule.listGatewayPayments({ order_no: orderNo })
      const disputes = ((gp?.disputes as unknown[] | null) ?? []).filter((d: any) => d.dispute_id !== text(p.dispute_id))
      disputes.push({
        dispute_id: text(p.dispute_id),
        amount: text(p.dispute_amount),
        reason: text(p.dispute_reason),
        status: text(p.dispute_status) ?? (n.notify_type === "DISPUTE RECEIVED" ? "open" : "closed"),
        at: new Date().toISOString(),
      })
      await upsertGatewayPayment(gatewayModule, orderNo, { disputes })
    }
    await upsertGatewayPayment(gatewayModule, orderNo, { last_notification_at: new Date() })
    return done("processed", `${result.state}${result.changes.length ? `: ${result.changes.join(", ")}` : ": no change"}${result.discrepancy ? `; discrepancy: ${result.discrepancy}` : ""}`)
  } catch (err) {
    logger.warn(String(redact(`Gateway notification ${n.id} (${n.notify_type} ${n.order_no ?? ""}) failed: ${(err as Error).message}`)))
    return done("failed", (err as Error).message)
  }
}

/** The order query's record for the notification's order, or one built from the notification when it fails. */
async function confirmedRecord(p: Payload, orderNo: string, logger: { warn(m: string): void }): Promise<TransactionRecord | null> {
  const client = configuredAcquiringClient()
  if (client) {
    try {
      return await findSessionTransaction(client, orderNo, text(p.transaction_id))
    } catch (err) {
      logger.warn(String(redact(`Gateway order query for notification of ${orderNo} failed, using the notification itself: ${(err as Error).message}`)))
    }
  }
  if (!p.payment_status) return null
  return {
    order_no: orderNo,
    transaction_id: text(p.transaction_id),
    amount: text(p.amount),
    currency: text(p.currency),
    payment_status: text(p.payment_status),
    query_result: "1",
  } as TransactionRecord
}
