import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { CardholderCreateRequest } from "../../lib/gateway"
import { cardholderFieldsFromRecord } from "../../modules/gateway/mappers/cardholder"
import { auditedGatewayCall, logError } from "../common/audited-call"
import { gatewayModule, newRequestId, OperationActor } from "../common/operation-context"

export interface CreateCardholderInput {
  first_name: string
  last_name: string
  email: string
  birth_date?: string | null
  mobile_prefix?: string | null
  mobile?: string | null
  billing_country?: string | null
  billing_state?: string | null
  billing_city?: string | null
  billing_address?: string | null
  billing_postal?: string | null
  remark?: string | null
  actor?: OperationActor | null
}

type CardholderMirror = ReturnType<typeof cardholderFieldsFromRecord> & { status: "active"; last_synced_at: Date }

/** `/cardholder/create` (audited). Compensation deletes the cardholder at the gateway again. */
const createCardholderAtGatewayStep = createStep(
  "gateway-create-cardholder-at-gateway",
  async (input: CreateCardholderInput, { container }) => {
    const { actor, ...fields } = input
    const request_id = newRequestId("cardholder_create")
    const request: Record<string, string> = { request_id }
    for (const [k, v] of Object.entries(fields)) if (v !== null && v !== undefined && v !== "") request[k] = String(v)
    const record = await auditedGatewayCall(
      container,
      { operation: "cardholder.create", actor, request_id, details: { email: input.email } },
      () =>
        gatewayModule(container)
          .issuing()
          .cardholder.create(request as unknown as CardholderCreateRequest),
      (r) => ({ details: { gateway_cardholder_id: String(r.cardholderId) } })
    )
    const mirror: CardholderMirror = {
      ...cardholderFieldsFromRecord(record),
      status: "active",
      last_synced_at: new Date(),
    }
    return new StepResponse(mirror, { gateway_cardholder_id: mirror.gateway_cardholder_id, actor: actor ?? null })
  },
  async (created, { container }) => {
    if (!created) return
    const request_id = newRequestId("cardholder_create_undo")
    try {
      await auditedGatewayCall(
        container,
        { operation: "cardholder.create.undo", actor: created.actor, request_id, details: created },
        () =>
          gatewayModule(container)
            .issuing()
            .cardholder.delete({ request_id, cardholderId: created.gateway_cardholder_id })
      )
    } catch (e) {
      logError(
        container,
        `gateway: cardholder ${created.gateway_cardholder_id} created but not recorded could not be deleted: ${(e as Error).message}`
      )
    }
  }
)

const recordCardholderStep = createStep(
  "gateway-record-cardholder",
  async (fields: CardholderMirror, { container }) => {
    const created = await gatewayModule(container).createGatewayCardholders(fields)
    return new StepResponse(created, created.id)
  },
  async (id, { container }) => {
    if (id) await gatewayModule(container).deleteGatewayCardholders(id)
  }
)

/** Creates a cardholder at the gateway and records it in the mirror. */
export const createCardholderWorkflow = createWorkflow("gateway-create-cardholder", (input: CreateCardholderInput) => {
  const fields = createCardholderAtGatewayStep(input)
  const cardholder = recordCardholderStep(fields)
  return new WorkflowResponse(cardholder)
})
