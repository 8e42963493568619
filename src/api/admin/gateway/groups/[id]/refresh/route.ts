import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refreshGroupWorkflow } from "../../../../../../workflows/issuing/refresh-group"
import { actorOf } from "../../../actor"
import type { AdminGatewayGroupResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/groups/{id}/refresh
 * operationId: AdminGatewayRefreshGroup
 * summary: Refresh a card group from the gateway
 * description: Queries the group (`/group/query`) and updates its balance and status.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ group }" }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such group. }
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayGroupResponse>) => {
  const { result } = await refreshGroupWorkflow(req.scope).run({ input: { id: req.params.id, actor: actorOf(req) } })
  res.json({ group: result })
}
