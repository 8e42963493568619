import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { auditedOperation } from "../common/audited-call"
import type { KeyedActionInput } from "../common/idempotency"
import { gatewayModule, newRequestId } from "../common/operation-context"
import { currencyAmount } from "./steps/load-card"
import { syncGroupOr } from "./steps/sync-group"

export interface RefundGroupInput extends KeyedActionInput {
  id: string
  /** What goes back from the group's balance to the company's account, in the group's currency. */
  amount: string
}

/**
 * The amount is checked against the group's currency first (400 naming `amount`, nothing sent or audited);
 * then `/group/refund` (audited as group.refund): money back from the group's balance to the company's account;
 * then the balance is read again. Money that moved is not moved back by a failed read (the mirror keeps its
 * last balance until the next refresh).
 */
const refundGroupStep = createStep("gateway-refund-group", async (input: RefundGroupInput, { container }) => {
  const service = gatewayModule(container)
  const group = await service.retrieveGatewayCardGroup(input.id)
  const amount = currencyAmount(input.amount, group.currency, "amount", "group.refund")
  const request_id = newRequestId("group_refund")
  await auditedOperation(
    container,
    {
      operation: "group.refund",
      actor: input.actor,
      target_id: group.id,
      request_id,
      details: { amount, currency: group.currency },
      idempotency: input.idempotency ?? null,
    },
    () => service.issuing().group.refund({ request_id, group_id: group.gateway_group_id, refund_amount: amount })
  )
  return new StepResponse(await syncGroupOr(container, group.gateway_group_id, input.actor, () => group))
})

/** Refunds part or all of a card group's balance to the company's account. */
export const refundGroupWorkflow = createWorkflow("gateway-refund-group", (input: RefundGroupInput) => {
  return new WorkflowResponse(refundGroupStep(input))
})
