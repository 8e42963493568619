import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { OperationActor } from "../common/operation-context"
import { recordPayoutAnswerStep, resendPayoutStep } from "./steps"

/**
 * Re-reads a payout from the gateway. The acquiring API has no payout query: re-sending the same request_id is
 * the documented way to read a payout's current state (the gateway returns the first payout, it does not pay
 * twice). This also settles an UNKNOWN payout: it is either found or made exactly once.
 */
export const refreshPayoutWorkflow = createWorkflow("gateway-refresh-payout", (input: { id: string; actor?: OperationActor | null }) => {
  const answer = resendPayoutStep(input)
  return new WorkflowResponse(recordPayoutAnswerStep(answer))
})
