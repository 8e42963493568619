/**
 * GET /store/gateway/saved-cards: the logged-in customer's saved cards, masked (brand, last 4, expiry, dates).
 * The tokens never leave the server.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { StoreGatewaySavedCardsResponse } from "../../../../types/http"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<StoreGatewaySavedCardsResponse>) => {
  const saved_cards = await req.scope.resolve("gateway").listSavedCards(req.auth_context.actor_id)
  res.json({ saved_cards })
}
