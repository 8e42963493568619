import { refundGroupWorkflow } from "../../../../../../workflows/issuing/refund-group"
import { gatewayModule } from "../../../../../../workflows/common/operation-context"
import { moveAmountRoute } from "../../../move-amount-route"
import type { AdminGatewayGroupResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/groups/{id}/refund
 * operationId: AdminGatewayRefundGroup
 * summary: Refund from a card group to the company's account
 * description: Moves `amount` from the group's balance back to the company's account (`/group/refund`), then
 *   reads the balance again. The amount is in the group's currency, with at most its decimals. Requires the
 *   header `Idempotency-Key` (a new key per refund, sent again unchanged on a retry): a repeat with the same key
 *   and amount answers the group without sending anything; another amount under the same key is refused (422);
 *   a repeat while the first is being sent, or after the gateway's answer to it was lost, is a 409 that says
 *   what to check. A key whose refund the gateway refused may be used again.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 *   - { in: header, name: Idempotency-Key, required: true, schema: { type: string, maxLength: 64 } }
 * requestBody:
 *   content:
 *     application/json:
 *       schema: { type: object, required: [amount], properties: { amount: { type: string, example: "250.00" } } }
 * responses:
 *   "200": { description: "{ group } with its new balance (also for a repeat of the same key and amount)" }
 *   "400": { description: "Invalid amount (named), a missing or malformed Idempotency-Key, or the gateway refused it with its code and message (1004 closed group, 1005 more than the balance)." }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such group. }
 *   "409": { description: "The first request with this key is still being sent, or its outcome is unknown." }
 *   "415": { description: The body is not application/json. }
 *   "422": { description: The key was used for another request. }
 */
export const POST = moveAmountRoute<"group", AdminGatewayGroupResponse["group"]>(
  "group.refund",
  "group",
  (scope, id) => gatewayModule(scope).retrieveGatewayCardGroup(id),
  async (scope, input) => (await refundGroupWorkflow(scope).run({ input })).result
)
