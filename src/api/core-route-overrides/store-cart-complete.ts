/**
 * Medusa 2.21's payment module turns a `requires_more` authorisation into a plain "not authorized" error, so
 * cart completion answers 400 instead of `payment_requires_more_error`. For a gateway session still waiting
 * for the shopper (3-D Secure, APM, hosted page), this middleware asks the gateway first and, while it is
 * still waiting, or when the gateway cannot be asked, answers what Medusa documents: 200 `{ type: "cart", error:
 * { type: "payment_requires_more_error" } }`. Anything else goes on to Medusa's own route.
 */
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { gatewayProviderId } from "../../domain"

export async function answerRequiresMore(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const query = req.scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "cart",
      fields: ["id", "completed_at", "payment_collection.id", "payment_collection.payment_sessions.*"],
      filters: { id: req.params.id },
    })
    const cart = data[0] as any
    const gateway = req.scope.resolve("gateway")
    const session = (cart?.payment_collection?.payment_sessions ?? []).find(
      (s: any) => gateway.isGatewayProvider(s.provider_id) && s.data?.order_no === s.id
    )
    const isCard = session?.provider_id === gatewayProviderId("card")
    const waiting =
      session && !cart.completed_at && (session.status === "requires_more" || (!isCard && session.status === "pending"))
    if (!waiting || !gateway.paymentOptions()) return next()

    // One order query in flight per session, however many completes arrive at once. A query that fails says
    // nothing about the payment: the shopper may have paid, so the answer is "not finished yet" (the return page
    // says "still processing" and checks again), never Medusa's "not authorized", which reads as a decline and
    // invites a second payment.
    const state = await gateway
      .waitingSessionTransaction(session.id, session.data?.transaction_id)
      .then((record) => gateway.stateOfRecord(record))
      .catch(() => null)
    const requiresMore = (message: string) =>
      res.status(200).json({
        type: "cart",
        cart,
        error: { type: MedusaError.Types.PAYMENT_REQUIRES_MORE_ERROR, name: "Error", message },
      })
    if (state === "pending" || (state === "not_found" && !isCard)) {
      return requiresMore(
        "More information is required for payment: the shopper has not finished the gateway's page yet"
      )
    }
    if (state === null || state === "unknown") {
      return requiresMore("The payment is not confirmed yet: the gateway could not be asked; try again in a moment")
    }
  } catch {
    // Any doubt: Medusa's route decides.
  }
  next()
}
