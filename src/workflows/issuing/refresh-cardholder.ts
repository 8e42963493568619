import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { cardholderFieldsFromRecord } from "../../modules/gateway/mappers/cardholder"
import { auditedGatewayCall } from "../common/audited-call"
import { gatewayModule, newRequestId, RecordActionInput } from "../common/operation-context"

/** `/cardholder/query` (audited) and the mirror updated with the answer. A query: nothing to compensate. */
const syncCardholderStep = createStep("gateway-sync-cardholder", async (input: RecordActionInput, { container }) => {
  const service = gatewayModule(container)
  const cardholder = await service.retrieveGatewayCardholder(input.id)
  const request_id = newRequestId("cardholder_query")
  const record = await auditedGatewayCall(
    container,
    { operation: "cardholder.query", actor: input.actor, target_id: cardholder.id, request_id },
    () => service.issuing().cardholder.query({ request_id, cardholderId: cardholder.gateway_cardholder_id })
  )
  return new StepResponse(
    await service.updateGatewayCardholders({
      id: cardholder.id,
      ...cardholderFieldsFromRecord(record),
      last_synced_at: new Date(),
    })
  )
})

/** Re-reads a cardholder from the gateway into the mirror. */
export const refreshCardholderWorkflow = createWorkflow("gateway-refresh-cardholder", (input: RecordActionInput) => {
  return new WorkflowResponse(syncCardholderStep(input))
})
