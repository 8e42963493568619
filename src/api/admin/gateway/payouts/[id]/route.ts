import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { gatewayModule } from "../../../../../workflows/common/operation-context"
import type { AdminGatewayPayoutResponse } from "../../../../../types/http"

/**
 * @oas [get] /admin/gateway/payouts/{id}
 * operationId: AdminGatewayGetPayout
 * summary: Get a payout
 * description: A payout as last reported by the gateway (status, fee, failure reason and type).
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ payout }" }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such payout. }
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayPayoutResponse>) => {
  const payout = await gatewayModule(req.scope).retrieveGatewayPayout(req.params.id, req.retrieveConfig as never)
  res.json({ payout })
}
