/**
 * GET /store/gateway/payment-methods?cart_id=...
 *
 * The gateway's recommended payment methods for a cart (`/v1/optimise`), best first, for storefronts that
 * want to order their choices. Fails soft: when the gateway does not answer, `payment_methods` is empty and
 * `source` is "default", so the storefront keeps its own order.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { randomUUID } from "node:crypto"
import { redact, toGatewayAmount } from "../../../../lib/gateway"
import { retrieveCart } from "../../../utils/cart-context"
import type { StoreGatewayPaymentMethods } from "../validators"

export const GET = async (req: MedusaRequest<unknown, StoreGatewayPaymentMethods>, res: MedusaResponse) => {
  const cart = await retrieveCart(req.scope, req.validatedQuery.cart_id)
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${req.validatedQuery.cart_id} was not found`)
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const gateway = req.scope.resolve("gateway")
  const client = gateway.paymentOptions() ? gateway.acquiring() : null
  if (!client || !cart.email) {
    return res.json({ payment_methods: [], source: "default" })
  }
  try {
    const currency = String(cart.currency_code).toUpperCase()
    const answer = await client.optimise({
      request_id: randomUUID(),
      currency,
      amount: toGatewayAmount(cart.total, currency, { rounding: "half-even" }),
      shopper_email: cart.email,
      ...(cart.billing_address?.country_code ? { billing_country: String(cart.billing_address.country_code).toUpperCase() } : {}),
      ...(req.ip ? { shopper_ip: req.ip } : {}),
    })
    res.json({
      payment_methods: answer.payment_methods.map((m) => ({ payment_method: m.payment_method, acceptance_rate: m.acceptance_rate, rank: m.rank })),
      source: "gateway",
    })
  } catch (err) {
    logger.warn(`Gateway optimise for cart ${cart.id} failed, storefront keeps its order: ${String(redact((err as Error).message))}`)
    res.json({ payment_methods: [], source: "default" })
  }
}
