import type { MedusaContainer } from "@medusajs/framework/types"
import { runRefundSync } from "../reconciliation"

/** Settles pending refunds from the gateway's refund search (100 a request). */
export default async function gatewayRefundSync(container: MedusaContainer) {
  await runRefundSync(container)
}

export const config = {
  name: "gateway-refund-sync",
  // Every 15 minutes unless GATEWAY_REFUND_SYNC_SCHEDULE (a cron expression) says otherwise.
  schedule: process.env.GATEWAY_REFUND_SYNC_SCHEDULE || "*/15 * * * *",
}
