import type { MedusaContainer } from "@medusajs/framework/types"
import { runOrderSync } from "../reconciliation"

/** Moves Medusa to the gateway's state for every payment that is not final (order query, 100 a request). */
export default async function gatewayOrderSync(container: MedusaContainer) {
  await runOrderSync(container)
}

export const config = {
  name: "gateway-order-sync",
  // Every 5 minutes unless GATEWAY_ORDER_SYNC_SCHEDULE (a cron expression) says otherwise.
  schedule: process.env.GATEWAY_ORDER_SYNC_SCHEDULE || "*/5 * * * *",
}
