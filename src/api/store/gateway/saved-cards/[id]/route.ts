/**
 * DELETE /store/gateway/saved-cards/:id: deletes one of the logged-in customer's saved cards (another customer's
 * is a 404). Only our record goes: the gateway documents no endpoint to delete a token, so the token stays valid
 * at the gateway until its card expires, but nothing can pay with it through this store once deleted.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { StoreGatewaySavedCardDeleteResponse } from "../../../../../types/http"

export const DELETE = async (
  req: AuthenticatedMedusaRequest,
  res: MedusaResponse<StoreGatewaySavedCardDeleteResponse>
) => {
  await req.scope.resolve("gateway").deleteSavedCard(req.params.id, req.auth_context.actor_id)
  res.json({ id: req.params.id, object: "saved_card", deleted: true })
}
