import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { RecordActionInput } from "../common/operation-context"
import { recordPayoutAnswerStep, resendPayoutStep } from "./steps"

/**
 * Re-reads a payout from the gateway. The acquiring API has no payout query: the only way to read a payout's
 * current state is to re-send its request under the same request_id, which returns the first payout and pays
 * nothing more only if the gateway de-duplicates request_id [assumed] (docs/gateway-contract.md). On that
 * assumption it also settles an UNKNOWN payout: found, or made once. A final payout (COMPLETED or FAILED) is
 * refused before anything is sent (resendPayoutStep): a FAILED one re-sent could be paid while its record stays
 * FAILED.
 */
export const refreshPayoutWorkflow = createWorkflow("gateway-refresh-payout", (input: RecordActionInput) => {
  const answer = resendPayoutStep(input)
  return new WorkflowResponse(recordPayoutAnswerStep(answer))
})
