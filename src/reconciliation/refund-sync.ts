/**
 * The refund sync behind the scheduled job: refunds Medusa made that the gateway has not settled are looked up
 * with the refund search (100 a request) and recorded; failed and lost ones are reported as discrepancies.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { redact, runInBatches } from "../lib/gateway"
import { upsertGatewayPayment } from "./gateway-payment-record"
import { cutShortBefore, cutShortRefunds, settleCutShortRefunds } from "./cut-short"
import { applyRefundUpdates, openRefunds, refundUpdateOf, RefundUpdate } from "./refund-status"
import { PAGE, SyncOptions, SyncSummary, withRun } from "./sync-run"

export async function runRefundSync(container: MedusaContainer, options: SyncOptions = {}): Promise<SyncSummary> {
  return withRun(container, "refund_sync", options, async (summary, ctx) => {
    const { gatewayModule, client, pages, createdSince, concurrency } = ctx
    // refund id -> the payment and order it belongs to, for refunds the gateway has not settled yet
    const open = new Map<string, { paymentId: string; orderNo: string }>()
    // payments with a refund a stopped process left half-done (./cut-short.ts)
    const cutShort: { paymentId: string; orderNo: string }[] = []
    const deadline = cutShortBefore(ctx)
    for (let after = ""; ;) {
      const payments = await pages.payments(after, createdSince, { with: "refunds" })
      for (const p of payments) {
        const orderNo = typeof p.data?.order_no === "string" ? p.data.order_no : null
        if (!orderNo) continue
        for (const r of openRefunds(p.data)) open.set(r.reference, { paymentId: p.id, orderNo })
        if (cutShortRefunds(p as never, deadline).length) cutShort.push({ paymentId: p.id, orderNo })
      }
      if (payments.length < PAGE) break
      after = payments[payments.length - 1]!.id
    }
    summary.checked = open.size
    const updates = new Map<string, RefundUpdate[]>()
    const searched = new Map<string, string[]>()
    await runInBatches(
      "refundSearch",
      [...open.keys()],
      async (chunk) => {
        summary.requests++
        const res = await client.refundSearch({ merchant_refunds: chunk })
        for (const ref of chunk) {
          const { paymentId } = open.get(ref)!
          searched.set(paymentId, [...(searched.get(paymentId) ?? []), ref])
        }
        for (const rec of res.refund_orders) {
          const owner = rec.refund_reference ? open.get(rec.refund_reference) : undefined
          if (!owner) continue
          updates.set(owner.paymentId, [...(updates.get(owner.paymentId) ?? []), refundUpdateOf(rec)])
        }
      },
      concurrency
    )
    for (const [paymentId, refs] of searched) {
      const orderNo = open.get(refs[0]!)!.orderNo
      const { changed, failed, missing } = await applyRefundUpdates(
        container,
        paymentId,
        orderNo,
        updates.get(paymentId) ?? [],
        refs
      )
      summary.changed += changed
      const reasons = [
        ...failed.map((ref) => `refund ${ref} failed at the gateway after Medusa booked it`),
        ...missing.map(
          (ref) => `refund ${ref}: its answer was lost and the gateway has no such refund; it was most likely not made`
        ),
      ]
      for (const reason of reasons) summary.discrepancies.push({ order_no: orderNo, reason })
      if (reasons.length) await upsertGatewayPayment(gatewayModule, orderNo, { discrepancy: reasons.join("; ") })
    }
    for (const { paymentId, orderNo } of cutShort) {
      await settleCutShortRefunds(container, summary, ctx, paymentId, orderNo).catch((err) => {
        summary.discrepancies.push({
          order_no: orderNo,
          reason: String(redact(`a refund cut short could not be settled: ${(err as Error).message}`)),
        })
      })
    }
  })
}
