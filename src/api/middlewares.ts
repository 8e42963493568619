import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import { adminGatewayMiddlewares } from "./admin/gateway/middlewares"
import { coreRouteOverrides } from "./core-route-overrides"
import { StoreGatewayCardSchema, StoreGatewayPaymentMethodsSchema } from "./store/gateway/validators"

export default defineMiddlewares({
  routes: [
    {
      matcher: "/store/gateway/payment-sessions/:id/card",
      method: ["POST"],
      middlewares: [validateAndTransformBody(StoreGatewayCardSchema)],
    },
    {
      matcher: "/store/gateway/payment-methods",
      method: ["GET"],
      middlewares: [validateAndTransformQuery(StoreGatewayPaymentMethodsSchema, {})],
    },
    // The admin gateway routes (src/api/admin/gateway/middlewares.ts).
    ...adminGatewayMiddlewares,
    // Medusa's own routes the plugin answers differently (src/api/core-route-overrides).
    ...coreRouteOverrides,
  ],
})
