import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { refreshCardholderWorkflow } from "../../../../../../workflows/issuing/refresh-cardholder"
import { actorOf } from "../../../actor"
import type { AdminGatewayCardholderResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/cardholders/{id}/refresh
 * operationId: AdminGatewayRefreshCardholder
 * summary: Refresh a cardholder from the gateway
 * description: Queries the cardholder at the gateway (`/cardholder/query`) and updates the record.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ cardholder }" }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such cardholder here, or at the gateway (code 1003). }
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayCardholderResponse>) => {
  const { result } = await refreshCardholderWorkflow(req.scope).run({
    input: { id: req.params.id, actor: actorOf(req) },
  })
  res.json({ cardholder: result })
}
