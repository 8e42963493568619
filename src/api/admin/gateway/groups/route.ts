import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refreshGroupWorkflow } from "../../../../workflows/issuing/refresh-group"
import { actorOf } from "../actor"
import { listRoute } from "../list-response"
import type { AdminTrackGroup } from "../schemas/groups"
import type { AdminGatewayGroupResponse, GatewayCardGroupRecord } from "../../../../types/http"

/**
 * @oas [get] /admin/gateway/groups
 * operationId: AdminGatewayListGroups
 * summary: List card groups
 * description: Card groups tracked by the plugin with their last known balance. Filterable by status
 *   (active, closed), currency, gateway_group_id and creation date; paginated with offset/limit.
 * x-authenticated: true
 * parameters:
 *   - { in: query, name: status, schema: { type: string, enum: [active, closed] } }
 *   - { in: query, name: currency, schema: { type: string } }
 *   - { in: query, name: offset, schema: { type: integer } }
 *   - { in: query, name: limit, schema: { type: integer } }
 * responses:
 *   "200": { description: "{ groups, count, offset, limit }" }
 *   "400": { description: A query parameter is invalid. }
 *   "401": { description: Not authenticated as an admin user. }
 */
export const GET = listRoute<"groups", GatewayCardGroupRecord>("groups", (gateway, filters, config) => gateway.listAndCountGatewayCardGroups(filters, config))

/**
 * @oas [post] /admin/gateway/groups
 * operationId: AdminGatewayTrackGroup
 * summary: Track a card group
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
export const POST = async (req: AuthenticatedMedusaRequest<AdminTrackGroup>, res: MedusaResponse<AdminGatewayGroupResponse>) => {
  const { result } = await refreshGroupWorkflow(req.scope).run({
    input: { gateway_group_id: req.validatedBody.gateway_group_id, actor: actorOf(req) },
  })
  res.json({ group: result })
}
