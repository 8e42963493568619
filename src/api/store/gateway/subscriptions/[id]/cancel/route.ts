/**
 * POST /store/gateway/subscriptions/:id/cancel: the logged-in customer cancels one of their subscriptions
 * (another customer's is a 404). Audited as `subscription.cancel` by the customer; a second cancel changes nothing.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { GatewaySubscriptionCancelResponse } from "../../../../../../types/http"
import { cancelSubscriptionWorkflow } from "../../../../../../workflows/subscriptions"

export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<GatewaySubscriptionCancelResponse>) => {
  const customerId = req.auth_context.actor_id
  const { result } = await cancelSubscriptionWorkflow(req.scope).run({
    input: { id: req.params.id, customer_id: customerId, actor: { type: "customer", id: customerId } },
  })
  const [subscription] = await req.scope
    .resolve("gateway")
    .subscriptionViews([result.subscription as Record<string, unknown>])
  res.json({ subscription: subscription!, changed: result.changed })
}
