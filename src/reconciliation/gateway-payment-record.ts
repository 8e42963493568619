/**
 * The plugin's record of a payment (`gateway_payment`, one per order number): what reconciliation last read of
 * it from the gateway, its discrepancy for staff, its review result.
 */
import type { GatewayState } from "../domain"
import { isPaidState } from "../domain"
import type GatewayModuleService from "../modules/gateway/service"

/** Writes `fields` (undefined ones left as they are) on the record of `orderNo`, creating it; its id. */
export async function upsertGatewayPayment(
  service: GatewayModuleService,
  orderNo: string,
  fields: Record<string, unknown>
) {
  const [existing] = await service.listGatewayPayments({ order_no: orderNo })
  const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
  if (existing) {
    await service.updateGatewayPayments({ id: existing.id, ...clean })
    return existing.id
  }
  const created = await service.createGatewayPayments({ order_no: orderNo, ...clean })
  return created.id
}

/** A held payment's review result follows from the gateway's state (never from a notification's unsigned flag). */
export function reviewStatusOf(
  given: string | null | undefined,
  state: GatewayState,
  previous: string | null
): { review_status?: string | null } {
  if (given !== undefined) return { review_status: given }
  if (state === "review") return { review_status: "held" }
  if (previous !== "held") return {}
  if (isPaidState(state)) return { review_status: "approved" }
  if (state === "failed" || state === "canceled") return { review_status: "rejected" }
  return {}
}
