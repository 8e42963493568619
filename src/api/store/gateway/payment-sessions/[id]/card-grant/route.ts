/**
 * POST /store/gateway/payment-sessions/:id/card-grant   { cart_id }   (customer auth)
 *
 * For storefronts whose browser does not hold the customer's token (an httpOnly cookie read by server code):
 * server code asks here, with the token, for a card grant, and hands only the grant to the browser, which sends
 * it with the card to the card route (`card_grant`). The card then goes from the browser to this server only,
 * and the token never reaches page scripts. The grant pays only this `pp_gateway_card` session of the customer's
 * own cart, with a typed card, for 15 minutes (src/domain/card-grant.ts). Another customer's cart, another cart,
 * or a session of another provider answers 404.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { gatewayProviderId, signCardGrant } from "../../../../../../domain"
import { cartWithPaymentCollection } from "../../../../../utils/cart-context"
import { cardGrantSecret } from "../../../../../utils/card-grant-secret"
import type { StoreGatewayCardGrant } from "../../../validators"

export const POST = async (req: AuthenticatedMedusaRequest<StoreGatewayCardGrant>, res: MedusaResponse) => {
  const customerId = req.auth_context.actor_id
  const { cart_id } = req.validatedBody
  const notFound = new MedusaError(
    MedusaError.Types.NOT_FOUND,
    `Payment session with id: ${req.params.id} was not found for cart ${cart_id}`
  )
  const [session, read] = await Promise.all([
    req.scope
      .resolve(Modules.PAYMENT)
      .retrievePaymentSession(req.params.id, { select: ["id", "provider_id", "payment_collection_id"] })
      .catch(() => null),
    cartWithPaymentCollection(req.scope, cart_id),
  ])
  if (!session || session.provider_id !== gatewayProviderId("card")) throw notFound
  const cart = read?.paymentCollectionId === session.payment_collection_id ? read.cart : null
  if (!cart || cart.customer_id !== customerId) throw notFound
  const card_grant = signCardGrant(cardGrantSecret(req.scope), {
    session_id: session.id,
    cart_id: cart.id,
    customer_id: customerId,
  })
  res.json({ card_grant })
}
