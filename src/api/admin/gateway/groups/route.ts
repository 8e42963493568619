import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createGroupWorkflow } from "../../../../workflows/issuing/create-group"
import { actorOf } from "../actor"
import { listRoute } from "../list-response"
import type { AdminCreateGroup } from "../schemas/groups"
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
 * operationId: AdminGatewayCreateGroup
 * summary: Create a card group
 * description: Opens a group at the gateway (`/group/create`), funded with `charge_amount` from the company's
 *   account, and records it with the balance the gateway then reports. Audited as group.create. A group that
 *   exists already is tracked with POST /admin/gateway/groups/track.
 * x-authenticated: true
 * requestBody:
 *   content:
 *     application/json:
 *       schema:
 *         type: object
 *         required: [name, country_code, currency, charge_amount]
 *         properties:
 *           name: { type: string, maxLength: 64, example: "Marketing" }
 *           country_code: { type: string, example: "US" }
 *           currency: { type: string, example: "USD" }
 *           charge_amount: { type: string, example: "500.00" }
 * responses:
 *   "200": { description: "{ group }" }
 *   "400": { description: Invalid field (named), or the gateway refused it with its code and message. }
 *   "401": { description: Not authenticated as an admin user. }
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminCreateGroup>, res: MedusaResponse<AdminGatewayGroupResponse>) => {
  const { result } = await createGroupWorkflow(req.scope).run({ input: { ...req.validatedBody, actor: actorOf(req) } })
  res.json({ group: result })
}
