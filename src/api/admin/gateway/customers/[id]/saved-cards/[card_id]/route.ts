/**
 * DELETE /admin/gateway/customers/:id/saved-cards/:card_id: staff delete a customer's saved card (ours only: the
 * gateway documents no endpoint to delete a token). Audited as `saved_card.delete`.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminGatewaySavedCardDeleteResponse } from "../../../../../../../types/http"
import { actorOf } from "../../../../actor"

export const DELETE = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<AdminGatewaySavedCardDeleteResponse>
) => {
  const gateway = req.scope.resolve("gateway")
  const { id: customerId, card_id: cardId } = req.params
  await gateway.adminDeleteSavedCard(cardId, customerId)
  const actor = actorOf(req)
  await gateway.createGatewayOperationAudits({
    operation: "saved_card.delete",
    actor_type: actor.type,
    actor_id: actor.id,
    target_id: cardId,
    result: "succeeded",
    details: { customer_id: customerId },
  })
  res.json({ id: cardId, object: "saved_card", deleted: true })
}
