import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { gatewayModule } from "../../../../../workflows/common/operation-context"
import type { AdminGatewayCardResponse } from "../../../../../types/http"

/**
 * @oas [get] /admin/gateway/cards/{id}
 * operationId: AdminGatewayGetCard
 * summary: Get a virtual card
 * description: The card as last read from the gateway (last 4 digits, expiry, status, balance, limit).
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ card }" }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such card. }
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayCardResponse>) => {
  const card = await gatewayModule(req.scope).retrieveGatewayCard(req.params.id, req.retrieveConfig as never)
  res.json({ card })
}
