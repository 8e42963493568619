/**
 * Records what the refund search says about refunds Medusa asked for (by our refund_reference = Medusa's refund
 * id) in the payment's data, so the order page shows pending / refunded / failed / unknown. A failed refund is
 * also a discrepancy: Medusa has already booked it, and only staff can decide what to do. So is a refund whose
 * answer was lost and that the gateway does not know: it was most likely never made.
 *
 * Writes happen under the payment's lock (the one applyGatewayState takes), reading the data afresh inside it,
 * so a notification and a job never overwrite each other's changes.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { AcquiringClient } from "../lib/gateway"
import { readSessionData, RefundRecord, refundStatusOf } from "../domain"
import { paymentLockKey } from "./payment-lock"
import { trackPaymentData } from "../dashboard/track"

export type RefundUpdate = { reference: string; refund_reference_id?: string | null; status: RefundRecord["status"] }

export interface RefundUpdateResult {
  changed: number
  /** References the gateway reports failed. */
  failed: string[]
  /** References whose outcome was lost and that the gateway does not know. */
  missing: string[]
}

/** Refunds of a payment's data that the gateway has not settled yet. */
export const openRefunds = (data: Record<string, unknown> | null | undefined): RefundRecord[] =>
  (readSessionData(data ?? undefined)?.refunds ?? []).filter((r) => r.status === "pending" || r.status === "unknown")

/**
 * Applies the refund search's answers (`updates`) to the payment's data; references in `searched` that the
 * answer did not contain are reported as missing when their outcome was unknown. Never moves a settled refund.
 */
export async function applyRefundUpdates(
  container: MedusaContainer,
  paymentId: string,
  orderNo: string,
  updates: RefundUpdate[],
  searched: readonly string[] = []
): Promise<RefundUpdateResult> {
  const paymentModule = container.resolve(Modules.PAYMENT)
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(
    paymentLockKey(orderNo),
    async () => {
      const payment = await paymentModule.retrievePayment(paymentId, { select: ["id", "data"] })
      const refunds = (readSessionData(payment.data ?? undefined)?.refunds ?? []).map((r) => ({ ...r }))
      const result: RefundUpdateResult = { changed: 0, failed: [], missing: [] }
      for (const u of updates) {
        const r = refunds.find((x) => x.reference === u.reference)
        if (!r || r.status === "refunded" || r.status === "failed" || r.status === u.status) continue
        r.status = u.status
        if (u.refund_reference_id) r.refund_reference_id = u.refund_reference_id
        result.changed++
        if (u.status === "failed") result.failed.push(u.reference)
      }
      const answered = new Set(updates.map((u) => u.reference))
      for (const ref of searched) {
        const r = refunds.find((x) => x.reference === ref)
        if (r?.status === "unknown" && !answered.has(ref)) result.missing.push(ref)
      }
      if (result.changed) {
        await paymentModule.updatePayment({ id: payment.id, data: { ...payment.data, refunds } } as { id: string })
        await trackPaymentData(container, { ...payment.data, refunds })
      }
      return result
    },
    { timeout: 30 }
  )
}

/** Reads a refund search record into an update. */
export const refundUpdateOf = (rec: {
  refund_reference?: string | null
  refund_reference_id?: string | null
  refund_status?: string | null
}): RefundUpdate => ({
  reference: rec.refund_reference ?? "",
  refund_reference_id: rec.refund_reference_id ?? null,
  status: refundStatusOf(rec.refund_status),
})

/** Searches the gateway for one payment's open refunds and applies the answer. */
export async function syncRefundsOfPayment(
  container: MedusaContainer,
  client: AcquiringClient,
  paymentId: string,
  orderNo: string
) {
  const payment = await container.resolve(Modules.PAYMENT).retrievePayment(paymentId, { select: ["id", "data"] })
  const open = openRefunds(payment.data).map((r) => r.reference)
  if (!open.length) return { changed: 0, failed: [], missing: [] } as RefundUpdateResult
  const res = await client.refundSearch({ merchant_refunds: open })
  const updates = res.refund_orders
    .filter((r) => r.refund_reference && open.includes(r.refund_reference))
    .map(refundUpdateOf)
  return applyRefundUpdates(container, paymentId, orderNo, updates, open)
}
