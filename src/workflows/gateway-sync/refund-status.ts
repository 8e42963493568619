/**
 * Records what the gateway says about refunds Medusa asked for (by our refund_reference = Medusa's refund id)
 * in the payment's data, so the order page shows pending / refunded / failed. A failed refund is also a
 * discrepancy: Medusa has already booked it, and only staff can decide what to do.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { RefundRecord } from "../../providers/gateway/core/session-data"

export type RefundUpdate = { reference: string; refund_reference_id?: string | null; status: RefundRecord["status"] }

export function refundStatusOf(code: string | null | undefined): RefundRecord["status"] {
  return code === "1" ? "refunded" : code === "2" ? "failed" : "pending"
}

/** Applies the updates to the payment's data; returns how many refunds changed and which failed. */
export async function applyRefundUpdates(container: MedusaContainer, paymentId: string, updates: RefundUpdate[]) {
  const paymentModule = container.resolve(Modules.PAYMENT)
  const payment = await paymentModule.retrievePayment(paymentId, { select: ["id", "data"] })
  const refunds = ((payment.data?.refunds as RefundRecord[] | undefined) ?? []).map((r) => ({ ...r }))
  let changed = 0
  const failed: string[] = []
  for (const u of updates) {
    const r = refunds.find((x) => x.reference === u.reference)
    if (!r) continue
    if (r.status !== u.status && r.status !== "refunded" && r.status !== "failed") {
      r.status = u.status
      if (u.refund_reference_id) r.refund_reference_id = u.refund_reference_id
      changed++
      if (u.status === "failed") failed.push(u.reference)
    }
  }
  if (changed) await paymentModule.updatePayment({ id: payment.id, data: { ...payment.data, refunds } } as { id: string })
  return { changed, failed }
}
