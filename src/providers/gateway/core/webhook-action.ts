/**
 * For stores that point the gateway at Medusa's `/hooks/payment/gateway_*` route. Only a notification whose
 * signature verifies is used, and only its signed fields (order_no, amount, currency, order_status): Medusa
 * then calls authorizePayment, which confirms with the order query. Medusa ignores failed and canceled actions
 * there, which is why the plugin also has its own notification route.
 */
import type { ProviderWebhookPayload, WebhookActionResult } from "@medusajs/framework/types"
import { AcquiringClient, fromGatewayAmount } from "../../../lib/gateway"
import { stateOfOutcome } from "../../../domain"

/** What Medusa's webhook route does with a notification: the provider's getWebhookActionAndData. */
export function webhookActionOf(
  client: AcquiringClient,
  payload: ProviderWebhookPayload["payload"]
): WebhookActionResult {
  // The fields read are the ones verified (one copy of the body, in our names: readNotification).
  const { formula, verified, fields } = client.readNotification((payload?.data ?? {}) as Record<string, unknown>)
  if (!verified || formula !== "notification") return { action: "not_supported" }
  let amount: number
  try {
    amount = fromGatewayAmount(String(fields.amount ?? ""), String(fields.currency ?? ""))
  } catch {
    return { action: "not_supported" }
  }
  const data = { session_id: String(fields.order_no ?? ""), amount }
  switch (stateOfOutcome(client.paymentOutcome(String(fields.order_status ?? "")))) {
    case "authorized":
      return { action: "authorized", data }
    case "failed":
      return { action: "failed", data }
    case "pending":
    case "review":
      return { action: "pending", data }
    default:
      return { action: "not_supported" }
  }
}
