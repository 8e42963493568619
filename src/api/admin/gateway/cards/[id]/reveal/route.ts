import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { revealCard } from "../../../../../../workflows/issuing/reveal-card"
import { actorOf } from "../../../actor"
import type { AdminGatewayRevealedCardResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/cards/{id}/reveal
 * operationId: AdminGatewayRevealCard
 * summary: Reveal a card's full number and CVV
 * description: Fetches the card's full number and CVV from the gateway (`/card/query`) for this one answer.
 *   They are never stored, cached or logged; the answer is marked `Cache-Control: no-store`. Every reveal is
 *   audited (operation `card.reveal`, with the admin user), the row written before the gateway is asked: when
 *   it cannot be written nothing is revealed. Only admin users may (not secret API keys; only those in the
 *   module option `issuing.reveal.user_ids` when it is set), at most `issuing.reveal.per_user` times in
 *   `window_seconds` (default 10 an hour). Refused for a closed card.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ card: { id, number, cvv, expiry_month, expiry_year } }" }
 *   "400": { description: The card is closed, or the gateway refused (its code and message). }
 *   "401": { description: Not authenticated as an admin user. }
 *   "403": { description: "A secret API key, or an admin user not in issuing.reveal.user_ids." }
 *   "404": { description: No such card. }
 *   "415": { description: Not sent as application/json. }
 *   "429": { description: Over the reveals allowed per user and window. }
 *   "500": { description: The audit row could not be written (nothing revealed). }
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayRevealedCardResponse>) => {
  const revealed = await revealCard(req.scope, { id: req.params.id, actor: actorOf(req) })
  if ("tooMany" in revealed) {
    res.status(429).json({ type: "too_many_requests", message: revealed.tooMany } as never)
    return
  }
  res.set({ "Cache-Control": "no-store, max-age=0", Pragma: "no-cache" })
  res.json(revealed)
}
