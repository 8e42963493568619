import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { RecordActionInput } from "../common/operation-context"
import { syncCardStep } from "./steps/sync-card"

/** Re-reads a card from the gateway (status, balance, limit, type) into the mirror. */
export const refreshCardWorkflow = createWorkflow("gateway-refresh-card", (input: RecordActionInput) => {
  return new WorkflowResponse(syncCardStep(input))
})
