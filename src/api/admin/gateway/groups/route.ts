import { createGroupWorkflow } from "../../../../workflows/issuing/create-group"
import type { KeyHolder } from "../../../../workflows/common/idempotency"
import { gatewayModule } from "../../../../workflows/common/operation-context"
import type GatewayModuleService from "../../../../modules/gateway/service"
import { createOnceRoute } from "../create-once-route"
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
export const GET = listRoute<"groups", GatewayCardGroupRecord>("groups", (gateway, filters, config) =>
  gateway.listAndCountGatewayCardGroups(filters, config)
)

/**
 * @oas [post] /admin/gateway/groups
 * operationId: AdminGatewayCreateGroup
 * summary: Create a card group
 * description: Opens a group at the gateway (`/group/create`), funded with `charge_amount` from the company's
 *   account, and records it with the balance the gateway then reports. Audited as group.create. A group that
 *   exists already is tracked with POST /admin/gateway/groups/track. Requires the header `Idempotency-Key` (a new
 *   key per group, sent again unchanged on a retry): a repeat with the same key and body answers the group the
 *   first request made without sending anything; another body under the same key is refused (422); a repeat
 *   while the first is being sent, or after the gateway's answer to it was lost, is a 409 that says to check at
 *   the gateway. A key whose creation the gateway refused may be used again.
 * x-authenticated: true
 * parameters:
 *   - { in: header, name: Idempotency-Key, required: true, schema: { type: string, maxLength: 64 } }
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
 *   "200": { description: "{ group } (also for a repeat of the same key and body)" }
 *   "400": { description: "Invalid field (named), a missing or malformed Idempotency-Key, or the gateway refused it with its code and message." }
 *   "401": { description: Not authenticated as an admin user. }
 *   "409": { description: "The first request with this key is still being sent, or its outcome is unknown: check at the gateway." }
 *   "415": { description: The body is not application/json. }
 *   "422": { description: The key was used for another request. }
 */
export const POST = createOnceRoute<AdminCreateGroup, AdminGatewayGroupResponse>("group.create", {
  lostAnswerIsRefused: true,
  answer: (scope, holder) => groupCreatedBy(gatewayModule(scope), holder),
  create: async (scope, input) => ({ group: (await createGroupWorkflow(scope).run({ input })).result }),
})

/** The answer to a repeat of a creation: the group it made (the gateway's id in its audit row); null when not recorded. */
async function groupCreatedBy(
  gateway: GatewayModuleService,
  holder: KeyHolder
): Promise<AdminGatewayGroupResponse | null> {
  const gatewayGroupId = holder.details?.gateway_group_id
  if (typeof gatewayGroupId !== "string" && typeof gatewayGroupId !== "number") return null
  const [group] = await gateway.listGatewayCardGroups({ gateway_group_id: String(gatewayGroupId) }, { take: 1 })
  return group ? { group: group as GatewayCardGroupRecord } : null
}
