import {
  defineMiddlewares,
  MedusaNextFunction,
  MedusaRequest,
  MedusaResponse,
  validateAndTransformBody,
  validateAndTransformQuery,
} from "@medusajs/framework/http"
import { Modules } from "@medusajs/framework/utils"
import { AdminGatewayReviewSchema, AdminGatewaySyncRunSchema } from "./admin/gateway/payment-validators"
import { adminGatewayMiddlewares } from "./admin/gateway/middlewares"
import { answerRequiresMore } from "./utils/complete-cart-requires-more"
import { StoreGatewayCardSchema, StoreGatewayPaymentMethodsSchema } from "./store/gateway/validators"

/**
 * Medusa calls the provider's capturePayment without the amount staff asked for. For gateway payments,
 * remember that amount in the payment's data just before Medusa's capture route runs, so a partial capture
 * captures exactly that (the provider uses it only within minutes of the request).
 */
async function recordCaptureRequest(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction) {
  try {
    const paymentModule = req.scope.resolve(Modules.PAYMENT)
    const payment = await paymentModule.retrievePayment(req.params.id, { select: ["id", "provider_id", "data"] })
    if (payment.provider_id?.startsWith("pp_gateway_") && payment.data) {
      const raw = (req.body as { amount?: unknown } | undefined)?.amount
      const amount = typeof raw === "number" && Number.isFinite(raw) && raw > 0 ? String(raw) : null
      await paymentModule.updatePayment({
        id: payment.id,
        data: { ...payment.data, capture_request: { amount, requested_at: new Date().toISOString() } },
      } as { id: string })
    }
  } catch {
    // Not found or not ours: Medusa's own route answers it.
  }
  next()
}

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
    {
      matcher: "/store/carts/:id/complete",
      method: ["POST"],
      middlewares: [answerRequiresMore],
    },
    {
      matcher: "/admin/gateway/payment-sessions/:id/review",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminGatewayReviewSchema)],
    },
    {
      matcher: "/admin/gateway/sync-runs",
      method: ["POST"],
      middlewares: [validateAndTransformBody(AdminGatewaySyncRunSchema)],
    },
    {
      matcher: "/admin/payments/:id/capture",
      method: ["POST"],
      middlewares: [recordCaptureRequest],
    },
    // Payouts and issuing (src/api/admin/gateway/middlewares.ts).
    ...adminGatewayMiddlewares,
  ],
})
