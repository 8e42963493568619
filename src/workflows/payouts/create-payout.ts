import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { type CreatePayoutInput, preparePayoutStep } from "./prepare-payout"
import { createPayoutRecordStep, recordPayoutAnswerStep, sendPayoutStep } from "./steps"

export type { CreatePayoutInput }

/**
 * Pays a beneficiary: record (PENDING) → send `/v1/payout` → record the answer (PROCESSING, or already final).
 * A refusal leaves no record (the compensation removes the PENDING one) and answers the gateway's code and
 * message; a lost answer leaves the payout UNKNOWN for a refresh; notifications finish it later.
 */
export const createPayoutWorkflow = createWorkflow("gateway-create-payout", (input: CreatePayoutInput) => {
  const prepared = preparePayoutStep(input)
  const record = createPayoutRecordStep(prepared)
  const sendInput = transform({ record, input }, ({ record, input }) => ({
    payout: record as unknown as Parameters<typeof sendPayoutStep>[0]["payout"],
    actor: input.actor ?? null,
    idempotency: input.idempotency ?? null,
  }))
  const answer = sendPayoutStep(sendInput)
  const payout = recordPayoutAnswerStep(answer)
  return new WorkflowResponse(payout)
})
