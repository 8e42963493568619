/**
 * GET /store/gateway/payment-methods?cart_id=...
 *
 * The gateway's recommended payment methods for a cart (`/v1/optimise`), best first, for storefronts that
 * want to order their choices. Fails soft: when the gateway does not answer, `payment_methods` is empty and
 * `source` is "default", so the storefront keeps its own order. A ranking is reused for 10 seconds for the same
 * cart, amount and shopper.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError } from "@medusajs/framework/utils"
import { randomUUID } from "node:crypto"
import { redact, toGatewayAmount } from "../../../../lib/gateway"
import { retrieveCart } from "../../../utils/cart-context"
import type { StoreGatewayPaymentMethods } from "../validators"

export const GET = async (req: MedusaRequest<unknown, StoreGatewayPaymentMethods>, res: MedusaResponse) => {
  const cart = await retrieveCart(req.scope, req.validatedQuery.cart_id, { total: true })
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Cart ${req.validatedQuery.cart_id} was not found`)
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const gateway = req.scope.resolve("gateway")
  const client = gateway.paymentOptions() ? gateway.acquiring() : null
  if (!client || !cart.email) {
    return res.json({ payment_methods: [], source: "default" })
  }
  const shopperIp = gateway.clientAddress({ headers: req.headers, socketAddress: req.socket?.remoteAddress ?? null })
  const currency = String(cart.currency_code).toUpperCase()
  let amount: string
  try {
    amount = toGatewayAmount(cart.total, currency, { rounding: "half-even" })
  } catch (err) {
    logger.warn(`Gateway optimise for cart ${cart.id} skipped: ${String(redact((err as Error).message))}`)
    return res.json({ payment_methods: [], source: "default" })
  }
  const country = cart.billing_address?.country_code ? String(cart.billing_address.country_code).toUpperCase() : null
  // Anyone with the cart id can call this: a ranking is asked once per cart, amount and shopper and reused for a
  // few seconds (the gateway's answer changes no money), and calls at the same moment share one request.
  const key = [cart.id, currency, amount, cart.email, country ?? ""].join("|")
  const ranking = await gateway.rankingFor(
    key,
    async (): Promise<Ranking> => {
      try {
        const answer = await client.optimise({
          request_id: randomUUID(),
          currency,
          amount,
          shopper_email: cart.email,
          ...(country ? { billing_country: country } : {}),
          ...(shopperIp !== "unknown" ? { shopper_ip: shopperIp } : {}),
        })
        return {
          payment_methods: answer.payment_methods.map((m) => ({
            payment_method: m.payment_method,
            acceptance_rate: m.acceptance_rate,
            rank: m.rank,
          })),
          source: "gateway",
        }
      } catch (err) {
        logger.warn(
          `Gateway optimise for cart ${cart.id} failed, storefront keeps its order: ${String(redact((err as Error).message))}`
        )
        return { payment_methods: [], source: "default" }
      }
    },
    (r) => r.source === "gateway"
  )
  res.json(ranking)
}

type Ranking = {
  payment_methods: { payment_method: string; acceptance_rate: number; rank: number }[]
  source: "gateway" | "default"
}
