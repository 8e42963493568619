import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createCardholderWorkflow } from "../../../../workflows/issuing/create-cardholder"
import { actorOf } from "../actor"
import { listRoute } from "../list-response"
import type { AdminCreateCardholder } from "../schemas/cardholders"
import type { AdminGatewayCardholderResponse, GatewayCardholderRecord } from "../../../../types/http"

/**
 * @oas [get] /admin/gateway/cardholders
 * operationId: AdminGatewayListCardholders
 * summary: List cardholders
 * description: Cardholders recorded by the plugin. Filterable by status (active, deleted), email,
 *   gateway_cardholder_id and creation date; paginated with offset/limit.
 * x-authenticated: true
 * parameters:
 *   - { in: query, name: status, schema: { type: string, enum: [active, deleted] } }
 *   - { in: query, name: email, schema: { type: string } }
 *   - { in: query, name: created_at, schema: { type: object } }
 *   - { in: query, name: offset, schema: { type: integer } }
 *   - { in: query, name: limit, schema: { type: integer } }
 * responses:
 *   "200": { description: "{ cardholders, count, offset, limit }" }
 *   "400": { description: A query parameter is invalid. }
 *   "401": { description: Not authenticated as an admin user. }
 */
export const GET = listRoute<"cardholders", GatewayCardholderRecord>("cardholders", (gateway, filters, config) =>
  gateway.listAndCountGatewayCardholders(filters, config)
)

/**
 * @oas [post] /admin/gateway/cardholders
 * operationId: AdminGatewayCreateCardholder
 * summary: Create a cardholder
 * description: Creates the cardholder at the gateway (`/cardholder/create`) and records it.
 * x-authenticated: true
 * requestBody:
 *   content:
 *     application/json:
 *       schema:
 *         type: object
 *         required: [first_name, last_name, email]
 *         properties:
 *           first_name: { type: string }
 *           last_name: { type: string }
 *           email: { type: string }
 *           birth_date: { type: string, example: "1990-01-31" }
 *           mobile_prefix: { type: string }
 *           mobile: { type: string }
 *           billing_country: { type: string }
 *           billing_state: { type: string }
 *           billing_city: { type: string }
 *           billing_address: { type: string }
 *           billing_postal: { type: string }
 *           remark: { type: string }
 * responses:
 *   "200": { description: "{ cardholder }" }
 *   "400": { description: Invalid field (named), or the gateway refused it (its code and message). }
 *   "401": { description: Not authenticated as an admin user. }
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCreateCardholder>,
  res: MedusaResponse<AdminGatewayCardholderResponse>
) => {
  const { result } = await createCardholderWorkflow(req.scope).run({
    input: { ...req.validatedBody, actor: actorOf(req) },
  })
  res.json({ cardholder: result })
}
