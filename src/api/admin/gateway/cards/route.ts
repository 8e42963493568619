import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createCardsWorkflow } from "../../../../workflows/issuing/create-cards"
import { actorOf } from "../actor"
import { listRoute } from "../list-response"
import type { AdminCreateCards } from "../schemas/cards"
import type { AdminGatewayCreateCardsResponse, GatewayCardRecord } from "../../../../types/http"

/**
 * @oas [get] /admin/gateway/cards
 * operationId: AdminGatewayListCards
 * summary: List virtual cards
 * description: Cards recorded by the plugin (last 4 digits and expiry only, never the full number or CVV).
 *   Filterable by status (active, blocked, closed), cardholder_id, group_id, last4 and creation date;
 *   paginated with offset/limit.
 * x-authenticated: true
 * parameters:
 *   - { in: query, name: status, schema: { type: string, enum: [active, blocked, closed] } }
 *   - { in: query, name: cardholder_id, schema: { type: string } }
 *   - { in: query, name: group_id, schema: { type: string } }
 *   - { in: query, name: created_at, schema: { type: object } }
 *   - { in: query, name: offset, schema: { type: integer } }
 *   - { in: query, name: limit, schema: { type: integer } }
 * responses:
 *   "200": { description: "{ cards, count, offset, limit }" }
 *   "400": { description: A query parameter is invalid. }
 *   "401": { description: Not authenticated as an admin user. }
 */
export const GET = listRoute<"cards", GatewayCardRecord>("cards", (gateway, filters, config) => gateway.listAndCountGatewayCards(filters, config))

/**
 * @oas [post] /admin/gateway/cards
 * operationId: AdminGatewayCreateCards
 * summary: Create virtual cards
 * description: Creates `pieces` (1–50) cards for a cardholder in one gateway request (`/card/create`), each
 *   funded with `charge_amount` from the group. Partial success is reported per card (e.g. the group's
 *   balance ran out); if no card could be made the request fails with the gateway's reason.
 * x-authenticated: true
 * requestBody:
 *   content:
 *     application/json:
 *       schema:
 *         type: object
 *         required: [cardholder_id, group_id, charge_amount]
 *         properties:
 *           cardholder_id: { type: string }
 *           group_id: { type: string }
 *           charge_amount: { type: string, example: "50.00" }
 *           pieces: { type: integer, default: 1 }
 *           alias: { type: string }
 *           start_date: { type: string }
 *           end_date: { type: string }
 *           shared: { type: boolean }
 *           multi_use: { type: boolean }
 *           currency_check: { type: boolean }
 * responses:
 *   "200": { description: "{ request_id, created, failed, results: [{ index, ok, error, card }] }" }
 *   "400": { description: Invalid field (named), or the gateway refused it (its code and message). }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such cardholder or group. }
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminCreateCards>, res: MedusaResponse<AdminGatewayCreateCardsResponse>) => {
  const { result } = await createCardsWorkflow(req.scope).run({ input: { ...req.validatedBody, actor: actorOf(req) } })
  res.json(result)
}
