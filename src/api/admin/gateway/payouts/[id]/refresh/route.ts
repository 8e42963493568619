import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refreshPayoutWorkflow } from "../../../../../../workflows/payouts/refresh-payout"
import { actorOf } from "../../../actor"
import type { AdminGatewayPayoutResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/payouts/{id}/refresh
 * operationId: AdminGatewayRefreshPayout
 * summary: Refresh a payout from the gateway
 * description: Re-sends the payout's request with the same request_id; the gateway answers with the payout's
 *   current state and does not pay twice. Settles UNKNOWN payouts. A final status never moves back.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ payout }" }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such payout. }
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayPayoutResponse>) => {
  const { result } = await refreshPayoutWorkflow(req.scope).run({ input: { id: req.params.id, actor: actorOf(req) } })
  res.json({ payout: result })
}
