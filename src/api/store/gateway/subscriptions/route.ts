/** GET /store/gateway/subscriptions: the logged-in customer's subscriptions with their deductions, newest first. */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { StoreGatewaySubscriptionsResponse } from "../../../../types/http"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<StoreGatewaySubscriptionsResponse>) => {
  const gateway = req.scope.resolve("gateway")
  const rows = await gateway.listGatewaySubscriptions(
    { customer_id: req.auth_context.actor_id },
    { order: { created_at: "DESC" } }
  )
  res.json({ subscriptions: await gateway.subscriptionViews(rows as Record<string, unknown>[]) })
}
