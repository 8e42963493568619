import type { MedusaContainer } from "@medusajs/framework/types"
import { runSubscriptionSync } from "../reconciliation"

/** Keeps the subscriptions true to the gateway's contracts (deductions, cancellation, end), 100 a request. */
export default async function gatewaySubscriptionSync(container: MedusaContainer) {
  await runSubscriptionSync(container)
}

export const config = {
  name: "gateway-subscription-sync",
  // Hourly unless GATEWAY_SUBSCRIPTION_SYNC_SCHEDULE (a cron expression) says otherwise.
  schedule: process.env.GATEWAY_SUBSCRIPTION_SYNC_SCHEDULE || "17 * * * *",
}
