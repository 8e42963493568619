import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { auditedGatewayCall } from "../common/audited-call"
import { gatewayModule, OperationActor } from "../common/operation-context"

export interface CancelSubscriptionInput {
  id: string
  actor?: OperationActor | null
  /** Only this customer's subscription (a customer cancelling their own); another's is not found. */
  customer_id?: string | null
}

/**
 * `/v1/cancelsubscription`, audited as `subscription.cancel`. Idempotent: a contract already cancelled or ended
 * is answered as it is, without a request. A refusal (`cancel_status` not done) changes nothing; an answer that
 * was lost is audited as unknown and leaves the record as it was until the subscription sync reads the
 * contract's `recurring_status`. Cancelling cannot be undone at the gateway, so the step has no compensation.
 */
const cancelSubscriptionStep = createStep(
  "gateway-cancel-subscription",
  async (input: CancelSubscriptionInput, { container }) => {
    const service = gatewayModule(container)
    const [sub] = await service.listGatewaySubscriptions({
      id: input.id,
      ...(input.customer_id ? { customer_id: input.customer_id } : {}),
    })
    if (!sub) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Subscription ${input.id} was not found`)
    if (sub.status === "cancelled" || sub.status === "ended")
      return new StepResponse({ subscription: sub, changed: false })
    await auditedGatewayCall(
      container,
      {
        operation: "subscription.cancel",
        actor: input.actor,
        target_id: sub.id,
        details: { recurring_id: sub.recurring_id },
      },
      async () => {
        const res = await service
          .acquiring()
          .cancelSubscription({ recurring_id: sub.recurring_id, contract_name: sub.contract_name })
        if (!res.cancelled) {
          const why =
            res.result?.message || res.error_message || res.return_message || `cancel_status ${res.cancel_status}`
          throw new MedusaError(
            MedusaError.Types.NOT_ALLOWED,
            `The gateway did not cancel subscription ${sub.recurring_id}: ${why}`
          )
        }
        return res
      }
    )
    const subscription = await service.updateGatewaySubscriptions({
      id: sub.id,
      status: "cancelled",
      cancelled_at: new Date(),
      next_deduction_at: null,
    })
    return new StepResponse({ subscription, changed: true })
  }
)

/** Cancels a subscription's recurring contract at the gateway and in the plugin's record. */
export const cancelSubscriptionWorkflow = createWorkflow(
  "gateway-cancel-subscription",
  (input: CancelSubscriptionInput) => {
    return new WorkflowResponse(cancelSubscriptionStep(input))
  }
)
