import { rechargeCardWorkflow } from "../../../../../../workflows/issuing/recharge-card"
import { gatewayModule } from "../../../../../../workflows/common/operation-context"
import { moveAmountRoute } from "../../../move-amount-route"
import type { AdminGatewayCardResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/cards/{id}/recharge
 * operationId: AdminGatewayRechargeCard
 * summary: Recharge a card
 * description: Moves money from the card's group to the card (`/card/charge`). The amount is in the card's currency, with at most its decimals.
 *   Requires the header `Idempotency-Key` (a new key per recharge, sent again unchanged on a retry): a
 *   repeat with the same key and amount answers the card without sending anything; another amount under the
 *   same key is refused (422); a repeat while the first is being sent, or after the gateway's answer to it was
 *   lost, is a 409 that says what to check. A key whose request the gateway refused may be used again.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 *   - { in: header, name: Idempotency-Key, required: true, schema: { type: string, maxLength: 64 } }
 * requestBody:
 *   content:
 *     application/json:
 *       schema: { type: object, required: [amount], properties: { amount: { type: string, example: "25.00" } } }
 * responses:
 *   "200": { description: "{ card } (also for a repeat of the same key and amount)" }
 *   "400": { description: "Invalid amount (named), a missing or malformed Idempotency-Key, or the gateway refused it with its code and message (1004 closed card, 1005 balance)." }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such card. }
 *   "409": { description: "The first request with this key is still being sent, or its outcome is unknown." }
 *   "415": { description: The body is not application/json. }
 *   "422": { description: The key was used for another request. }
 */
export const POST = moveAmountRoute<"card", AdminGatewayCardResponse["card"]>(
  "card.recharge",
  "card",
  (scope, id) => gatewayModule(scope).retrieveGatewayCard(id),
  async (scope, input) => (await rechargeCardWorkflow(scope).run({ input })).result
)
