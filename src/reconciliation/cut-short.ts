/**
 * Operations cut short: the process stopped (a crash, a killed worker) between sending a request to the gateway
 * and recording its answer (for a card post, the only trace of it is the card route's card-sent mark, written
 * just before the provider is called). Medusa commits its capture or refund record before it calls the provider,
 * and the plugin writes an operation's audit row ("attempted") and a payout's record (PENDING) before it sends anything;
 * a process that dies in between leaves those records with nothing after them. Once older than the deadline
 * (option `reconciliation.settle_after_seconds`: no live request is that old), the jobs settle them from the
 * gateway's answer, never by a guess:
 * - a capture (order sync): the order query reads the payment. Not captured (authorised) → the capture was not
 *   made: it is sent now (the gateway takes one capture a transaction, so it cannot take twice). Read as captured
 *   → recorded as a capture whose answer was lost (`unknown`), which the order sync settles as such (docs/payments-and-safety.md, "When
 *   the gateway's answer is lost"). Cancelled or declined → nothing can be captured: Medusa's capture record is
 *   removed, as Medusa removes it when the provider refuses.
 * - a refund (refund sync): the refund search by its reference (Medusa's refund id). Found → recorded as the
 *   gateway has it. Not found → the refund was not made: it is sent now under the same reference (the gateway
 *   recognises a repeated reference and pays once). Refused → Medusa's refund record is removed.
 * - a card post (order sync): its session's outcome becomes unknown, which the order sync confirms with the order
 *   query as for a lost answer (authorised → the cart becomes the order; nothing at the gateway → failed);
 * - a cart whose payment was made but whose order was not (complete-cart cut short; order sync): the cart is
 *   completed as for a shopper who never came back;
 * - an audit row left "attempted" becomes "unknown"; a payout left PENDING becomes UNKNOWN, and is re-sent under
 *   its own request_id (which pays nothing more only if the gateway de-duplicates request_id [assumed]) when the
 *   store allows it (`payout.refresh_on_notification`),
 *   otherwise staff refresh it.
 * Captures and refunds settled or removed are then counted in their payment collection as Medusa counts them
 * (payment-collection-totals.ts): the crash came before Medusa's own recompute.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { fromMinorUnits, GatewayOutcomeUnknownError, redact, toGatewayAmount, toMinorUnits } from "../lib/gateway"
import { captureEntry, isCapturedState, readSessionData, refundEntry, refundStatusOf, toProviderData } from "../domain"
import { trackPaymentData } from "../dashboard/track"
import { CHARGEBACK_MARKER_KEY } from "../providers/gateway/core/refund"
import { refreshPayoutWorkflow } from "../workflows/payouts/refresh-payout"
import { paymentLockKey } from "./payment-lock"
import { settlingDeadline } from "./deadlines"
import { recomputePaymentCollection } from "./payment-collection-totals"
import type { PaymentRow } from "./open-payment-pages"
import { PAGE, SyncContext } from "./sync-run"
import type { SyncSummary } from "./results"

type Row = {
  id: string
  created_at?: Date | string | null
  raw_amount?: unknown
  amount?: unknown
  metadata?: Record<string, unknown> | null
}

const olderThan = (row: Row, deadline: number) =>
  row.created_at !== undefined && row.created_at !== null && new Date(row.created_at).getTime() < deadline

/** The settling deadline (apply-gateway-state.ts): records written before it whose operation has no outcome were cut short. */
export const cutShortBefore = (ctx: Pick<SyncContext, "gatewayModule">) => settlingDeadline(ctx.gatewayModule)

const amountText = (row: Row, currency: string) =>
  toGatewayAmount((row.raw_amount ?? row.amount) as never, currency, { rounding: "half-up" })

/**
 * Order sync: a card session whose card post was counted past the deadline but has no answer recorded (no
 * transaction, not unknown) was cut short mid-request: its outcome becomes unknown, which the provider confirms
 * with the order query (authorised → the order is made; not found → the attempt failed). Answers its data.
 */
export async function markCardPostUnknown(
  container: MedusaContainer,
  ctx: SyncContext,
  sessionId: string
): Promise<Record<string, unknown> | null> {
  return container.resolve(Modules.LOCKING).execute(paymentLockKey(sessionId), async () => {
    const [session] = await ctx.paymentModule.listPaymentSessions(
      { id: [sessionId] },
      { select: ["id", "status", "data", "amount", "currency_code"] }
    )
    const ours = readSessionData(session?.data as Record<string, unknown>)
    if (!session || !ours || session.status !== "pending" || ours.transaction_id || ours.outcome_unknown)
      return (session?.data as Record<string, unknown>) ?? null
    const updated = await ctx.paymentModule.updatePaymentSession({
      id: session.id,
      amount: session.amount,
      currency_code: session.currency_code,
      data: { ...toProviderData(ours), outcome_unknown: true },
    })
    return updated.data as Record<string, unknown>
  })
}

/**
 * Order sync: of `payments` (a page), those older than the deadline whose cart has no order: complete-cart was cut
 * short after Medusa made the payment and before the order. The sync then applies the gateway's state to them
 * even when it agrees with Medusa's, which completes the cart (apply-gateway-state.ts).
 */
export async function orderlessPayments(
  container: MedusaContainer,
  ctx: Pick<SyncContext, "gatewayModule">,
  payments: {
    id: string
    payment_collection_id?: string | null
    created_at?: Date | string | null
    canceled_at?: unknown
  }[]
): Promise<Set<string>> {
  const deadline = cutShortBefore(ctx)
  const old = payments.filter((p) => p.payment_collection_id && !p.canceled_at && olderThan(p as Row, deadline))
  if (!old.length) return new Set()
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: carts } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id", "payment_collection_id"],
    filters: { payment_collection_id: old.map((p) => p.payment_collection_id!) },
  })
  const cartOf = new Map(
    (carts as { cart_id: string; payment_collection_id: string }[]).map((c) => [c.payment_collection_id, c.cart_id])
  )
  if (!cartOf.size) return new Set()
  const { data: orders } = await query.graph({
    entity: "order_cart",
    fields: ["cart_id"],
    filters: { cart_id: [...cartOf.values()] },
  })
  const ordered = new Set((orders as { cart_id: string }[]).map((o) => o.cart_id))
  return new Set(
    old
      .filter((p) => cartOf.has(p.payment_collection_id!) && !ordered.has(cartOf.get(p.payment_collection_id!)!))
      .map((p) => p.id)
  )
}

/**
 * Order sync, for a page of payments read with their captures: Medusa captures of open gateway payments (not fully
 * captured, not cancelled) that the payment's data does not list, older than the deadline, are settled. Answers
 * the ids of the payments it settled (their page rows are stale now).
 */
export async function settleCutShortCaptures(
  container: MedusaContainer,
  summary: SyncSummary,
  ctx: SyncContext,
  payments: PaymentRow[]
): Promise<Set<string>> {
  const deadline = cutShortBefore(ctx)
  const settled = new Set<string>()
  for (const p of payments) {
    if (p.captured_at || p.canceled_at) continue
    const ours = readSessionData(p.data as Record<string, unknown>)
    const known = new Set(ours?.captures.map((c) => c.id) ?? [])
    if (!ours || !(p.captures ?? []).some((c) => !known.has(c.id) && olderThan(c as Row, deadline))) continue
    settled.add(p.id)
    await settleCaptures(container, summary, ctx, p.id, ours.order_no, deadline).catch((err) => {
      summary.discrepancies.push({
        order_no: ours.order_no,
        reason: String(redact(`a capture cut short could not be settled: ${(err as Error).message}`)),
      })
    })
  }
  return settled
}

async function settleCaptures(
  container: MedusaContainer,
  summary: SyncSummary,
  ctx: SyncContext,
  paymentId: string,
  orderNo: string,
  deadline: number
) {
  const locking = container.resolve(Modules.LOCKING)
  await locking.execute(paymentLockKey(orderNo), async () => {
    const [payment] = await ctx.paymentModule.listPayments({ id: [paymentId] }, { relations: ["captures"] })
    const ours = readSessionData(payment?.data as Record<string, unknown>)
    if (!payment || !ours || !ours.transaction_id || payment.canceled_at) return
    const known = new Set(ours.captures.map((c) => c.id))
    const cut = ((payment.captures ?? []) as Row[]).filter((c) => !known.has(c.id) && olderThan(c, deadline))
    if (!cut.length) return
    summary.requests++
    const record = await ctx.gatewayModule.findSessionTransaction(
      orderNo,
      ours.transaction_id,
      ours.superseded_transaction_ids
    )
    const state = ctx.gatewayModule.stateOfRecord(record)
    const captures = [...ours.captures]
    const removed: string[] = []
    for (const c of cut) {
      const amount = amountText(c, ours.currency)
      let status: "captured" | "unknown" | null = null
      if (state === "authorized") {
        summary.requests++
        status = await sendCapture(ctx, ours, amount)
      } else if (isCapturedState(state)) {
        status = "unknown" // the code cannot tell whether this capture made it: settled as a lost answer
      } else if (state === "canceled" || state === "failed") {
        removed.push(c.id)
      } else {
        continue // pending, review, not found: read again at the next run
      }
      if (status) captures.push({ id: c.id, amount, status, by: "plugin" })
    }
    if (removed.length) {
      await ctx.paymentModule.deleteCaptures(removed)
      summary.discrepancies.push({
        order_no: orderNo,
        reason: `capture ${removed.join(", ")} was cut short (the server stopped) and the gateway did not make it (${state}): removed from Medusa; capture again if still wanted`,
      })
    }
    if (captures.length !== ours.captures.length) {
      const total = captures
        .filter((c) => c.status === "captured")
        .reduce((s, c) => s + toMinorUnits(c.amount, ours.currency), 0n)
      const data = {
        ...payment.data,
        captures,
        captured_amount: fromMinorUnits(total, ours.currency),
        outcome_unknown: captures.some((c) => c.status === "unknown"),
        ...(total > 0n ? { gateway_state: "captured" } : {}),
      }
      const whole = total === toMinorUnits(ours.amount, ours.currency)
      await ctx.paymentModule.updatePayment({ id: payment.id, data, ...(whole ? { captured_at: new Date() } : {}) } as {
        id: string
      })
      await trackPaymentData(container, data)
    }
    if (captures.length !== ours.captures.length || removed.length) {
      await recomputePaymentCollection(ctx.paymentModule, payment.payment_collection_id)
      summary.changed++
    }
  })
}

/**
 * Sends a capture cut short: "captured" when accepted, else "unknown". A refusal is not read as "never made":
 * the cut-short request may have reached the gateway, which then refuses this one as already captured while an
 * assumed paid code still reads as authorised (#23); staff see it as an unknown outcome, never a removed capture.
 */
async function sendCapture(
  ctx: SyncContext,
  data: NonNullable<ReturnType<typeof readSessionData>>,
  amount: string
): Promise<"captured" | "unknown"> {
  try {
    const res = await ctx.client.capture({ capture_orders: [captureEntry(data, amount)] })
    const entry = res.capture_orders.find((e) => e.transaction_id === data.transaction_id) ?? res.capture_orders[0]
    return entry?.outcome === "done" ? "captured" : "unknown"
  } catch (err) {
    if (err instanceof GatewayOutcomeUnknownError) return "unknown"
    throw err
  }
}

/** Refund sync: Medusa refunds of a gateway payment that its data does not list, older than the deadline. */
export function cutShortRefunds(payment: { data?: unknown; refunds?: Row[] | null }, deadline: number): Row[] {
  const ours = readSessionData(payment.data as Record<string, unknown>)
  if (!ours) return []
  const known = new Set(ours.refunds.map((r) => r.reference))
  return (payment.refunds ?? []).filter(
    (r) => !known.has(r.id) && olderThan(r, deadline) && !r.metadata?.[CHARGEBACK_MARKER_KEY]
  )
}

export async function settleCutShortRefunds(
  container: MedusaContainer,
  summary: SyncSummary,
  ctx: SyncContext,
  paymentId: string,
  orderNo: string
): Promise<void> {
  const deadline = cutShortBefore(ctx)
  const locking = container.resolve(Modules.LOCKING)
  await locking.execute(paymentLockKey(orderNo), async () => {
    const [payment] = await ctx.paymentModule.listPayments({ id: [paymentId] }, { relations: ["refunds"] })
    const ours = readSessionData(payment?.data as Record<string, unknown>)
    const cut = payment ? cutShortRefunds(payment as never, deadline) : []
    if (!payment || !ours || !ours.transaction_id || !cut.length) return
    summary.requests++
    const found = await ctx.client.refundSearch({ merchant_refunds: cut.map((r) => r.id) })
    const refunds = [...ours.refunds]
    const removed: string[] = []
    for (const r of cut) {
      const amount = amountText(r, ours.currency)
      const at = found.refund_orders.find((x) => x.refund_reference === r.id)
      if (at) {
        refunds.push({
          reference: r.id,
          refund_reference_id: at.refund_reference_id ?? null,
          amount,
          status: refundStatusOf(at.refund_status),
        })
        continue
      }
      summary.requests++
      const sent = await sendRefund(ctx, ours, r.id, amount)
      if (sent === null) removed.push(r.id)
      else refunds.push({ reference: r.id, refund_reference_id: sent.refund_reference_id, amount, status: sent.status })
    }
    if (removed.length) {
      await ctx.paymentModule.deleteRefunds(removed)
      summary.discrepancies.push({
        order_no: orderNo,
        reason: `refund ${removed.join(", ")} was cut short (the server stopped) and the gateway refuses it: removed from Medusa`,
      })
    }
    if (refunds.length !== ours.refunds.length) {
      const data = { ...payment.data, refunds }
      await ctx.paymentModule.updatePayment({ id: payment.id, data } as { id: string })
      await trackPaymentData(container, data)
    }
    await recomputePaymentCollection(ctx.paymentModule, payment.payment_collection_id)
    summary.changed++
  })
}

/** Sends a refund cut short before it reached the gateway, under its own reference: its record, or null when refused. */
async function sendRefund(
  ctx: SyncContext,
  data: NonNullable<ReturnType<typeof readSessionData>>,
  reference: string,
  amount: string
) {
  try {
    const res = await ctx.client.refund({
      refund_orders: [refundEntry(data, amount, reference)],
    })
    const out = res.refund_orders.find((r) => r.refund_reference === reference) ?? res.refund_orders[0]
    if (out?.outcome === "refused") return null
    if (!out || out.outcome === "unknown") return { refund_reference_id: null, status: "unknown" as const }
    return { refund_reference_id: out.refund_reference_id ?? null, status: "pending" as const }
  } catch (err) {
    if (err instanceof GatewayOutcomeUnknownError) return { refund_reference_id: null, status: "unknown" as const }
    throw err
  }
}

/**
 * Order sync: audit rows left "attempted" past the deadline become "unknown"; payouts left PENDING become UNKNOWN
 * and, when the store allows re-sending a request_id (`payout.refresh_on_notification`), are re-sent under it.
 */
export async function settleCutShortOperations(
  container: MedusaContainer,
  summary: SyncSummary,
  ctx: SyncContext
): Promise<void> {
  const before = new Date(cutShortBefore(ctx))
  const service = ctx.gatewayModule
  const stuck = await service.listGatewayOperationAudits(
    { result: "attempted", created_at: { $lt: before } } as never,
    { select: ["id", "operation"], take: PAGE }
  )
  if (stuck.length) {
    await service.updateGatewayOperationAudits(
      stuck.map((a) => ({
        id: a.id,
        result: "unknown" as const,
        error_code: "cut_short",
        error_message: "the server stopped before the gateway's answer was recorded: the outcome is unknown",
      }))
    )
    summary.changed += stuck.length
  }
  const pending = await service.listGatewayPayouts({ status: "PENDING", created_at: { $lt: before } } as never, {
    select: ["id", "request_id"],
    take: PAGE,
  })
  if (!pending.length) return
  // Only those still PENDING when written: an answer recorded meanwhile is not overwritten.
  await service.updateGatewayPayouts({
    selector: { id: pending.map((p) => p.id), status: "PENDING" },
    data: { status: "UNKNOWN" as const },
  })
  summary.changed += pending.length
  if (!service.payoutRefreshRule().onNotification) return
  for (const p of pending) {
    summary.requests++
    await refreshPayoutWorkflow(container)
      .run({ input: { id: p.id, actor: null } })
      .catch((err) =>
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .warn(
            String(redact(`Gateway payout ${p.request_id} cut short: re-sending it failed: ${(err as Error).message}`))
          )
      )
  }
}
