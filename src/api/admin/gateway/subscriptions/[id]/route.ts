/** GET /admin/gateway/subscriptions/:id: one subscription with its deductions, oldest first. */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { AdminGatewaySubscriptionResponse } from "../../../../../types/http"
import { withCustomers } from "../customers"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewaySubscriptionResponse>) => {
  const gateway = req.scope.resolve("gateway")
  const rows = await gateway.listGatewaySubscriptions({ id: req.params.id })
  if (!rows.length) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Subscription ${req.params.id} was not found`)
  const [subscription] = await withCustomers(
    req.scope,
    await gateway.subscriptionViews(rows as Record<string, unknown>[])
  )
  res.json({ subscription: subscription! })
}
