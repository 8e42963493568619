import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { auditedGatewayCall } from "../../../../../../workflows/common/audited-call"
import { gatewayModule } from "../../../../../../workflows/common/operation-context"
import { actorOf } from "../../../actor"
import type { AdminGatewayRevealedCardResponse } from "../../../../../../types/http"

/**
 * @oas [post] /admin/gateway/cards/{id}/reveal
 * operationId: AdminGatewayRevealCard
 * summary: Reveal a card's full number and CVV
 * description: Fetches the card's full number and CVV from the gateway (`/card/query`) for this one answer.
 *   They are never stored, cached or logged; the answer is marked `Cache-Control: no-store`. Every reveal is
 *   audited (operation `card.reveal`, with the admin user). Refused for a closed card.
 * x-authenticated: true
 * parameters:
 *   - { in: path, name: id, required: true, schema: { type: string } }
 * responses:
 *   "200": { description: "{ card: { id, number, cvv, expiry_month, expiry_year } }" }
 *   "400": { description: The card is closed, or the gateway refused (its code and message). }
 *   "401": { description: Not authenticated as an admin user. }
 *   "404": { description: No such card. }
 */
export const POST = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayRevealedCardResponse>) => {
  const service = gatewayModule(req.scope)
  const card = await service.retrieveGatewayCard(req.params.id)
  if (card.status === "closed") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Card ${card.id} is closed: its details are not revealed`)
  }
  // Not a workflow on purpose: a step's result may be kept by the workflow engine, and these values must
  // exist only in this request's memory and its answer. The audit row records who looked, not what they saw.
  const record = await auditedGatewayCall(req.scope, { operation: "card.reveal", actor: actorOf(req), target_id: card.id }, () =>
    service.issuing().card.query({ cardId: card.gateway_card_id })
  )
  res.set({ "Cache-Control": "no-store, max-age=0", Pragma: "no-cache" })
  res.json({
    card: {
      id: card.id,
      number: record.cardNumber ?? null,
      cvv: record.cvv ?? null,
      expiry_month: record.expireMonth ?? card.expiry_month,
      expiry_year: record.expireYear ?? card.expiry_year,
    },
  })
}
