import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { assertOperationDone, auditedGatewayCall, reqNoOf } from "../common/audited-call"
import { gatewayModule, newRequestId, OperationActor } from "../common/operation-context"
import { syncGroup } from "./steps/sync-group"

/**
 * `/group/close` (audited). Closing is final at the gateway, so there is nothing to undo; the mirror is then
 * re-read. If that read fails, the group is marked closed from what the gateway confirmed.
 */
const closeGroupStep = createStep(
  "gateway-close-group",
  async (input: { id: string; actor?: OperationActor | null }, { container }) => {
    const service = gatewayModule(container)
    const group = await service.retrieveGatewayCardGroup(input.id)
    const request_id = newRequestId("group_close")
    await auditedGatewayCall(
      container,
      { operation: "group.close", actor: input.actor, target_id: group.id, request_id },
      async () =>
        assertOperationDone(
          "group.close",
          await service.issuing().group.close({ request_id, group_id: group.gateway_group_id })
        ),
      reqNoOf
    )
    try {
      return new StepResponse(await syncGroup(container, group.gateway_group_id, input.actor))
    } catch {
      return new StepResponse(await service.updateGatewayCardGroups({ id: group.id, status: "closed" }))
    }
  }
)

/** Closes a card group at the gateway and in the mirror. */
export const closeGroupWorkflow = createWorkflow(
  "gateway-close-group",
  (input: { id: string; actor?: OperationActor | null }) => {
    return new WorkflowResponse(closeGroupStep(input))
  }
)
