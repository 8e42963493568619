import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { gatewayModule } from "../../../../../../workflows/common/operation-context"
import { refreshPayoutWorkflow } from "../../../../../../workflows/payouts/refresh-payout"
import { payoutRefreshRefusal } from "../../../../../../workflows/payouts/refresh-guard"
import { actorOf } from "../../../actor"
import type { AdminGatewayPayoutResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/payouts/{id}/refresh
 * operationId: AdminGatewayRefreshPayout
 * summary: Refresh a payout from the gateway
 * description: Re-sends the payout's request with the same request_id (the API has no payout query); the gateway
 *   answers with the payout's current state and pays nothing more only if it de-duplicates request_id [assumed].
 *   Settles UNKNOWN payouts. A COMPLETED or FAILED payout is final and never re-sent (400, nothing sent), since a FAILED
 *   one re-sent could be paid while its record stays FAILED; for a FAILED payout still owed, create a new payout.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ payout }" }
 *   "400": { description: The payout is COMPLETED or FAILED (final); the message names its status. Nothing was sent. }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such payout. }
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayPayoutResponse>) => {
  // Refused here before the workflow starts; resendPayoutStep checks again under the payout's lock.
  const refusal = payoutRefreshRefusal(await gatewayModule(req.scope).retrieveGatewayPayout(req.params.id))
  if (refusal) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
  const { result } = await refreshPayoutWorkflow(req.scope).run({ input: { id: req.params.id, actor: actorOf(req) } })
  res.json({ payout: result })
}
