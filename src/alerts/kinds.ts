/**
 * The alerts: when money needs a person. Pure builders, one per kind, each with the key that makes it "once per
 * event" (the same event found again builds the same key), a title and description for the admin's feed, and
 * the admin page that shows the event (a path under the admin, e.g. "/orders/order_01").
 */
import { createHash } from "node:crypto"

export const ALERT_KINDS = [
  "discrepancy",
  "unknown_outcome",
  "chargeback",
  "payout_failed",
  "operation_failed",
  "notifications_rejected",
  "payment_not_released",
] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

export interface Alert {
  kind: AlertKind
  /** The event's identity: one alert per key, ever. */
  key: string
  title: string
  description: string
  /** The admin page of the event, relative to the admin's root ("/orders/order_01", "/gateway/payouts/gwpout_01"). */
  path: string
  /** What Medusa's notification records as the alert's subject. */
  resource: { type: string; id: string } | null
}

/** The order a payment belongs to, when Medusa has one. */
export interface OrderRef {
  id: string
  display_id: number | string | null
}

const digest = (text: string) => createHash("sha256").update(text).digest("hex").slice(0, 16)
const orderName = (order: OrderRef | null, orderNo: string) =>
  order ? `order #${order.display_id ?? order.id}` : `payment ${orderNo}`
const orderPath = (order: OrderRef | null) => (order ? `/orders/${order.id}` : "/gateway/reconciliation")
const orderResource = (order: OrderRef | null) => (order ? { type: "order", id: order.id } : null)

/** A difference a sync job found and could not resolve by itself. The same reason on the same payment is one event. */
export function discrepancyAlert(input: {
  job: string
  order_no: string
  reason: string
  order: OrderRef | null
}): Alert {
  return {
    kind: "discrepancy",
    key: `discrepancy:${input.order_no}:${digest(input.reason)}`,
    title: `Gateway discrepancy: ${orderName(input.order, input.order_no)}`,
    description: `The ${input.job.replace("_", " ")} found a difference it cannot resolve safely: ${input.reason}`,
    path: orderPath(input.order),
    resource: orderResource(input.order),
  }
}

/** A payment whose request was sent but whose answer was lost, still unknown after the configured age. */
export function unknownPaymentAlert(input: {
  order_no: string
  order: OrderRef | null
  what: string
  event: string
  minutes: number
}): Alert {
  return {
    kind: "unknown_outcome",
    key: `unknown:${input.order_no}:${digest(input.event)}`,
    title: `Outcome unknown: ${orderName(input.order, input.order_no)}`,
    description: `${input.what} reached the gateway but its answer was lost, and the order sync has not settled it for ${input.minutes} minutes or more. Check the payment in the gateway's portal.`,
    path: orderPath(input.order),
    resource: orderResource(input.order),
  }
}

/** A payout sent whose answer was lost (UNKNOWN), still so after the configured age. */
export function unknownPayoutAlert(
  p: { id: string; payment_amount: string; payment_currency: string; reference?: string | null },
  minutes: number
): Alert {
  return {
    kind: "unknown_outcome",
    key: `unknown:${p.id}`,
    title: `Payout outcome unknown: ${p.payment_amount} ${p.payment_currency}`,
    description: `Payout ${p.id}${p.reference ? ` (${p.reference})` : ""} was sent but its answer was lost ${minutes} minutes or more ago. Refresh it on its page: that re-sends its request under the same request_id, and the gateway answers with the payout's state without paying again only if it de-duplicates request_id [assumed] (docs/gateway-contract.md).`,
    path: `/gateway/payouts/${p.id}`,
    resource: { type: "gateway_payout", id: p.id },
  }
}

/** The admin page of an issuing or payout operation's record (the audit's `target_id`). */
function operationPath(operation: string, targetId: string | null): { path: string; resource: Alert["resource"] } {
  const page = {
    card: "cards",
    group: "groups",
    cardholder: "cardholders",
    payout: "payouts",
    subscription: "subscriptions",
  }[operation.split(".")[0]!]
  if (!page || !targetId) return { path: "/gateway", resource: null }
  return {
    path: `/gateway/${page}/${targetId}`,
    resource: { type: `gateway_${operation.split(".")[0]}`, id: targetId },
  }
}

type AuditRow = {
  id: string
  operation: string
  target_id: string | null
  idempotency_key?: string | null
  error_code?: string | null
  error_message?: string | null
  result: string
}

/** An issuing operation (card recharge, withdraw, group refund...) sent whose answer was lost, after the configured age. */
export function unknownOperationAlert(row: AuditRow, minutes: number): Alert {
  return {
    kind: "unknown_outcome",
    key: `unknown:${row.id}`,
    title: `Outcome unknown: ${row.operation}`,
    description: `${row.operation}${row.target_id ? ` on ${row.target_id}` : ""} was sent but its answer was lost ${minutes} minutes or more ago: it was never sent again. Refresh the record: its balance shows whether the money moved; only if it did not, send a new request with a new key.`,
    ...operationPath(row.operation, row.target_id),
  }
}

/** The gateway's order query reads a payment as charged back: the shopper's bank took the money back. */
export function chargebackAlert(input: {
  order_no: string
  transaction_id: string | null
  order: OrderRef | null
}): Alert {
  return {
    kind: "chargeback",
    key: `chargeback:${input.order_no}:${input.transaction_id ?? ""}`,
    title: `Chargeback: ${orderName(input.order, input.order_no)}`,
    description: `The gateway reports transaction ${input.transaction_id ?? input.order_no} charged back: the money was taken back after a dispute. The plugin books it in Medusa as a refund (reason "Chargeback"); see the dispute in the gateway's portal.`,
    path: orderPath(input.order),
    resource: orderResource(input.order),
  }
}

/** A payout the gateway reports FAILED. */
export function payoutFailedAlert(p: {
  id: string
  payment_amount: string
  payment_currency: string
  reference?: string | null
  failure_reason?: string | null
  failure_type?: string | null
}): Alert {
  const why = [p.failure_reason, p.failure_type].filter(Boolean).join(", ")
  return {
    kind: "payout_failed",
    key: `payout_failed:${p.id}`,
    title: `Payout failed: ${p.payment_amount} ${p.payment_currency}`,
    description: `The gateway reports payout ${p.id}${p.reference ? ` (${p.reference})` : ""} FAILED${why ? `: ${why}` : ""}. Correct the beneficiary's details and send a new payout if it is still owed.`,
    path: `/gateway/payouts/${p.id}`,
    resource: { type: "gateway_payout", id: p.id },
  }
}

/**
 * An issuing or payout operation the gateway refused (or a card creation only partly done, or a compensation
 * that could not undo). Retries of one request (the same idempotency key) are one event.
 */
export function operationFailedAlert(row: AuditRow): Alert {
  return {
    kind: "operation_failed",
    key: `operation_failed:${row.idempotency_key ?? row.id}`,
    title: `${row.result === "partial" ? "Partly done" : "Failed"}: ${row.operation}`,
    description: `${row.operation}${row.target_id ? ` on ${row.target_id}` : ""} ${row.result === "partial" ? "was only partly done" : "failed"}${row.error_message ? `: ${row.error_message}` : row.error_code ? ` (${row.error_code})` : ""}.`,
    ...operationPath(row.operation, row.target_id),
  }
}

/** Notifications failing verification repeatedly: a wrong sign key (or formula), or forged posts. One alert a day while it lasts. */
export function rejectedNotificationsAlert(input: { count: number; window_minutes: number; day: string }): Alert {
  return {
    kind: "notifications_rejected",
    key: `notifications_rejected:${input.day}`,
    title: "Gateway notifications fail verification",
    description: `${input.count} requests to the notification address in the last ${input.window_minutes} minutes did not verify (unsigned, or a signature that does not match). If the gateway sent them, its notifications are lost to the store: check the sign key with the go-live check. If not, someone is posting forged notifications (they change nothing).`,
    path: "/gateway/go-live",
    resource: null,
  }
}

/**
 * A gateway transaction that is no payment of an order whose money the plugin could not give back: the gateway
 * refused the void and the refund, or their answers stayed lost (release.ts). One alert per transaction and state.
 */
export function paymentNotReleasedAlert(r: {
  transaction_id: string
  order_no: string
  amount: string
  currency: string
  reason: string
  status: string
  how?: string | null
  note?: string | null
  cart_id?: string | null
  order_id?: string | null
}): Alert {
  const tried = r.how === "refunded" ? "void and refund" : "void"
  const what =
    r.status === "refused"
      ? `The plugin could not give it back: ${r.note ?? `the gateway refused the ${tried}`}.`
      : `The answer to its ${tried} was lost and the order sync has not settled it: check the transaction in the gateway's portal; void it there if it is still authorised, refund it if it was captured.`
  return {
    kind: "payment_not_released",
    key: `release:${r.transaction_id}:${r.status}`,
    title: `Payment not given back: ${r.amount} ${r.currency}`,
    description: `Gateway transaction ${r.transaction_id} (${r.amount} ${r.currency}, payment session ${r.order_no}${r.cart_id ? `, cart ${r.cart_id}` : ""}${r.order_id ? `, whose order was paid another way` : ""}) belongs to no order (${r.reason.replace(/_/g, " ")}), so its money must go back to the shopper. ${what} Once done, nothing else is needed: the order sync reads it again.`,
    path: r.order_id ? `/orders/${r.order_id}` : "/gateway/reconciliation",
    resource: r.order_id ? { type: "order", id: r.order_id } : null,
  }
}
