/**
 * POST /store/gateway/payment-sessions/:id/card
 *
 * The storefront posts the card here once for a `pp_gateway_card` session. The card goes straight to the
 * gateway through the provider (`updatePayment`), which keeps only the masked card, transaction id, status and
 * 3-D Secure data in the session: the card never reaches the database or a log. Answers the session's status
 * (`authorized`, `requires_more` with `data.issuer_url`, `pending_authorization` when held for review,
 * `error` with `data.decline`).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { cartOfPaymentCollection, orderContextOf } from "../../../../../utils/cart-context"
import type { StoreGatewayCard } from "../../../validators"

export const POST = async (req: MedusaRequest<StoreGatewayCard>, res: MedusaResponse) => {
  const paymentModule = req.scope.resolve(Modules.PAYMENT)
  const session = await paymentModule.retrievePaymentSession(req.params.id, {
    select: ["id", "provider_id", "status", "amount", "currency_code", "data", "payment_collection_id"],
  })
  if (session.provider_id !== "pp_gateway_card") {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Payment session ${session.id} is not a pp_gateway_card session`)
  }
  if (session.status === "authorized" || session.status === "captured") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Payment session ${session.id} is already authorised`)
  }
  const cart = await cartOfPaymentCollection(req.scope, session.payment_collection_id)
  if (cart?.completed_at) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The cart of payment session ${session.id} is already completed`)
  }
  const { card, browser } = req.validatedBody
  const updated = await paymentModule.updatePaymentSession({
    id: session.id,
    amount: session.amount,
    currency_code: session.currency_code,
    data: { ...session.data, card_submission: card, order_context: orderContextOf(cart, req.ip, browser) },
  })
  res.json({ payment_session: { id: updated.id, status: updated.status, data: updated.data } })
}
