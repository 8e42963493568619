import { randomUUID } from "node:crypto"
import type { MedusaContainer } from "@medusajs/framework/types"
import { GATEWAY_MODULE } from "../../modules/gateway"
import type GatewayModuleService from "../../modules/gateway/service"

/**
 * Who asked for an operation: an admin user, an admin secret API key (a script), a customer (their own
 * subscription), the gateway (a notification) or the system (a job).
 */
export interface OperationActor {
  type: "user" | "api-key" | "customer" | "gateway" | "system" | "other"
  id?: string | null
}

/** The input of a workflow or step acting on one record: its id, and who asked. */
export type RecordActionInput = { id: string; actor?: OperationActor | null }

/**
 * A new request id for one gateway operation, e.g. `card_recharge_1f0c...` (≤ 64 characters, the gateway's
 * limit). The same id is sent on every retry of that operation and written to its audit row, so the gateway
 * and staff can tell a retried request from a new one.
 */
export function newRequestId(operation: string): string {
  return `${operation.replace(/[^a-z0-9]+/gi, "_")}_${randomUUID().replace(/-/g, "")}`.slice(0, 64)
}

export function gatewayModule(
  container: MedusaContainer | { resolve: MedusaContainer["resolve"] }
): GatewayModuleService {
  return container.resolve<GatewayModuleService>(GATEWAY_MODULE)
}
