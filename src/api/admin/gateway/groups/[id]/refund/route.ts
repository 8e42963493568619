import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refundGroupWorkflow } from "../../../../../../workflows/issuing/refund-group"
import { actorOf } from "../../../actor"
import type { AdminRefundGroup } from "../../../schemas/groups"
import type { AdminGatewayGroupResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/groups/{id}/refund
 * operationId: AdminGatewayRefundGroup
 * summary: Refund from a card group to the company's account
 * description: Moves `amount` from the group's balance back to the company's account (`/group/refund`), then
 *   reads the balance again. The amount is in the group's currency, with at most its decimals.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * requestBody:
 *   content:
 *     application/json:
 *       schema: { type: object, required: [amount], properties: { amount: { type: string, example: "250.00" } } }
 * responses:
 *   "200": { description: "{ group } with its new balance" }
 *   "400": { description: "Invalid amount (named), or the gateway refused it with its code and message (1004 closed group, 1005 more than the balance)." }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such group. }
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminRefundGroup>, res: MedusaResponse<AdminGatewayGroupResponse>) => {
  const { result } = await refundGroupWorkflow(req.scope).run({ input: { id: req.params.id, amount: req.validatedBody.amount, actor: actorOf(req) } })
  res.json({ group: result })
}
