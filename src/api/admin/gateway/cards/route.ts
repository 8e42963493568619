import { createCardsWorkflow } from "../../../../workflows/issuing/create-cards"
import type { KeyHolder } from "../../../../workflows/common/idempotency"
import { gatewayModule } from "../../../../workflows/common/operation-context"
import type GatewayModuleService from "../../../../modules/gateway/service"
import { createOnceRoute } from "../create-once-route"
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
export const GET = listRoute<"cards", GatewayCardRecord>("cards", (gateway, filters, config) =>
  gateway.listAndCountGatewayCards(filters, config)
)

/**
 * @oas [post] /admin/gateway/cards
 * operationId: AdminGatewayCreateCards
 * summary: Create virtual cards
 * description: Creates `pieces` (1–50) cards for a cardholder in one gateway request (`/card/create`), each
 *   funded with `charge_amount` from the group. Partial success is reported per card (e.g. the group's
 *   balance ran out); if no card could be made the request fails with the gateway's reason. Requires the header
 *   `Idempotency-Key` (a new key per creation, sent again unchanged on a retry): a repeat with the same key and
 *   body answers the cards the first request made without sending anything; another body under the same key is
 *   refused (422); a repeat while the first is being sent, or after the gateway's answer to it was lost, is a 409
 *   that says to check at the gateway. A key whose creation the gateway refused may be used again.
 * x-authenticated: true
 * parameters:
 *   - { in: header, name: Idempotency-Key, required: true, schema: { type: string, maxLength: 64 } }
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
 *   "200": { description: "{ request_id, created, failed, results: [{ index, ok, error, card }] } (a repeat: the cards made, then the failed entries without their reasons)" }
 *   "400": { description: "Invalid field (named), a missing or malformed Idempotency-Key, or the gateway refused it (its code and message)." }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such cardholder or group. }
 *   "409": { description: "The first request with this key is still being sent, or its outcome is unknown: check at the gateway." }
 *   "415": { description: The body is not application/json. }
 *   "422": { description: The key was used for another request. }
 */
export const POST = createOnceRoute<AdminCreateCards, AdminGatewayCreateCardsResponse>("card.create", {
  lostAnswerIsRefused: true,
  answer: (scope, holder) => cardsCreatedBy(gatewayModule(scope), holder),
  create: async (scope, input) => (await createCardsWorkflow(scope).run({ input })).result,
})

/**
 * The answer to a repeat of a creation, from what it recorded: its cards (by the creation's request_id), then
 * one entry per card the gateway did not make (their reasons are in the first answer only). Null when none is
 * recorded: nothing to answer from.
 */
async function cardsCreatedBy(
  gateway: GatewayModuleService,
  holder: KeyHolder
): Promise<AdminGatewayCreateCardsResponse | null> {
  if (!holder.request_id) return null
  const cards = (await gateway.listGatewayCards(
    { request_id: holder.request_id },
    { order: { created_at: "ASC" } }
  )) as GatewayCardRecord[]
  if (!cards.length) return null
  const failed = Number(holder.details?.failed ?? 0) || 0
  return {
    request_id: holder.request_id,
    created: cards.length,
    failed,
    results: [
      ...cards.map((card, index) => ({ index, ok: true, error: null, card })),
      ...Array.from({ length: failed }, (_, i) => ({
        index: cards.length + i,
        ok: false,
        error: "not created (the first answer said why)",
        card: null,
      })),
    ],
  }
}
