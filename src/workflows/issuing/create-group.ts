import { MedusaError } from "@medusajs/framework/utils"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { auditedOperation, reqNoOf } from "../common/audited-call"
import type { KeyedActionInput } from "../common/idempotency"
import { gatewayModule, newRequestId } from "../common/operation-context"
import { currencyAmount } from "./steps/load-card"
import { syncGroupOr } from "./steps/sync-group"

export interface CreateGroupInput extends KeyedActionInput {
  name: string
  country_code: string
  currency: string
  /** The group's first funding from the company's account, in `currency`. */
  charge_amount: string
}

/**
 * The amount is written with the currency's decimals ("500.5" → "500.50"; more decimals: 400 naming
 * `charge_amount`), then `/group/create` (audited as group.create), then the new group is read back into the
 * mirror. A group cannot be un-created, so there is nothing to compensate; if the read-back fails, the mirror
 * is written from what was asked and the gateway's group id (the next refresh corrects the balance). The audit
 * row holds the client's key, with the gateway's group id a repeat is answered from.
 */
const createGroupStep = createStep("gateway-create-group", async (input: CreateGroupInput, { container }) => {
  const service = gatewayModule(container)
  const charge_amount = currencyAmount(input.charge_amount, input.currency, "charge_amount", "group.create")
  const request_id = newRequestId("group_create")
  const result = await auditedOperation(
    container,
    {
      operation: "group.create",
      actor: input.actor,
      request_id,
      details: { name: input.name, currency: input.currency, charge_amount },
      idempotency: input.idempotency ?? null,
    },
    () =>
      service.issuing().group.create({
        request_id,
        group_name: input.name,
        country_code: input.country_code,
        currency: input.currency,
        charge_amount,
      }),
    (r) => ({ ...reqNoOf(r), details: { gateway_group_id: r.groupId ?? null } })
  )
  const gatewayGroupId = result.groupId ? String(result.groupId) : null
  if (!gatewayGroupId) {
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      "group.create: the gateway created the group but did not say its id; track it by its id once you know it"
    )
  }
  return new StepResponse(
    await syncGroupOr(container, gatewayGroupId, input.actor, () =>
      service.createGatewayCardGroups({
        gateway_group_id: gatewayGroupId,
        name: input.name,
        currency: input.currency,
        country_code: input.country_code,
        balance: charge_amount,
        status: "active",
      })
    )
  )
})

/** Creates a card group at the gateway, funded with `charge_amount`, and records it. */
export const createGroupWorkflow = createWorkflow("gateway-create-group", (input: CreateGroupInput) => {
  return new WorkflowResponse(createGroupStep(input))
})
