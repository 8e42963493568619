import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { auditedOperation } from "../common/audited-call"
import { gatewayModule, newRequestId, RecordActionInput } from "../common/operation-context"
import { syncGroupOr } from "./steps/sync-group"

/**
 * `/group/close` (audited). Closing is final at the gateway, so there is nothing to undo; the mirror is then
 * re-read. If that read fails, the group is marked closed from what the gateway confirmed.
 */
const closeGroupStep = createStep("gateway-close-group", async (input: RecordActionInput, { container }) => {
  const service = gatewayModule(container)
  const group = await service.retrieveGatewayCardGroup(input.id)
  const request_id = newRequestId("group_close")
  await auditedOperation(
    container,
    { operation: "group.close", actor: input.actor, target_id: group.id, request_id },
    () => service.issuing().group.close({ request_id, group_id: group.gateway_group_id })
  )
  return new StepResponse(
    await syncGroupOr(container, group.gateway_group_id, input.actor, () =>
      service.updateGatewayCardGroups({ id: group.id, status: "closed" })
    )
  )
})

/** Closes a card group at the gateway and in the mirror. */
export const closeGroupWorkflow = createWorkflow("gateway-close-group", (input: RecordActionInput) => {
  return new WorkflowResponse(closeGroupStep(input))
})
