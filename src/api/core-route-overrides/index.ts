/**
 * Where the plugin changes what one of Medusa's own routes answers. Each entry is a middleware in front of
 * Medusa's route that lets the request through to it unless the plugin must answer otherwise; the list below
 * is the whole set, registered by src/api/middlewares.ts.
 *
 * - POST /store/carts/:id/complete (./store-cart-complete.ts): Medusa 2.21 answers a gateway session that
 *   waits for the shopper (3-D Secure, APM, hosted page) with a plain 400; the plugin answers Medusa's
 *   documented `payment_requires_more_error` instead, after asking the gateway.
 * - POST /store/payment-collections/:id/payment-sessions (./store-payment-session-subscription.ts): a cart that
 *   sells a subscription cannot start a hosted-page or APM session (the gateway takes contracts by card only).
 */
import type { MiddlewareRoute } from "@medusajs/framework/http"
import { answerRequiresMore } from "./store-cart-complete"
import { refuseSubscriptionOffCard } from "./store-payment-session-subscription"

export const coreRouteOverrides: MiddlewareRoute[] = [
  { matcher: "/store/carts/:id/complete", method: ["POST"], middlewares: [answerRequiresMore] },
  {
    matcher: "/store/payment-collections/:id/payment-sessions",
    method: ["POST"],
    middlewares: [refuseSubscriptionOffCard],
  },
]
