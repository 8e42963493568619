import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { auditedGatewayCall } from "../common/audited-call"
import { gatewayModule, newRequestId, RecordActionInput } from "../common/operation-context"

/**
 * `/cardholder/delete` (audited), then the mirror's record marked deleted (kept: its cards and audit rows
 * refer to it). A deletion cannot be undone at the gateway, so nothing follows it that could fail and
 * call for an undo; the gateway refuses while the cardholder has open cards (1004).
 */
const deleteCardholderStep = createStep(
  "gateway-delete-cardholder",
  async (input: RecordActionInput, { container }) => {
    const service = gatewayModule(container)
    const cardholder = await service.retrieveGatewayCardholder(input.id)
    if (cardholder.status === "deleted") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Cardholder ${cardholder.id} is already deleted`)
    }
    const request_id = newRequestId("cardholder_delete")
    await auditedGatewayCall(
      container,
      { operation: "cardholder.delete", actor: input.actor, target_id: cardholder.id, request_id },
      () => service.issuing().cardholder.delete({ request_id, cardholderId: cardholder.gateway_cardholder_id })
    )
    return new StepResponse(
      await service.updateGatewayCardholders({ id: cardholder.id, status: "deleted", last_synced_at: new Date() })
    )
  }
)

/** Deletes a cardholder at the gateway and marks it deleted in the mirror. */
export const deleteCardholderWorkflow = createWorkflow("gateway-delete-cardholder", (input: RecordActionInput) => {
  return new WorkflowResponse(deleteCardholderStep(input))
})
