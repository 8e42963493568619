import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { updateCardLimitWorkflow } from "../../../../../../workflows/issuing/update-card-limit"
import { actorOf } from "../../../actor"
import type { AdminCardAmount } from "../../../schemas/cards"
import type { AdminGatewayCardResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/cards/{id}/limit
 * operationId: AdminGatewayUpdateCardLimit
 * summary: Change a shared card's limit
 * description: Sets the spending limit of a shared card (`/card/update`); other cards are refused (1004). The amount is in the card's currency, with at most its decimals.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * requestBody:
 *   content:
 *     application/json:
 *       schema: { type: object, required: [amount], properties: { amount: { type: string, example: "25.00" } } }
 * responses:
 *   "200": { description: "{ card }" }
 *   "400": { description: "Invalid amount (named), or the gateway refused it with its code and message (1004 closed card, 1005 balance)." }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such card. }
 */
export const POST = async (
  req: AuthenticatedMedusaRequest<AdminCardAmount>,
  res: MedusaResponse<AdminGatewayCardResponse>
) => {
  const { result } = await updateCardLimitWorkflow(req.scope).run({
    input: { id: req.params.id, amount: req.validatedBody.amount, actor: actorOf(req) },
  })
  res.json({ card: result })
}
