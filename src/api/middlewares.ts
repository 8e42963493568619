import {
  authenticate,
  defineMiddlewares,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import { adminGatewayMiddlewares } from "./admin/gateway/middlewares"
import { coreRouteOverrides } from "./core-route-overrides"
import {
  StoreGatewayCardGrantSchema,
  StoreGatewayCardSchema,
  StoreGatewayPaymentMethodsSchema,
} from "./store/gateway/validators"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/gateway/payment-sessions/:id/card",
      method: ["POST"],
      // A customer's session or token when there is one: saved cards are theirs only; guests pay with a typed card.
      middlewares: [
        authenticate("customer", ["session", "bearer"], { allowUnauthenticated: true }),
        validateAndTransformBody(StoreGatewayCardSchema),
      ],
    },
    {
      // Server code with the customer's token asks for a grant the browser sends with a card (card_grant).
      matcher: "/store/gateway/payment-sessions/:id/card-grant",
      method: ["POST"],
      middlewares: [
        authenticate("customer", ["session", "bearer"]),
        validateAndTransformBody(StoreGatewayCardGrantSchema),
      ],
    },
    {
      matcher: "/store/gateway/saved-cards*",
      middlewares: [authenticate("customer", ["session", "bearer"])],
    },
    {
      matcher: "/store/gateway/subscriptions*",
      middlewares: [authenticate("customer", ["session", "bearer"])],
    },
    {
      matcher: "/store/gateway/payment-methods",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(StoreGatewayPaymentMethodsSchema, {})],
    },
    {
      // The gateway's notifications are a few hundred bytes of flat fields: anything much larger is refused (413)
      // before the route reads it, so an open route cannot be made to parse or store big bodies.
      matcher: "/hooks/gateway/notifications",
      methods: ["POST"],
      bodyParser: { sizeLimit: "16kb" },
    },
    // The admin gateway routes (src/api/admin/gateway/middlewares.ts).
    ...adminGatewayMiddlewares,
    // Medusa's own routes the plugin answers differently (src/api/core-route-overrides).
    ...coreRouteOverrides,
  ],
})
