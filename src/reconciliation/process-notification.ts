/**
 * Processes one stored, verified gateway notification, idempotently.
 *
 * A notification is a hint. Its signature covers only some of its fields (order_no, transaction_id, amount,
 * currency, order_status...: docs/gateway-contract.md); `notify_type`, `notify_id`, `payment_status`,
 * `review_flag`, the refund and dispute fields and a payout's `status` are not signed, and anyone holding one
 * signed message can change them. So nothing is decided from them, not even which path to take: a payment
 * notification (whatever its type: payment, capture, refund, review, dispute) has the gateway read for the
 * transaction it names (the order query, then the refund search for refunds still open), a deduction of a
 * subscription is read by its transaction id, a payout notification has an open payout read again
 * (payout-notification.ts: never a final one, at most once a minute), and only what
 * those answers say is applied. A chargeback is booked when the order query says the payment was charged back
 * (chargebacks.ts). Identifiers come from the stored columns (signed fields, taken from the body before it was
 * redacted for the log).
 *
 * One row holds every delivery of the same signed content (the notification route): runs of a row are
 * serialised under a lock, and a run finishes only when no delivery came after it began, so the gateway is
 * read after every delivery and two copies arriving together are read once.
 *
 * A row is read at most once per `notifications.read_interval_seconds` (default 60): one signed message re-posted
 * in a loop must not drive a gateway read per post. A delivery within the interval is counted (the route) and
 * its run defers the read to the interval's end, in this process, leaving the row `received`; that one read
 * covers every delivery before it, so a real later notification of the transaction (capture, refund, dispute:
 * the same signed fields) is applied at most one interval late, never dropped. Should the process stop first,
 * the order sync reads the orders of rows left `received` (after a few minutes). Deliveries beyond
 * `notifications.max_deliveries_per_minute` of a row that is waiting for such a deferred read are not counted and
 * start no run (the route emits no event): the read already due covers them (service.recordVerifiedNotification).
 *
 * At most `notifications.concurrency` records (default 8) are processed at once in a process; the rest wait
 * their turn (a storm of 10,000 deliveries: bench/load.ts).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { AcquiringClient, parseCodeMessage, redact } from "../lib/gateway"
import { findSessionTransaction, findTransaction, readSessionData } from "../domain"
import type GatewayModuleService from "../modules/gateway/service"
import { applyGatewayState } from "./apply-gateway-state"
import { upsertGatewayPayment } from "./gateway-payment-record"
import { syncRefundsOfPayment } from "./refund-status"
import { applySubscriptionAnswer } from "./subscriptions"
import { payoutNotified } from "./payout-notification"

type Payload = Record<string, unknown>
type Outcome = ["processed" | "ignored" | "failed", string]
const text = (v: unknown) => (v === undefined || v === null || v === "" ? null : String(v))

export async function processGatewayNotification(container: MedusaContainer, notificationId: string) {
  const gatewayModule = container.resolve("gateway")
  const locking = container.resolve(Modules.LOCKING)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  // A turn first (`notifications.concurrency` at once), then the record's lock: a storm of deliveries waits in
  // this queue, not on the locks (whose 60 s wait would run out) nor on the database's connection pool; a copy
  // of a record whose run is still waiting adds nothing to the queue (that run reads after it).
  const status = await gatewayModule.inNotificationTurn(notificationId, () =>
    locking.execute(
      `gateway:notification:${notificationId}`,
      async () => {
        const n = await gatewayModule.retrieveGatewayNotification(notificationId)
        if (n.status !== "received") return n.status // handled by a run that began after its last delivery
        const wait = await gatewayModule.notificationReadWait(n.id)
        if (wait > 0) {
          gatewayModule.deferNotificationRead(n.id, wait, () => processGatewayNotification(container, n.id))
          return "received"
        }
        let outcome: Outcome
        try {
          outcome = await handle(container, n)
        } catch (err) {
          logger.warn(
            String(
              redact(
                `Gateway notification ${n.id} (${n.notify_type} ${n.order_no ?? ""}) failed: ${(err as Error).message}`
              )
            )
          )
          outcome = ["failed", (err as Error).message]
        }
        const [status, result] = outcome
        const finished = await gatewayModule.finishNotification(
          n.id,
          n.deliveries ?? 1,
          status,
          String(redact(result)).slice(0, 2000)
        )
        return finished ? status : "received"
      },
      { timeout: 60 }
    )
  )
  return status ?? "received"
}

type StoredNotification = Awaited<ReturnType<GatewayModuleService["retrieveGatewayNotification"]>>

async function handle(container: MedusaContainer, n: StoredNotification): Promise<Outcome> {
  const gatewayModule = container.resolve("gateway")
  const client = gatewayModule.paymentOptions() ? gatewayModule.acquiring() : null
  if (n.notify_type === "PAYOUT") {
    // Verified with the payout formula and the payout account's key (the route records only those under this
    // label), which signs request_id: read in that account's names.
    const p = gatewayModule.payouts().decodeNotification((n.payload ?? {}) as Payload)
    const requestId = text(p.request_id)
    const [payout] = requestId ? await gatewayModule.listGatewayPayouts({ request_id: requestId }, { take: 1 }) : []
    if (!payout) return ["ignored", `payout ${requestId ?? "(no request_id)"} is not one of this store's`]
    return payoutNotified(container, payout.id, requestId!)
  }
  const orderNo = n.order_no
  if (!orderNo) return ["ignored", "no order_no"]
  if (!client) return ["failed", 'the plugin has no "payments" option: nothing can be confirmed with the gateway']

  const paymentModule = container.resolve(Modules.PAYMENT)
  const [session] = await paymentModule.listPaymentSessions({ id: [orderNo] }, { relations: ["payment"] })
  const ours = session
    ? readSessionData((session.payment?.data ?? session.data) as Record<string, unknown> | undefined)
    : null

  const tx = n.transaction_id
  const other =
    tx && ours && (ours.superseded_transaction_ids.includes(tx) || (ours.transaction_id && ours.transaction_id !== tx))
  // Another transaction of the order number than the session's payment: a deduction of the subscription this
  // payment sold, or an earlier attempt on this session (declined, then retried), which says nothing about the
  // current payment: read by its id and applied as what it is (an earlier attempt holding money is released).
  if (other && ours.subscription && !ours.superseded_transaction_ids.includes(tx))
    return deduction(client, container, orderNo, tx)
  if (other || !session) {
    // No session: Medusa deleted it (a method switch, a cart change): what the gateway holds of it is released.
    let named
    try {
      named = other ? await findTransaction(client, tx) : await findSessionTransaction(client, orderNo, tx)
    } catch (err) {
      return ["failed", `order query failed, nothing applied (the order sync will check it): ${(err as Error).message}`]
    }
    const result = await applyGatewayState(container, orderNo, named)
    if (!session && !result.changes.length && result.discrepancy) return ["ignored", result.discrepancy]
    if (result.ignored) return ["ignored", result.ignored]
    return [
      "processed",
      `${other ? `transaction ${tx}` : "deleted session"}: ${result.state}${result.changes.length ? `: ${result.changes.join(", ")}` : ": no change"}${result.discrepancy ? `; discrepancy: ${result.discrepancy}` : ""}`,
    ]
  }

  let record
  try {
    record = await findSessionTransaction(
      client,
      orderNo,
      ours?.transaction_id ?? tx,
      ours?.superseded_transaction_ids ?? []
    )
  } catch (err) {
    // Nothing unconfirmed is applied; the order sync reads this notification's order again.
    return ["failed", `order query failed, nothing applied (the order sync will check it): ${(err as Error).message}`]
  }
  const result = await applyGatewayState(container, orderNo, record)
  if (result.state === "failed" && tx && record?.transaction_id === tx)
    await keepNotifiedDecline(client, gatewayModule, orderNo, tx, n.payload)
  const notes: string[] = []
  if (result.ignored) notes.push(result.ignored)
  if (session.payment) {
    // Refunds still open are asked about (the refund search); nothing is sent when there are none.
    try {
      const refunds = await syncRefundsOfPayment(container, client, session.payment.id, orderNo)
      if (refunds.changed) notes.push(`refunds: ${refunds.changed} changed`)
    } catch (err) {
      notes.push(`refund search failed, the refund sync will check them: ${(err as Error).message}`)
    }
  }
  await upsertGatewayPayment(gatewayModule, orderNo, { last_notification_at: new Date() })
  return [
    "processed",
    `${result.state}${result.changes.length ? `: ${result.changes.join(", ")}` : ": no change"}${result.discrepancy ? `; discrepancy: ${result.discrepancy}` : ""}${notes.length ? `; ${notes.join("; ")}` : ""}`,
  ]
}

/**
 * A failed payment's reason as its notification gives it: `result_info` (e.g. `D0005:3-D Secure authentication
 * failed`), a signed field, kept for the dashboard's decline reasons (the order query carries no reason).
 */
async function keepNotifiedDecline(
  client: AcquiringClient,
  gatewayModule: GatewayModuleService,
  orderNo: string,
  transactionId: string,
  payload: unknown
): Promise<void> {
  const { fields } = client.readNotification((payload ?? {}) as Payload)
  const reason = parseCodeMessage(text(fields.result_info))
  if (reason) await gatewayModule.recordAttemptDecline(orderNo, transactionId, reason)
}

/**
 * A transaction of the order number that is not the session's payment: a recurring deduction [assumed] (or a
 * cancellation's) is read back with the order query of the order number, and that answer is applied to the
 * subscription (applySubscriptionAnswer: the gateway may have made several deductions at once, and the contract's
 * state must be read with all of them counted). The named transaction must be in the answer; if the order number's
 * answer lacks it, it is read alone by its transaction id.
 */
async function deduction(
  client: AcquiringClient,
  container: MedusaContainer,
  orderNo: string,
  transactionId: string
): Promise<Outcome> {
  let records
  try {
    const ofOrder = (await client.orderQuery({ orders: [orderNo] })).orders_list ?? []
    const named = ofOrder.find((r) => r.transaction_id === transactionId && r.query_result !== "2")
    const recurringId = named?.subscription_result?.recurring_id
    records = named
      ? recurringId
        ? ofOrder.filter((r) => r.subscription_result?.recurring_id === recurringId && r.query_result !== "2")
        : [named]
      : [await findTransaction(client, transactionId)].filter((r) => r !== null)
  } catch (err) {
    return [
      "failed",
      `order query failed, nothing applied (the subscription sync will check it): ${(err as Error).message}`,
    ]
  }
  const recurringId = records[0]?.subscription_result?.recurring_id
  if (!recurringId) {
    return [
      "ignored",
      `transaction ${transactionId} is neither the session's current transaction nor a deduction of its subscription`,
    ]
  }
  const problems: string[] = []
  const { changed, changes } = await applySubscriptionAnswer(container, records, (_record, err) =>
    problems.push(err.message)
  )
  if (problems.length) throw new Error(problems.join("; "))
  const [known] = await container
    .resolve("gateway")
    .listGatewaySubscriptions({ recurring_id: recurringId }, { select: ["id"] })
  if (!known) return ["ignored", `subscription ${recurringId} is not one this store sold`]
  return ["processed", `subscription ${recurringId}: ${changed.size ? changes.join(", ") : "no change"}`]
}
