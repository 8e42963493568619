import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { gatewayModule } from "../../../../../workflows/common/operation-context"
import type { AdminGatewayGroupResponse } from "../../../../../types/http"

/**
 * @oas [get] /admin/gateway/groups/{id}
 * operationId: AdminGatewayGetGroup
 * summary: Get a card group
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ group }" }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such group. }
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayGroupResponse>) => {
  const group = await gatewayModule(req.scope).retrieveGatewayCardGroup(req.params.id, req.retrieveConfig as never)
  res.json({ group })
}
