/**
 * POST /store/gateway/payment-sessions/:id/card
 *
 * The storefront posts the card here for a `pp_gateway_card` session. The card goes straight to the gateway
 * through the provider (`updatePayment`), whose answer is built from its own keys only: the card never reaches
 * the database, a response or a log. Answers the session's status (`authorized`, `requires_more` with
 * `data.redirect` — the form to POST to the issuer for 3-D Secure — `pending_authorization` when held for
 * review, `error` with `data.decline`).
 *
 * Saved cards (logged-in customers only, and only for their own cart): `save_card: true` with a typed card
 * tokenises it and keeps it once the payment is authorised; `saved_card_id` pays with one of theirs (the token
 * never leaves the server; an expired card is refused before any request).
 *
 * One post at a time per session (a lock), and a cap on posts per session and per client address (provider
 * option `card_attempts`): past it, 429 and nothing is sent to the gateway.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { CardSubmission, gatewayProviderId, readSessionData } from "../../../../../../domain"
import type GatewayModuleService from "../../../../../../modules/gateway/service"
import { CartForPayment, cartOfPaymentCollection, orderContextOf } from "../../../../../utils/cart-context"
import type { StoreGatewayCard } from "../../../validators"

const tooMany = (res: MedusaResponse, message: string) => res.status(429).json({ type: "too_many_requests", message })

export const POST = async (req: AuthenticatedMedusaRequest<StoreGatewayCard>, res: MedusaResponse) => {
  const gateway = req.scope.resolve("gateway")
  const limits = gateway.cardAttemptLimits()
  if (!gateway.takeCardAttempt(req.ip ?? "unknown")) {
    return tooMany(res, `Too many card attempts from this address: at most ${limits.per_address} in ${limits.window_seconds} seconds. Try again later.`)
  }
  const paymentModule = req.scope.resolve(Modules.PAYMENT)
  const locking = req.scope.resolve(Modules.LOCKING)
  const { browser } = req.validatedBody
  const cardProvider = gatewayProviderId("card")

  await locking.execute(
    `gateway:card:${req.params.id}`,
    async () => {
      const session = await paymentModule.retrievePaymentSession(req.params.id, {
        select: ["id", "provider_id", "status", "amount", "currency_code", "data", "payment_collection_id"],
      })
      if (session.provider_id !== cardProvider) {
        throw new MedusaError(MedusaError.Types.INVALID_DATA, `Payment session ${session.id} is not a ${cardProvider} session`)
      }
      if (session.status === "authorized" || session.status === "captured") {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Payment session ${session.id} is already authorised`)
      }
      const attempts = Number(session.data?.card_attempts ?? 0)
      if (attempts >= limits.per_session) {
        return tooMany(res, `Too many card attempts for payment session ${session.id}: at most ${limits.per_session}. Start a new payment session or use another payment method.`)
      }
      const cart = await cartOfPaymentCollection(req.scope, session.payment_collection_id)
      if (cart?.completed_at) {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The cart of payment session ${session.id} is already completed`)
      }
      const submission = await cardSubmission(req, gateway, cart, session.id)
      const updated = await paymentModule.updatePaymentSession({
        id: session.id,
        amount: session.amount,
        currency_code: session.currency_code,
        data: { ...session.data, card_submission: submission, order_context: orderContextOf(cart, req.ip, browser) },
      })
      if ("token" in submission && readSessionData(updated.data)?.gateway_state !== "failed") {
        await gateway.markSavedCardUsed(submission.saved_card_id)
      }
      res.json({ payment_session: { id: updated.id, status: updated.status, data: updated.data } })
    },
    { timeout: 60 }
  )
}

/** The card to pay with: the typed one (to be saved for the customer when asked) or their saved card's token. */
async function cardSubmission(
  req: AuthenticatedMedusaRequest<StoreGatewayCard>,
  gateway: GatewayModuleService,
  cart: CartForPayment | null,
  sessionId: string
): Promise<CardSubmission> {
  const { card, save_card, saved_card_id, security_code } = req.validatedBody
  if (!save_card && !saved_card_id) return card!
  const customerId = req.auth_context?.actor_type === "customer" ? req.auth_context.actor_id : undefined
  if (!customerId) {
    throw new MedusaError(MedusaError.Types.UNAUTHORIZED, "save_card and saved_card_id: log in as the customer to save a card or pay with a saved one")
  }
  if (cart?.customer_id !== customerId) {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The cart of payment session ${sessionId} is not the logged-in customer's`)
  }
  if (card) return { ...card, save_for: customerId }
  if (gateway.paymentOptions()?.saved_cards?.require_security_code && !security_code) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "security_code: required to pay with a saved card")
  }
  const saved = await gateway.savedCardForPayment(customerId, saved_card_id!)
  return { saved_card_id: saved.id, token: saved.token, brand: saved.brand, last4: saved.last4, ...(security_code ? { security_code } : {}) }
}
