/**
 * Gives back the money of a gateway transaction the plugin started that is no payment of a Medusa order (docs/payments-and-safety.md,
 * "Where every payment ends up"): a session Medusa deleted that the shopper finished at the bank afterwards, a
 * second payment of a cart that is already an order, a checkout that held money past
 * `reconciliation.release_after_seconds` without becoming an order, an earlier attempt of a session that went on
 * with another transaction.
 *
 * One row a transaction (`gateway_release`), written before anything is sent, so a crash between the request and
 * its answer leaves a row the order sync settles from the gateway's answer, never by a guess:
 * - the gateway holds it (authorised, review, or a code read as captured or unknown): it is voided (`/v1/cancel`).
 *   The plugin never captured it, so a captured reading is not taken as a capture (the code's meaning is
 *   [assumed]): the void is tried first; only when the gateway refuses it and reads the payment as captured is it
 *   refunded in full (`/v1/refund`, the row's id as refund_reference, which a repeat refunds once);
 * - refused: "refused", with what to do, for staff (an alert names it); lost answer: "unknown", read again by the
 *   next order sync (a lost refund is looked up by its reference first);
 * - the gateway holds nothing (pending, declined, canceled, refunded): nothing is sent;
 * - it is a live Medusa payment (a completion won the race with the decision): nothing is sent ("kept").
 * The caller holds the payment lock of the transaction's order number (apply-gateway-state.ts `paymentLockKey`).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { AcquiringClient, GatewayOutcomeUnknownError, redact, TransactionRecord } from "../lib/gateway"
import {
  cancelEntry,
  describeEntry,
  GatewayState,
  isCapturedState,
  refundEntry,
  refundStatusOf,
  stateOfRecord,
  TransactionRef,
} from "../domain"
import type GatewayModuleService from "../modules/gateway/service"
import { paymentLockKey } from "./payment-lock"
import type { SyncSummary } from "./results"

export type ReleaseReason = "session_replaced" | "second_payment" | "checkout_expired" | "earlier_attempt"
export type ReleaseStatus = "releasing" | "released" | "nothing_held" | "kept" | "refused" | "unknown"

/** Why, in words staff read (the admin's Reconciliation page and the alert). */
export const RELEASE_REASONS: Record<ReleaseReason, string> = {
  session_replaced:
    "its payment session was replaced (the shopper switched methods or the cart changed) and the shopper finished it afterwards",
  second_payment: "its cart is already an order paid by another payment",
  checkout_expired: "its checkout did not become an order in time (reconciliation.release_after_seconds)",
  earlier_attempt: "its payment session went on with another transaction",
}

export interface ReleaseTarget {
  /** The gateway's record of the transaction (order query). */
  record: TransactionRecord
  reason: ReleaseReason
  cart_id?: string | null
  order_id?: string | null
}

export interface ReleaseOutcome {
  transaction_id: string
  status: ReleaseStatus
  how: "voided" | "refunded" | null
  note: string | null
}

type Row = Awaited<ReturnType<GatewayModuleService["listGatewayReleases"]>>[number]

/** States in which the gateway holds (or may hold) the shopper's money for the transaction. */
export const holdsAtGateway = (s: GatewayState) =>
  s === "authorized" || s === "review" || s === "unknown" || s === "captured" || s === "partially_refunded"

/**
 * The release of one transaction (see the top of this file). A released first payment of a subscription has its
 * contract cancelled too (`/v1/cancelsubscription`): no order sold it. Never throws for a gateway refusal or a lost
 * answer.
 */
export async function releaseTransaction(
  container: MedusaContainer,
  target: ReleaseTarget
): Promise<ReleaseOutcome | null> {
  const outcome = await release(container, target)
  const contract = target.record.subscription_result
  if (outcome?.status !== "released" || !contract?.recurring_id) return outcome
  try {
    const res = await container
      .resolve("gateway")
      .acquiring()
      .cancelSubscription({ recurring_id: contract.recurring_id, contract_name: contract.contract_name ?? "" })
    if (res.cancelled) return outcome
    const why = res.result?.message || res.error_message || res.return_message || `cancel_status ${res.cancel_status}`
    return note(
      container,
      outcome,
      `its subscription contract ${contract.recurring_id} was not cancelled (${why}): cancel it in the gateway's portal`
    )
  } catch (err) {
    return note(
      container,
      outcome,
      `its subscription contract ${contract.recurring_id} could not be cancelled (${String(redact((err as Error).message))}): cancel it in the gateway's portal`
    )
  }
}

/** A released transaction whose contract is left running: refused, for staff (the alert names it). */
async function note(container: MedusaContainer, outcome: ReleaseOutcome, text: string): Promise<ReleaseOutcome> {
  const [row] = await container.resolve("gateway").listGatewayReleases({ transaction_id: outcome.transaction_id })
  return settle(container, row!, "refused", text)
}

async function release(container: MedusaContainer, target: ReleaseTarget): Promise<ReleaseOutcome | null> {
  const gatewayModule = container.resolve("gateway")
  const { record } = target
  const tx = record.transaction_id
  if (!tx || !record.order_no) return null
  const state = stateOfRecord(record)
  let [row] = await gatewayModule.listGatewayReleases({ transaction_id: tx })
  if (row && (row.status === "released" || row.status === "nothing_held" || row.status === "kept"))
    return outcomeOf(row)
  // Never the live payment of an order (a completion that won a race with this decision): kept, and said so.
  const paid = (
    await container
      .resolve(Modules.PAYMENT)
      .listPayments({ payment_session_id: record.order_no } as never, { select: ["id", "data", "canceled_at"] })
  ).find((p) => !p.canceled_at && (p.data as Record<string, unknown> | null)?.transaction_id === tx)
  if (paid) return row ? settle(container, row, "kept", `it is the live payment ${paid.id}: not released`) : null
  if (!holdsAtGateway(state)) {
    if (!row) return null // nothing held, nothing was ever sent: nothing to record
    // Sent earlier (answer lost, or refused and since settled by someone else): the gateway's word settles it.
    const done = (row.how === "voided" && state === "canceled") || (row.how === "refunded" && state === "refunded")
    return settle(
      container,
      row,
      done ? "released" : "nothing_held",
      done ? null : `the gateway now reads the payment ${state}: nothing is held`
    )
  }
  if (row?.status === "refused") return outcomeOf(row) // staff act on it (the alert); not sent again and again
  const t: TransactionRef = {
    transaction_id: tx,
    order_no: record.order_no,
    amount: record.amount ?? "",
    currency: record.currency ?? "",
  }
  if (!t.amount || !t.currency) return null
  if (!row) {
    try {
      row = await gatewayModule.createGatewayReleases({
        transaction_id: tx,
        order_no: t.order_no,
        reason: target.reason,
        status: "releasing",
        amount: t.amount,
        currency: t.currency,
        cart_id: target.cart_id ?? null,
        order_id: target.order_id ?? null,
      })
    } catch {
      // Another process wrote it first (unique transaction_id): its run goes on; this one leaves it.
      ;[row] = await gatewayModule.listGatewayReleases({ transaction_id: tx })
      return row ? outcomeOf(row) : null
    }
  }
  if (row.how === "refunded") return refund(container, row, t)
  return voidOrRefund(container, row, t, state)
}

/** Voids the authorisation; a refused void of a payment the gateway reads as captured is refunded instead. */
async function voidOrRefund(
  container: MedusaContainer,
  row: Row,
  t: TransactionRef,
  state: GatewayState
): Promise<ReleaseOutcome> {
  const client = container.resolve("gateway").acquiring()
  try {
    const res = await client.cancel({ cancel_orders: [cancelEntry(t)] })
    const entry = res.cancel_orders.find((e) => e.transaction_id === t.transaction_id) ?? res.cancel_orders[0]
    if (entry?.outcome === "done") return settle(container, row, "released", null, "voided")
    if (!entry || entry.outcome === "unknown")
      throw new GatewayOutcomeUnknownError(
        "cancel",
        entry ? `cancel_status "${entry.cancel_status}"` : "no entry for the transaction"
      )
    const now = await readState(client, t)
    if (now === "canceled") return settle(container, row, "released", null, "voided")
    if (now === "failed" || now === "refunded" || now === "not_found")
      return settle(
        container,
        row,
        "nothing_held",
        `the void was refused (${describeEntry(entry.result, entry.error_message)}) and the gateway reads the payment ${now}`
      )
    if (isCapturedState(now ?? state)) return refund(container, row, t)
    return settle(
      container,
      row,
      "refused",
      `the gateway refused the void (${describeEntry(entry.result, entry.error_message)}) and reads the payment ${now ?? state}: void or refund it in the gateway's portal`,
      "voided"
    )
  } catch (err) {
    if (!(err instanceof GatewayOutcomeUnknownError)) {
      return settle(
        container,
        row,
        "unknown",
        `the void could not be sent (${String(redact((err as Error).message))}); the order sync tries again`,
        "voided"
      )
    }
    const now = await readState(client, t)
    if (now === "canceled") return settle(container, row, "released", null, "voided")
    return settle(
      container,
      row,
      "unknown",
      "the gateway's answer to the void was lost; the order sync reads it again",
      "voided"
    )
  }
}

/** Refunds the whole transaction under the row's id; a lost answer is looked up by that reference before any repeat. */
async function refund(container: MedusaContainer, row: Row, t: TransactionRef): Promise<ReleaseOutcome> {
  const client = container.resolve("gateway").acquiring()
  try {
    if (row.how === "refunded") {
      const found = (await client.refundSearch({ merchant_refunds: [row.id] })).refund_orders.find(
        (r) => r.refund_reference === row.id
      )
      if (found) return settleRefund(container, row, refundStatusOf(found.refund_status), null)
    }
    // Marked before it is sent: a crash in between leaves "refunded" + "releasing", which looks the refund up first.
    if (row.how !== "refunded") row = await update(container, row, { how: "refunded" })
    const res = await client.refund({ refund_orders: [refundEntry(t, t.amount, row.id)] })
    const out = res.refund_orders.find((r) => r.refund_reference === row.id) ?? res.refund_orders[0]
    if (!out || out.outcome === "unknown")
      return settle(
        container,
        row,
        "unknown",
        "the gateway's answer to the refund was lost; the order sync looks it up by its reference",
        "refunded"
      )
    if (out.outcome === "refused") {
      const why = out.result ? `${out.result.code} ${out.result.message}` : "no reason given"
      return settle(
        container,
        row,
        "refused",
        `the gateway refused to void it (it reads it captured) and to refund it (${why}): refund it in the gateway's portal`,
        "refunded"
      )
    }
    return settleRefund(container, row, refundStatusOf(out.refund_status), null)
  } catch (err) {
    const lost = err instanceof GatewayOutcomeUnknownError
    return settle(
      container,
      row,
      "unknown",
      lost
        ? "the gateway's answer to the refund was lost; the order sync looks it up by its reference"
        : `the refund could not be sent (${String(redact((err as Error).message))}); the order sync tries again`,
      "refunded"
    )
  }
}

function settleRefund(
  container: MedusaContainer,
  row: Row,
  status: "refunded" | "failed" | "pending",
  message: string | null
): Promise<ReleaseOutcome> {
  if (status === "refunded") return settle(container, row, "released", null, "refunded")
  if (status === "failed")
    return settle(
      container,
      row,
      "refused",
      `the gateway's refund failed${message ? ` (${message})` : ""}: refund it in the gateway's portal`,
      "refunded"
    )
  return settle(
    container,
    row,
    "unknown",
    "the refund is pending at the gateway; the order sync reads it again",
    "refunded"
  )
}

async function readState(client: AcquiringClient, t: TransactionRef): Promise<GatewayState | null> {
  try {
    const res = await client.orderQuery({ trades: [t.transaction_id!] })
    const record = (res.orders_list ?? []).find((r) => r.transaction_id === t.transaction_id && r.query_result !== "2")
    return record ? stateOfRecord(record) : "not_found"
  } catch {
    return null
  }
}

async function update(container: MedusaContainer, row: Row, fields: Partial<Row>): Promise<Row> {
  return container.resolve("gateway").updateGatewayReleases({ id: row.id, ...fields } as never) as unknown as Row
}

async function settle(
  container: MedusaContainer,
  row: Row,
  status: ReleaseStatus,
  note: string | null,
  how?: "voided" | "refunded"
): Promise<ReleaseOutcome> {
  const updated = await update(container, row, {
    status,
    note: note === null ? null : String(redact(note)).slice(0, 1000),
    ...(how ? { how } : {}),
    ...(status === "released" ? { released_at: new Date() } : {}),
  } as Partial<Row>)
  const outcome = outcomeOf(updated)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const line = `Gateway payment ${row.order_no}: transaction ${row.transaction_id} (${row.amount} ${row.currency}) belongs to no order: ${RELEASE_REASONS[row.reason as ReleaseReason] ?? row.reason}; ${status}${outcome.how ? ` (${outcome.how})` : ""}${note ? `: ${note}` : ""}`
  if (status === "refused") logger.warn(String(redact(line)))
  else logger.info(String(redact(line)))
  return outcome
}

const outcomeOf = (row: Row): ReleaseOutcome => ({
  transaction_id: row.transaction_id,
  status: row.status as ReleaseStatus,
  how: (row.how as ReleaseOutcome["how"]) ?? null,
  note: row.note ?? null,
})

/**
 * Order sync: releases left "releasing" (the process stopped mid-request) or "unknown" (the answer was lost) that
 * last changed before the settling deadline `before` (ISO text: no live release is that old) are read again by
 * their transaction, 100 an order query, and settled (releaseTransaction goes on from where each was left).
 */
export async function settleOpenReleases(
  container: MedusaContainer,
  summary: SyncSummary,
  before: string
): Promise<void> {
  const gatewayModule = container.resolve("gateway")
  const locking = container.resolve(Modules.LOCKING)
  for (let after = ""; ;) {
    const rows = await gatewayModule.listGatewayReleases(
      {
        status: ["releasing", "unknown"],
        updated_at: { $lt: before },
        ...(after ? { id: { $gt: after } } : {}),
      } as never,
      { take: 100, order: { id: "ASC" } }
    )
    if (!rows.length) return
    summary.requests++
    summary.checked += rows.length
    const res = await gatewayModule.acquiring().orderQuery({ trades: rows.map((r) => r.transaction_id) })
    for (const row of rows) {
      const record = (res.orders_list ?? []).find(
        (r) => r.transaction_id === row.transaction_id && r.query_result !== "2"
      )
      try {
        const out = await locking.execute(paymentLockKey(row.order_no), async () =>
          record
            ? releaseTransaction(container, { record, reason: row.reason as ReleaseReason })
            : settle(
                container,
                row,
                "unknown",
                "the gateway does not find the transaction; read again by the next run",
                row.how as "voided" | "refunded" | undefined
              )
        )
        if (out && out.status !== row.status) summary.changed++
        if (out?.status === "refused")
          summary.discrepancies.push({
            order_no: row.order_no,
            reason: `release of transaction ${row.transaction_id}: ${out.note}`,
          })
      } catch (err) {
        summary.discrepancies.push({
          order_no: row.order_no,
          reason: String(redact(`release of transaction ${row.transaction_id}: ${(err as Error).message}`)),
        })
      }
    }
    if (rows.length < 100) return
    after = rows[rows.length - 1]!.id
  }
}
