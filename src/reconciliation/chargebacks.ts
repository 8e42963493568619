/**
 * A chargeback the merchant lost takes the money back at the gateway; Medusa's order must then show it as
 * refunded. Called by applyGatewayState, under the payment's lock, when the order query reads the payment as
 * charged back (payment_status 4200 [assumed]): recording the chargeback and booking its Medusa refund both run
 * under that lock.
 *
 * What is booked comes from the gateway's own answer only. The order query says that the transaction was
 * charged back, never how much (no field of its record carries a chargeback amount, and a dispute
 * notification's fields are not signed). So one chargeback per transaction is booked, for everything Medusa
 * still holds on the payment (captured less refunded) and at most the transaction's amount: a partial
 * chargeback is booked whole (the gateway's portal shows its amount).
 *
 * The record goes into the payment's data with a random marker before Medusa's refund workflow runs, and the
 * refund carries the marker in its metadata (`gateway_chargeback`): only that marker makes the provider record
 * the refund without a request (../providers/gateway/core/refund.ts), never its amount, so a staff refund is
 * sent and never consumes the record. The metadata is not in the workflow's input type, so the booking fails
 * closed should Medusa ever drop it: while the workflow runs the record carries `booking_until` (a few minutes
 * ahead, cleared when the booking fails), and the provider refuses, never sends, a refund of the booking's
 * amount without the marker meanwhile (a staff refund at that moment is refused with "retry in a minute").
 * A booking that failed is tried again by the next run (a notification, or the order sync, which reads every
 * payment whose chargeback is not booked): a Medusa refund that already carries the marker is the booking (never
 * booked twice), and the amount is capped again by what Medusa holds then (a staff refund may have been made
 * meanwhile).
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { refundPaymentWorkflow, RefundPaymentWorkflowInput } from "@medusajs/medusa/core-flows"
import { randomUUID } from "node:crypto"
import { AmountInput, fromMinorUnits, redact, toMinorUnits, TransactionRecord } from "../lib/gateway"
import { ChargebackRecord, readSessionData } from "../domain"
import { CHARGEBACK_MARKER_KEY } from "../providers/gateway/core/refund"

type Money = { amount?: unknown; raw_amount?: unknown }

/**
 * A chargeback as the plugin's record of the payment shows it to staff (`gateway_payment.disputes`): what the
 * order query confirmed, and whether Medusa has booked it.
 */
export interface ChargebackEntry {
  dispute_id: string
  transaction_id: string
  status: "LOST"
  /** What is booked (or to book) in Medusa. */
  amount: string
  booked: boolean
  /** When the order query first showed it. */
  at: string
}

/** At most this many entries are kept on a payment's record. */
const MAX_DISPUTES = 20

/**
 * How long a booking may run (from its record to the provider's call) before an unmarked refund of its amount is
 * sent again: longer than the refund workflow ever takes, short enough not to hold staff back after a crash.
 */
const BOOKING_WINDOW_MS = 5 * 60_000

export interface ChargebackBooking {
  changes: string[]
  discrepancy: string | null
  /** The payment's `disputes`, with this payment's chargebacks. */
  disputes: unknown[]
}

export async function bookLostChargebacks(
  container: MedusaContainer,
  paymentId: string,
  record: TransactionRecord | null,
  disputes: unknown
): Promise<ChargebackBooking> {
  const paymentModule = container.resolve(Modules.PAYMENT)
  const payment = await paymentModule.retrievePayment(paymentId, {
    select: ["id", "data", "currency_code"],
    relations: ["captures", "refunds"],
  })
  const ours = readSessionData(payment.data ?? undefined)
  const earlier = Array.isArray(disputes) ? disputes : []
  if (!ours) return { changes: [], discrepancy: null, disputes: earlier }
  const currency = ours.currency
  const minor = (m: Money) =>
    toMinorUnits((m.raw_amount ?? m.amount ?? 0) as AmountInput, currency, { rounding: "half-up" })
  const money = (m: bigint) => fromMinorUnits(m, currency)
  const refunds = (payment.refunds ?? []) as (Money & { id: string; metadata?: Record<string, unknown> | null })[]
  const captured = ((payment.captures ?? []) as Money[]).reduce((s, c) => s + minor(c), 0n)
  const holding = captured - refunds.reduce((s, r) => s + minor(r), 0n)
  const transactionId = record?.transaction_id || ours.transaction_id || ours.order_no

  // A refund that carries a record's marker is its booking (a run that stopped after Medusa refunded).
  let chargebacks: ChargebackRecord[] = ours.chargebacks.map((c) => {
    const booking =
      !c.refund_id && c.marker ? refunds.find((r) => r.metadata?.[CHARGEBACK_MARKER_KEY] === c.marker) : undefined
    return booking ? { ...c, refund_id: booking.id } : c
  })
  if (!chargebacks.length) {
    let amount = holding > 0n ? holding : 0n
    try {
      const ceiling = record?.amount ? toMinorUnits(record.amount, currency) : amount
      if (ceiling < amount) amount = ceiling
    } catch {
      // an amount the currency cannot have: what Medusa holds caps it
    }
    chargebacks.push({
      dispute_id: `chargeback-${transactionId}`,
      amount: money(amount),
      refund_id: null,
      marker: randomUUID(),
      booking_until: null,
    })
  }
  // Each open record is capped again by what Medusa holds now (it never grows); one of an earlier version gets a
  // marker; one to book is marked as being booked until the window ends.
  let left = holding > 0n ? holding : 0n
  const bookingUntil = new Date(Date.now() + BOOKING_WINDOW_MS).toISOString()
  chargebacks = chargebacks.map((c) => {
    if (c.refund_id) return c
    const amount = toMinorUnits(c.amount, currency) < left ? toMinorUnits(c.amount, currency) : left
    left -= amount
    return {
      ...c,
      amount: money(amount),
      marker: c.marker ?? randomUUID(),
      booking_until: amount > 0n ? bookingUntil : null,
    }
  })
  const changes: string[] = []
  const notes: string[] = []
  if (JSON.stringify(chargebacks) !== JSON.stringify(ours.chargebacks)) {
    // Recorded before booking: the refund below carries the marker the provider finds here, and while it runs
    // the provider sends no refund of its amount that lacks the marker.
    await paymentModule.updatePayment({ id: payment.id, data: { ...payment.data, chargebacks } } as { id: string })
  }
  const reasonId = await chargebackReasonId(container)
  const booked = new Set(chargebacks.filter((c) => c.refund_id).map((c) => c.dispute_id))
  for (const c of chargebacks) {
    if (c.refund_id) continue
    if (toMinorUnits(c.amount, currency) === 0n) {
      booked.add(c.dispute_id)
      notes.push(
        `the gateway charged back transaction ${transactionId} but Medusa holds nothing more on this payment (refunded before)`
      )
      continue
    }
    try {
      await refundPaymentWorkflow(container).run({
        input: {
          payment_id: payment.id,
          amount: c.amount,
          note: `Chargeback of transaction ${transactionId} lost at the gateway: the money was taken back`,
          ...(reasonId ? { refund_reason_id: reasonId } : {}),
          // Not in the workflow's input type, but Medusa 2.21 passes its input on to the refund's record, where
          // the provider reads it (the provider is given only the refund's id).
          metadata: { [CHARGEBACK_MARKER_KEY]: c.marker },
        } as RefundPaymentWorkflowInput,
      })
      booked.add(c.dispute_id)
      changes.push(`chargeback of transaction ${transactionId} booked as a refund of ${c.amount} ${currency}`)
    } catch (err) {
      notes.push(
        `chargeback of transaction ${transactionId} (${c.amount} ${currency}) could not be booked, the order sync tries again: ${String(redact((err as Error).message))}`
      )
      // No longer under way: a staff refund of its amount need not wait for the window to end.
      await endBooking(container, payment.id, c.dispute_id).catch(() => undefined)
    }
  }
  const now = new Date().toISOString()
  const entries: ChargebackEntry[] = chargebacks.map((c) => {
    const known = earlier.find((d) => (d as { dispute_id?: unknown })?.dispute_id === c.dispute_id) as
      Partial<ChargebackEntry> | undefined
    return {
      dispute_id: c.dispute_id,
      transaction_id: transactionId,
      status: "LOST",
      amount: c.amount,
      booked: booked.has(c.dispute_id),
      at: known?.at ?? now,
    }
  })
  const kept = earlier.filter((d) => !entries.some((e) => e.dispute_id === (d as { dispute_id?: unknown })?.dispute_id))
  return { changes, discrepancy: notes.join("; ") || null, disputes: [...kept, ...entries].slice(-MAX_DISPUTES) }
}

/** Clears `booking_until` of a chargeback record whose booking failed, on the payment's data as it is now. */
async function endBooking(container: MedusaContainer, paymentId: string, disputeId: string): Promise<void> {
  const paymentModule = container.resolve(Modules.PAYMENT)
  const payment = await paymentModule.retrievePayment(paymentId, { select: ["id", "data"] })
  const ours = readSessionData(payment.data ?? undefined)
  if (!ours?.chargebacks.some((c) => c.dispute_id === disputeId && c.booking_until)) return
  const chargebacks = ours.chargebacks.map((c) => (c.dispute_id === disputeId ? { ...c, booking_until: null } : c))
  await paymentModule.updatePayment({ id: payment.id, data: { ...payment.data, chargebacks } } as { id: string })
}

/** Whether a payment's `disputes` hold a chargeback the order query confirmed that Medusa has not booked yet. */
export const unbookedChargeback = (disputes: unknown): boolean =>
  Array.isArray(disputes) && disputes.some((d) => (d as Partial<ChargebackEntry> | null)?.booked === false)

/** Medusa's refund reason "Chargeback", created once; null when the store's refund reasons cannot be used. */
async function chargebackReasonId(container: MedusaContainer): Promise<string | null> {
  const paymentModule = container.resolve(Modules.PAYMENT) as unknown as {
    listRefundReasons(f: Record<string, unknown>): Promise<{ id: string }[]>
    createRefundReasons(d: Record<string, unknown>): Promise<{ id: string }>
  }
  try {
    const [existing] = await paymentModule.listRefundReasons({ code: "chargeback" })
    if (existing) return existing.id
    return (
      await paymentModule.createRefundReasons({
        label: "Chargeback",
        code: "chargeback",
        description: "The gateway took the money back after a lost dispute",
      })
    ).id
  } catch {
    return null
  }
}
