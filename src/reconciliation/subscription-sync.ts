/**
 * The subscription sync behind its scheduled job: every contract that is not over (pending or active, and a
 * recently cancelled one with billing cycles, which may have ended instead) is read
 * back with the order query by its first payment's order number, 100 a request; each record of the answer (the
 * first payment and its deductions) is applied to the subscription (applySubscriptionRecord): a deduction whose
 * notification never arrived is recorded, a contract the gateway cancelled or ended is marked so.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { redact, runInBatches } from "../lib/gateway"
import { applySubscriptionAnswer } from "./subscriptions"
import { PAGE, SyncOptions, SyncSummary, withRun } from "./sync-run"

export async function runSubscriptionSync(container: MedusaContainer, options: SyncOptions = {}): Promise<SyncSummary> {
  return withRun(
    container,
    "subscription_sync",
    options,
    async (summary, { gatewayModule, client, concurrency, createdSince }) => {
      for (let after = ""; ;) {
        // Contracts not over, and those with billing cycles marked cancelled within the lookback: one that in fact ran
        // its course (its deductions read after the record that said inactive) is corrected to ended.
        const open = await gatewayModule.listGatewaySubscriptions(
          {
            $or: [
              { status: ["pending", "active"] },
              { status: "cancelled", billing_cycles: { $ne: null }, cancelled_at: { $gte: createdSince } },
            ],
            ...(after ? { id: { $gt: after } } : {}),
          } as never,
          { select: ["id", "order_no", "recurring_id"], take: PAGE, order: { id: "ASC" } }
        )
        if (!open.length) break
        after = open[open.length - 1]!.id
        const ours = new Set(open.map((s) => s.recurring_id))
        // One order query per 100 contracts (their first payments' order numbers), `sync_concurrency` at a time.
        await runInBatches(
          "orderQuery",
          [...new Set(open.map((s) => s.order_no))],
          async (orderNos) => {
            summary.requests++
            const res = await client.orderQuery({ orders: orderNos })
            const records = (res.orders_list ?? []).filter((r) => ours.has(r.subscription_result?.recurring_id ?? ""))
            const { changed } = await applySubscriptionAnswer(container, records, (record, err) =>
              summary.discrepancies.push({
                order_no: record.order_no ?? record.subscription_result?.recurring_id ?? "",
                reason: String(redact(err.message)),
              })
            )
            summary.changed += changed.size
          },
          concurrency
        )
        summary.checked += open.length
        if (open.length < PAGE) break
      }
    }
  )
}
