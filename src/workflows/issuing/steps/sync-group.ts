import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { redact } from "../../../lib/gateway"
import { groupFieldsFromRecord } from "../../../modules/gateway/mappers/group"
import { auditedGatewayCall } from "../../common/audited-call"
import { gatewayModule, OperationActor } from "../../common/operation-context"

type Container = Parameters<typeof gatewayModule>[0]

/**
 * Queries a group at the gateway (audited as group.query) and creates or updates its mirror, found by the
 * gateway's group id.
 */
export async function syncGroup(container: Container, gatewayGroupId: string, actor?: OperationActor | null) {
  const service = gatewayModule(container)
  const [existing] = await service.listGatewayCardGroups({ gateway_group_id: gatewayGroupId }, { take: 1 })
  const record = await auditedGatewayCall(
    container,
    { operation: "group.query", actor, target_id: existing?.id ?? null, details: { gateway_group_id: gatewayGroupId } },
    () => service.issuing().group.query({ group_id: gatewayGroupId })
  )
  const fields = { ...groupFieldsFromRecord(record), last_synced_at: new Date() }
  return existing
    ? service.updateGatewayCardGroups({ id: existing.id, ...fields })
    : service.createGatewayCardGroups(fields)
}

/**
 * Reads a group back into the mirror after an operation on it; when that read fails, `fallback` writes what the
 * operation itself confirmed (the next refresh corrects the rest).
 */
export async function syncGroupOr<T>(
  container: Container,
  gatewayGroupId: string,
  actor: OperationActor | null | undefined,
  fallback: () => Promise<T> | T
) {
  try {
    return await syncGroup(container, gatewayGroupId, actor)
  } catch {
    return fallback()
  }
}

/**
 * Refreshes a group's balance after cards moved money in or out of it. Best effort: the money moved at the
 * gateway already, and undoing a card operation because a read failed would be worse than a stale balance
 * (the next refresh corrects it).
 */
export const refreshGroupBalanceStep = createStep(
  "gateway-refresh-group-balance",
  async (input: { gateway_group_id: string; actor?: OperationActor | null }, { container }) => {
    try {
      await syncGroup(container, input.gateway_group_id, input.actor)
    } catch (e) {
      container
        .resolve<{ warn(m: string): void }>("logger")
        .warn(String(redact(`gateway: group ${input.gateway_group_id} balance not refreshed: ${(e as Error).message}`)))
    }
    return new StepResponse(undefined)
  }
)
