/**
 * POST /store/gateway/payment-sessions/:id/card
 *
 * The storefront posts the card here for a `pp_gateway_card` session, with the session's `cart_id` (Medusa's
 * guest credential: the session id alone does not let anyone pay into it; a cart of a registered customer
 * needs that customer's auth too). The card goes straight to the gateway through the provider
 * (`updatePayment`), whose answer is built from its own keys only: the card never reaches the database, a
 * response or a log. Answers the session's status (`authorized`, `requires_more` with `data.redirect` — the
 * form to POST to the issuer for 3-D Secure — `pending_authorization` when held for review, `error` with
 * `data.decline`, a shopper's category of the refusal).
 *
 * A post repeated after its answer was lost (the session already holds the money: authorised, captured, held
 * for review) is answered with the session as it is, without a new attempt; while 3-D Secure is open the
 * provider settles the first attempt before any new one.
 *
 * A registered customer's cart: the customer's auth, or a `card_grant` server code made with it (card-grant route:
 * the browser posts the card without holding the customer's token; a typed card only).
 *
 * Saved cards (logged-in customers only, and only for their own cart): `save_card: true` with a typed card
 * tokenises it and keeps it once the payment is authorised; `saved_card_id` pays with one of theirs (the token
 * never leaves the server; an expired card is refused before any request).
 *
 * One writer at a time per session: the post holds the payment's lock (Medusa's locking module, which must be
 * shared — Redis or PostgreSQL — when several instances serve this route), the one notifications, the order sync
 * and review take (paymentLockKey). The gateway notifies a hold or a decline as soon as it makes the transaction,
 * often before its answer reaches this post: under another lock, applying that notification could read the
 * session before the post stored its transaction and write the old data back after it. Every post that may reach the gateway is counted first, whatever
 * comes of it, against the caps of `card_attempts` (per client address, session, cart and card; see
 * src/domain/card-attempts.ts), in the module's table that every instance shares: past one, 429 and nothing is
 * sent to the gateway.
 *
 * Only a post that is about to be sent (every cap passed, the saved card resolved, the security code there) leaves
 * the trace the order sync reads to find a post cut short (its card-sent trace: gateway.markCardPostSent). It is
 * taken back once the answer is recorded in the session (just after the answer is sent to the shopper), or when
 * the provider refused the post for certain (the gateway's 4xx refusal, a request refused before it left: nothing
 * authorised); kept when the post ends any other way (the process stopped, Medusa could not store the answer), so
 * that the order sync reads that session at the gateway past the settling deadline. A post refused before it is
 * sent (a cap's 429, an expired saved card, a missing security code) never leaves it, so it is never reported as an
 * answer lost.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import {
  AttemptVerdict,
  CardAttemptLimits,
  CardSubmission,
  gatewayProviderId,
  holdsMoney,
  readSessionData,
  verifyCardGrant,
  wasGatewayRefused,
} from "../../../../../../domain"
import type GatewayModuleService from "../../../../../../modules/gateway/service"
import { paymentLockKey } from "../../../../../../reconciliation/payment-lock"
import { CartForPayment, cartWithPaymentCollection, orderContextOf } from "../../../../../utils/cart-context"
import { cardGrantSecret } from "../../../../../utils/card-grant-secret"
import type { StoreGatewayCard } from "../../../validators"

/** 429 naming the cap that was reached; nothing was sent. */
function refuse(
  res: MedusaResponse,
  cap: Exclude<AttemptVerdict, null>,
  limits: CardAttemptLimits,
  sessionId?: string
) {
  const window = `${limits.window_seconds} seconds`
  const messages: Record<Exclude<AttemptVerdict, null>, string> = {
    address: `Too many card attempts from this address: at most ${limits.per_address} in ${window}. Try again later.`,
    session: `Too many card attempts for payment session ${sessionId}: at most ${limits.per_session} in ${window}. Start a new payment session or use another payment method.`,
    cart: `Too many card attempts for this cart: at most ${limits.per_cart} in ${window}. Try again later or use another payment method.`,
    card: `Too many attempts with this card: at most ${limits.per_card} in ${window}. Try again later or use another card.`,
  }
  return res.status(429).json({ type: "too_many_requests", message: messages[cap] })
}

export const POST = async (req: AuthenticatedMedusaRequest<StoreGatewayCard>, res: MedusaResponse) => {
  const gateway = req.scope.resolve("gateway")
  const limits = gateway.cardAttemptLimits()
  const shopperIp = gateway.clientAddress({ headers: req.headers, socketAddress: req.socket?.remoteAddress ?? null })
  const byAddress = await gateway.takeCardAttempt({ address: shopperIp })
  if (byAddress) return refuse(res, byAddress, limits)
  const paymentModule = req.scope.resolve(Modules.PAYMENT)
  const locking = req.scope.resolve(Modules.LOCKING)
  const { browser, cart_id } = req.validatedBody
  const cardProvider = gatewayProviderId("card")

  await locking.execute(
    paymentLockKey(req.params.id),
    async () => {
      const [session, read] = await Promise.all([
        paymentModule.retrievePaymentSession(req.params.id, {
          select: ["id", "provider_id", "status", "amount", "currency_code", "data", "payment_collection_id"],
        }),
        cartWithPaymentCollection(req.scope, cart_id),
      ])
      // The session's own cart, or none: a cart id does not pay into another cart's session.
      const cart = read?.paymentCollectionId === session.payment_collection_id ? read.cart : null
      const customerId = callerCustomer(req, session.id, cart_id)
      checkCartOwner(customerId, cart, session.id, cart_id)
      if (session.provider_id !== cardProvider) {
        throw new MedusaError(
          MedusaError.Types.INVALID_DATA,
          `Payment session ${session.id} is not a ${cardProvider} session`
        )
      }
      // Posted again after a lost answer: the money is held already, so the shopper gets the first result.
      if (
        session.status === "authorized" ||
        session.status === "captured" ||
        holdsMoney(readSessionData(session.data)?.gateway_state)
      ) {
        return res.json({ payment_session: { id: session.id, status: session.status, data: session.data } })
      }
      if (cart.completed_at) {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `The cart of payment session ${session.id} is already completed`
        )
      }
      const { card, saved_card_id } = req.validatedBody
      const over = await gateway.takeCardAttempt({
        session: session.id,
        cart: cart.id,
        card: gateway.cardFingerprint(card ? { number: card.number } : { saved_card_id: saved_card_id! }),
      })
      if (over) return refuse(res, over, limits, session.id)
      const submission = await cardSubmission(req, customerId, gateway, cart, session.id)
      // From here the post may reach the gateway: traced until its answer is recorded (see above).
      await gateway.markCardPostSent(session.id)
      const answered = () =>
        gateway.unmarkCardPostSent(session.id).catch((err: unknown) => {
          // Left behind, the trace makes the order sync read this session at the gateway: slower, never wrong.
          req.scope
            .resolve(ContainerRegistrationKeys.LOGGER)
            .warn(
              `Gateway card post ${session.id}: its card-sent trace could not be taken back: ${(err as Error)?.message}`
            )
        })
      let updated: Awaited<ReturnType<typeof paymentModule.updatePaymentSession>>
      try {
        updated = await paymentModule.updatePaymentSession({
          id: session.id,
          amount: session.amount,
          currency_code: session.currency_code,
          data: {
            ...session.data,
            card_submission: submission,
            order_context: orderContextOf(cart, shopperIp === "unknown" ? undefined : shopperIp, browser),
          },
        })
      } catch (err) {
        if (refusedForCertain(err)) await answered()
        throw err
      }
      // The answer is in the session now: the shopper has it at once; the trace is taken back and the saved card's
      // use kept after (still under the lock). A trace left by a crash meanwhile only makes the order sync read
      // the session: slower, never wrong.
      res.json({ payment_session: { id: updated.id, status: updated.status, data: updated.data } })
      await answered()
      if ("token" in submission && readSessionData(updated.data)?.gateway_state !== "failed") {
        await gateway.markSavedCardUsed(submission.saved_card_id).catch((err: unknown) => {
          req.scope
            .resolve(ContainerRegistrationKeys.LOGGER)
            .warn(
              `Gateway card post ${session.id}: the saved card's last use could not be kept: ${(err as Error)?.message}`
            )
        })
      }
    },
    { timeout: 60 }
  )
}

/**
 * Whether the post's failure proves nothing was made at the gateway, so its trace is taken back: the gateway's own
 * refusal (its 4xx answer: the provider marks it, domain/shopper-decline.ts) or the gateway library's validation
 * (`invalid_field`: nothing sent). Anything else keeps it: a request that failed in transport or with a 5xx may have
 * reached the gateway (the provider answers a lost answer as `outcome_unknown` rather than throwing, but a failure
 * it takes for "never sent" is not proof), as does Medusa failing to store the answer. The order sync then reads
 * the session at the gateway once past the settling deadline: authorised → the order; nothing there → failed.
 */
function refusedForCertain(err: unknown): boolean {
  const e = err as { __isMedusaError?: unknown; code?: unknown } | null
  const medusa = Boolean(e && (err instanceof MedusaError || e.__isMedusaError === true))
  return medusa && (wasGatewayRefused(err) || e!.code === "invalid_field")
}

/** The customer the post speaks for: the logged-in customer, else the one a valid card grant names; undefined for a guest. */
function callerCustomer(
  req: AuthenticatedMedusaRequest<StoreGatewayCard>,
  sessionId: string,
  cartId: string
): string | undefined {
  if (req.auth_context?.actor_type === "customer" && req.auth_context.actor_id) return req.auth_context.actor_id
  const grant = req.validatedBody.card_grant
  if (!grant) return undefined
  const customerId = verifyCardGrant(cardGrantSecret(req.scope), grant, { session_id: sessionId, cart_id: cartId })
  if (!customerId) {
    throw new MedusaError(
      MedusaError.Types.UNAUTHORIZED,
      "card_grant is not valid for this payment session and cart (expired, altered, or made for another): ask for a new one"
    )
  }
  return customerId
}

/**
 * The caller holds the session's cart: its id (the guest's credential) and, for a registered customer's cart,
 * that customer's auth (or a card grant made with it). Anything else is answered as if the session did not exist.
 */
function checkCartOwner(
  caller: string | undefined,
  cart: CartForPayment | null,
  sessionId: string,
  cartId: string
): asserts cart is CartForPayment {
  const notFound = () =>
    new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Payment session with id: ${sessionId} was not found for cart ${cartId}`
    )
  if (!cart || cart.id !== cartId) throw notFound()
  if (!cart.customer?.has_account) return
  if (!caller)
    throw new MedusaError(
      MedusaError.Types.UNAUTHORIZED,
      "This cart belongs to a registered customer: log in as that customer to pay it"
    )
  if (caller !== cart.customer_id) throw notFound()
}

/** The card to pay with: the typed one (to be saved for the customer when asked) or their saved card's token. */
async function cardSubmission(
  req: AuthenticatedMedusaRequest<StoreGatewayCard>,
  customerId: string | undefined,
  gateway: GatewayModuleService,
  cart: CartForPayment | null,
  sessionId: string
): Promise<CardSubmission> {
  const { card, save_card, saved_card_id, security_code } = req.validatedBody
  if (!save_card && !saved_card_id) return card!
  if (!customerId) {
    throw new MedusaError(
      MedusaError.Types.UNAUTHORIZED,
      "save_card and saved_card_id: log in as the customer to save a card or pay with a saved one"
    )
  }
  if (cart?.customer_id !== customerId) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The cart of payment session ${sessionId} is not the logged-in customer's`
    )
  }
  if (card) return { ...card, save_for: customerId }
  if (gateway.paymentOptions()?.saved_cards?.require_security_code && !security_code) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "security_code: required to pay with a saved card")
  }
  const saved = await gateway.savedCardForPayment(customerId, saved_card_id!)
  return {
    saved_card_id: saved.id,
    token: saved.token,
    brand: saved.brand,
    last4: saved.last4,
    ...(security_code ? { security_code } : {}),
  }
}
