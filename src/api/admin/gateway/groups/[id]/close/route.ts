import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { closeGroupWorkflow } from "../../../../../../workflows/issuing/close-group"
import { actorOf } from "../../../actor"
import type { AdminGatewayGroupResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/groups/{id}/close
 * operationId: AdminGatewayCloseGroup
 * summary: Close a card group
 * description: Closes the group at the gateway (`/group/close`). Final: a closed group refuses card
 *   creation, recharges and refunds (1004).
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ group }" }
 *   "400": { description: The gateway refused it (its code and message). }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such group. }
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayGroupResponse>) => {
  const { result } = await closeGroupWorkflow(req.scope).run({ input: { id: req.params.id, actor: actorOf(req) } })
  res.json({ group: result })
}
