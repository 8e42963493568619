import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { updateCardStatusWorkflow } from "../../../../../../workflows/issuing/update-card-status"
import { actorOf } from "../../../actor"
import type { AdminGatewayCardResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/cards/{id}/activate
 * operationId: AdminGatewayActivateCard
 * summary: Activate a card
 * description: Activates a blocked card at the gateway (`/card/status` 1), then re-reads it.
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
  const { result } = await updateCardStatusWorkflow(req.scope).run({
    input: { id: req.params.id, status: "active" as const, actor: actorOf(req) },
  })
  res.json({ card: result })
}
