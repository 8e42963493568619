import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { closeCardWorkflow } from "../../../../../../workflows/issuing/close-card"
import { actorOf } from "../../../actor"
import type { AdminGatewayCardResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/cards/{id}/close
 * operationId: AdminGatewayCloseCard
 * summary: Close a card
 * description: Closes the card at the gateway (`/card/close`); its balance returns to the group. Final: a closed card refuses every change.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ card }" }
 *   "400": { description: "The gateway refused it, with its code and message (e.g. 1004: the card is closed)." }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such card. }
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayCardResponse>) => {
  const { result } = await closeCardWorkflow(req.scope).run({ input: { id: req.params.id, actor: actorOf(req) } })
  res.json({ card: result })
}
