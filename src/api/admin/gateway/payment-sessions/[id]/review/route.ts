/**
 * POST /admin/gateway/payment-sessions/:id/review
 *
 * Approves or rejects a payment the gateway holds for risk review (`/v1/review`), then moves Medusa to the
 * result: approved → the payment is authorized; rejected → it fails and an order waiting for it is canceled.
 * @summary Review a held payment
 * @body { action: "approve" | "reject" }
 * @response 200 { order_no, state, changes, discrepancy }
 * @response 400 Not a held gateway payment, or the gateway refused the review (code and message)
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, MedusaError, Modules } from "@medusajs/framework/utils"
import { configuredAcquiringClient } from "../../../../../../providers/gateway/core/client"
import { toMedusaError } from "../../../../../../providers/gateway/core/errors"
import { findSessionTransaction } from "../../../../../../providers/gateway/core/order-lookup"
import { stateOfRecord } from "../../../../../../providers/gateway/core/status"
import { applyGatewayState } from "../../../../../../workflows/gateway-sync/apply-gateway-state"
import type { AdminGatewayReview } from "../../../payment-validators"

export const POST = async (req: AuthenticatedMedusaRequest<AdminGatewayReview>, res: MedusaResponse) => {
  const paymentModule = req.scope.resolve(Modules.PAYMENT)
  const [session] = await paymentModule.listPaymentSessions({ id: [req.params.id] })
  if (!session || !session.provider_id.startsWith("pp_gateway_")) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Gateway payment session ${req.params.id} was not found`)
  }
  const client = configuredAcquiringClient(req.scope.resolve(ContainerRegistrationKeys.LOGGER))
  if (!client) throw new MedusaError(MedusaError.Types.UNEXPECTED_STATE, "The gateway payment provider is not configured")

  const record = await findSessionTransaction(client, session.id, (session.data?.transaction_id as string) ?? null).catch((e) => {
    throw toMedusaError(e, "Gateway review")
  })
  if (!record || stateOfRecord(record) !== "review") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway payment ${session.id} is not held for review (${record ? stateOfRecord(record) : "unknown at the gateway"})`)
  }
  const approve = req.validatedBody.action === "approve"
  const answer = await client
    .review({
      review_orders: [
        { transaction_id: record.transaction_id!, order_no: session.id, currency: record.currency!, amount: record.amount!, review_flag: approve ? "1" : "0" },
      ],
    })
    .catch((e) => {
      throw toMedusaError(e, "Gateway review")
    })
  const entry = answer.review_orders[0]
  if (entry?.outcome !== "done") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway review refused: ${entry?.result ? `${entry.result.code} ${entry.result.message}` : "no answer"}`)
  }
  const after = await findSessionTransaction(client, session.id, record.transaction_id).catch(() => null)
  const result = await applyGatewayState(req.scope, session.id, after, { review_status: approve ? "approved" : "rejected" })
  res.json(result)
}
