/**
 * The subscription sync behind its scheduled job: every contract that is not over (pending or active) is read
 * back with the order query by its first payment's order number, 100 a request; each record of the answer (the
 * first payment and its deductions) is applied to the subscription (applySubscriptionRecord): a deduction whose
 * notification never arrived is recorded, a contract the gateway cancelled or ended is marked so.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { redact, runInBatches } from "../lib/gateway"
import { applySubscriptionRecord } from "./subscriptions"
import { PAGE, SyncOptions, SyncSummary, withRun } from "./sync-run"


export async function runSubscriptionSync(container: MedusaContainer, options: SyncOptions = {}): Promise<SyncSummary> {
  return withRun(container, "subscription_sync", options, async (summary, { gatewayModule, client, concurrency }) => {
    for (let after = ""; ; ) {
      const open = await gatewayModule.listGatewaySubscriptions(
        { status: ["pending", "active"], ...(after ? { id: { $gt: after } } : {}) } as never,
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
          const changed = new Set<string>()
          for (const record of res.orders_list ?? []) {
            const rid = record.subscription_result?.recurring_id
            if (!rid || !ours.has(rid)) continue
            try {
              const applied = await applySubscriptionRecord(container, record)
              if (applied?.changes.length && applied.subscription_id) changed.add(applied.subscription_id)
            } catch (err) {
              summary.discrepancies.push({ order_no: record.order_no ?? rid, reason: String(redact((err as Error).message)) })
            }
          }
          summary.changed += changed.size
        },
        concurrency
      )
      summary.checked += open.length
      if (open.length < PAGE) break
    }
  })
}
