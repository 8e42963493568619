/**
 * The subscription sync behind its scheduled job: every contract that is not over (pending or active) is read
 * back with the order query by its first payment's order number, 100 a request; each record of the answer (the
 * first payment and its deductions) is applied to the subscription (applySubscriptionRecord): a deduction whose
 * notification never arrived is recorded, a contract the gateway cancelled or ended is marked so.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { redact } from "../lib/gateway"
import { applySubscriptionRecord } from "./subscriptions"
import { PAGE, SyncOptions, SyncSummary, withRun } from "./sync-run"

const PER_REQUEST = 100

export async function runSubscriptionSync(container: MedusaContainer, options: SyncOptions = {}): Promise<SyncSummary> {
  return withRun(container, "subscription_sync", options, async (summary, { gatewayModule, client }) => {
    for (let after = ""; ; ) {
      const open = await gatewayModule.listGatewaySubscriptions(
        { status: ["pending", "active"], ...(after ? { id: { $gt: after } } : {}) } as never,
        { select: ["id", "order_no", "recurring_id"], take: PAGE, order: { id: "ASC" } }
      )
      if (!open.length) break
      after = open[open.length - 1]!.id
      for (let i = 0; i < open.length; i += PER_REQUEST) {
        const chunk = open.slice(i, i + PER_REQUEST)
        const ours = new Set(chunk.map((s) => s.recurring_id))
        summary.requests++
        summary.checked += chunk.length
        const res = await client.orderQuery({ orders: [...new Set(chunk.map((s) => s.order_no))] })
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
      }
      if (open.length < PAGE) break
    }
  })
}
