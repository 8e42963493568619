/**
 * POST /admin/gateway/subscriptions/:id/cancel: cancels the recurring contract at the gateway (audited as
 * `subscription.cancel` with the admin user). Cancelling a cancelled or ended one changes nothing (`changed: false`).
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { GatewaySubscriptionCancelResponse } from "../../../../../../types/http"
import { cancelSubscriptionWorkflow } from "../../../../../../workflows/subscriptions"
import { actorOf } from "../../../actor"

export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<GatewaySubscriptionCancelResponse>) => {
  const { result } = await cancelSubscriptionWorkflow(req.scope).run({
    input: { id: req.params.id, actor: actorOf(req) },
  })
  const [subscription] = await req.scope
    .resolve("gateway")
    .subscriptionViews([result.subscription as Record<string, unknown>])
  res.json({ subscription: subscription!, changed: result.changed })
}
