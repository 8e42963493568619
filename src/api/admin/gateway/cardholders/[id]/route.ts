import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { gatewayModule } from "../../../../../workflows/common/operation-context"
import { deleteCardholderWorkflow } from "../../../../../workflows/issuing/delete-cardholder"
import { actorOf } from "../../actor"
import type { AdminGatewayCardholderDeleteResponse, AdminGatewayCardholderResponse } from "../../../../../types/http"

/**
 * @oas [get] /admin/gateway/cardholders/{id}
 * operationId: AdminGatewayGetCardholder
 * summary: Get a cardholder
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ cardholder }" }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such cardholder. }
 */
export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayCardholderResponse>) => {
  const cardholder = await gatewayModule(req.scope).retrieveGatewayCardholder(
    req.params.id,
    req.retrieveConfig as never
  )
  res.json({ cardholder })
}

/**
 * @oas [delete] /admin/gateway/cardholders/{id}
 * operationId: AdminGatewayDeleteCardholder
 * summary: Delete a cardholder
 * description: Deletes the cardholder at the gateway (`/cardholder/delete`; refused with 1004 while it has
 *   open cards) and marks the record deleted (kept for its cards' history and the audit).
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ id, object: \"gateway_cardholder\", deleted: true, cardholder }" }
 *   "400": { description: The gateway refused it (its code and message). }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such cardholder. }
 */
export const DELETE = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminGatewayCardholderDeleteResponse>
) => {
  const { result } = await deleteCardholderWorkflow(req.scope).run({
    input: { id: req.params.id, actor: actorOf(req) },
  })
  res.json({ id: req.params.id, object: "gateway_cardholder", deleted: true, cardholder: result })
}
