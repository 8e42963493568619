import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refreshCardWorkflow } from "../../../../../../workflows/issuing/refresh-card"
import { actorOf } from "../../../actor"
import type { AdminGatewayCardResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/cards/{id}/refresh
 * operationId: AdminGatewayRefreshCard
 * summary: Refresh a card from the gateway
 * description: Queries the card (`/card/query`) and updates status, balance and limit. The full number and CVV in the answer are dropped.
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
  const { result } = await refreshCardWorkflow(req.scope).run({ input: { id: req.params.id, actor: actorOf(req) } })
  res.json({ card: result })
}
