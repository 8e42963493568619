import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { OperationActor } from "../common/operation-context"
import { gatewayModule } from "../common/operation-context"
import { syncGroup } from "./steps/sync-group"

export interface RefreshGroupInput {
  /** The mirror's record id (refresh), or */
  id?: string
  /** the gateway's group id (start tracking a group created at the gateway). */
  gateway_group_id?: string
  actor?: OperationActor | null
}

const syncGroupStep = createStep("gateway-sync-group", async (input: RefreshGroupInput, { container }) => {
  let gatewayId = input.gateway_group_id
  if (input.id) gatewayId = (await gatewayModule(container).retrieveGatewayCardGroup(input.id)).gateway_group_id
  if (!gatewayId) throw new MedusaError(MedusaError.Types.INVALID_DATA, `Field "gateway_group_id" is required`)
  return new StepResponse(await syncGroup(container, gatewayId, input.actor))
})

/** Queries a group at the gateway (`/group/query`) and creates or updates its mirror record. */
export const refreshGroupWorkflow = createWorkflow("gateway-refresh-group", (input: RefreshGroupInput) => {
  return new WorkflowResponse(syncGroupStep(input))
})
