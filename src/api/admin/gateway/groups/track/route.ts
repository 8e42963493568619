import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refreshGroupWorkflow } from "../../../../../workflows/issuing/refresh-group"
import { actorOf } from "../../actor"
import type { AdminTrackGroup } from "../../schemas/groups"
import type { AdminGatewayGroupResponse } from "../../../../../types/http"

/**
 * @oas [post] /admin/gateway/groups/track
 * operationId: AdminGatewayTrackGroup
 * summary: Track an existing card group
 * description: Queries a group that exists at the gateway by its gateway id (`/group/query`) and records it
 *   (or updates it when it is tracked already), so cards can be created from it.
 * x-authenticated: true
 * requestBody:
 *   content:
 *     application/json:
 *       schema: { type: object, required: [gateway_group_id], properties: { gateway_group_id: { type: string, example: "7001" } } }
 * responses:
 *   "200": { description: "{ group }" }
 *   "400": { description: Invalid field (named). }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: The gateway has no such group (code 1003). }
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminTrackGroup>,
  res: MedusaResponse<AdminGatewayGroupResponse>
) => {
  const { result } = await refreshGroupWorkflow(req.scope).run({
    input: { gateway_group_id: req.validatedBody.gateway_group_id, actor: actorOf(req) },
  })
  res.json({ group: result })
}
