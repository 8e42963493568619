/**
 * GET /admin/gateway/payment-sessions/:id
 *
 * What the plugin knows of a gateway payment (id = the payment session id = the gateway's order_no): the
 * session's data, the Medusa payment's data (captures and refunds with their gateway status, `unknown` while a
 * lost answer is being reconciled), and the module's record with risk result, review, disputes, discrepancy
 * and last contact.
 * @summary Gateway payment details
 * @response 200 { payment_session, payment, gateway_payment, notifications }
 * @response 404 The session does not exist
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { AdminGatewayPaymentDetailsResponse } from "../../../../../types/http"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayPaymentDetailsResponse>) => {
  const paymentModule = req.scope.resolve(Modules.PAYMENT)
  const gatewayModule = req.scope.resolve("gateway")
  const [session] = await paymentModule.listPaymentSessions({ id: [req.params.id] }, { relations: ["payment"] })
  const payment = session?.payment ?? null
  if (!session || !gatewayModule.isGatewayProvider(session.provider_id)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Gateway payment session ${req.params.id} was not found`)
  }
  const [gatewayPayment] = await gatewayModule.listGatewayPayments({ order_no: session.id })
  const notifications = await gatewayModule.listGatewayNotifications(
    { order_no: session.id },
    {
      take: 20,
      order: { received_at: "DESC" },
      select: [
        "id",
        "notify_type",
        "verified",
        "status",
        "result",
        "deliveries",
        "received_at",
        "last_received_at",
        "processed_at",
      ],
    }
  )
  res.json({
    payment_session: {
      id: session.id,
      provider_id: session.provider_id,
      status: session.status,
      amount: session.amount,
      currency_code: session.currency_code,
      data: gatewayModule.readSessionData(session.data),
      payment_id: session.payment?.id ?? null,
    },
    payment: payment
      ? {
          id: payment.id,
          data: gatewayModule.readSessionData(payment.data),
          captured_at: payment.captured_at ?? null,
          canceled_at: payment.canceled_at ?? null,
        }
      : null,
    gateway_payment: gatewayPayment ?? null,
    notifications,
  })
}
