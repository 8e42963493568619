/**
 * POST /admin/gateway/payment-sessions/:id/review
 *
 * Approves or rejects a payment the gateway holds for risk review (`/v1/review`), then moves Medusa to the
 * result: approved → the payment is authorized; rejected → it fails and an order waiting for it is canceled.
 * The gateway call is audited (operation `payment.review`, with the admin user), whatever its outcome.
 * @summary Review a held payment
 * @body { action: "approve" | "reject" }
 * @response 200 { order_no, state, changes, discrepancy }
 * @response 400 Not a held gateway payment, or the gateway refused the review (code and message)
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError, Modules } from "@medusajs/framework/utils"
import { describeEntry } from "../../../../../../domain"
import { applyGatewayState } from "../../../../../../reconciliation"
import { auditedGatewayCall } from "../../../../../../workflows/common/audited-call"
import { actorOf } from "../../../actor"
import type { AdminGatewayReview } from "../../../schemas/payments"
import type { AdminGatewayReviewResponse } from "../../../../../../types/http"

export const POST = async (
  req: AuthenticatedMedusaRequest<AdminGatewayReview>,
  res: MedusaResponse<AdminGatewayReviewResponse>
) => {
  const gateway = req.scope.resolve("gateway")
  const [session] = await req.scope.resolve(Modules.PAYMENT).listPaymentSessions({ id: [req.params.id] })
  if (!session || !gateway.isGatewayProvider(session.provider_id)) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Gateway payment session ${req.params.id} was not found`)
  }
  const ours = gateway.readSessionData(session.data)
  const record = await auditedGatewayCall(
    req.scope,
    { operation: "payment.review", actor: actorOf(req), target_id: session.id },
    async () => {
      const held = await gateway.findSessionTransaction(
        session.id,
        ours?.transaction_id ?? null,
        ours?.superseded_transaction_ids
      )
      const state = gateway.stateOfRecord(held)
      if (!held || state !== "review") {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Gateway payment ${session.id} is not held for review (${held ? state : "unknown at the gateway"})`
        )
      }
      const answer = await gateway.acquiring().review({
        review_orders: [
          {
            transaction_id: held.transaction_id!,
            order_no: session.id,
            currency: held.currency!,
            amount: held.amount!,
            review_flag: req.validatedBody.action === "approve" ? "1" : "0",
          },
        ],
      })
      const entry = answer.review_orders[0]
      if (entry?.outcome !== "done") {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Gateway review refused: ${describeEntry(entry?.result, entry?.error_message ?? "no answer")}`
        )
      }
      return held
    }
  )
  const after = await gateway.findSessionTransaction(session.id, record.transaction_id).catch(() => null)
  res.json(
    await applyGatewayState(req.scope, session.id, after, {
      review_status: req.validatedBody.action === "approve" ? "approved" : "rejected",
    })
  )
}
