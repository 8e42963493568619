/** GET /admin/gateway/customers/:id/saved-cards: a customer's saved cards, masked (the tokens never leave the server). */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminGatewaySavedCardsResponse } from "../../../../../../types/http"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewaySavedCardsResponse>) => {
  res.json({ saved_cards: await req.scope.resolve("gateway").listSavedCards(req.params.id) })
}
