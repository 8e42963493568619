import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { redact } from "../../lib/gateway"
import { describeFailure, toMedusaError } from "../../domain"
import { gatewayModule, OperationActor } from "./operation-context"

type Container = { resolve: MedusaContainer["resolve"] }

export interface AuditEntry {
  /** e.g. "card.recharge" */
  operation: string
  actor?: OperationActor | null
  target_id?: string | null
  request_id?: string | null
  /** Ids and amounts only: it is redacted anyway, but card data has no business here. */
  details?: Record<string, unknown> | null
}

export interface AuditOutcome {
  result: "succeeded" | "failed" | "unknown" | "partial"
  gateway_req_no?: string | number | null
  error_code?: string | null
  error_message?: string | null
  details?: Record<string, unknown> | null
}

/** Writes one audit row. Never throws: an audit failure is logged, it does not undo what the gateway did. */
export async function writeAudit(container: Container, entry: AuditEntry, outcome: AuditOutcome): Promise<void> {
  try {
    await gatewayModule(container).createGatewayOperationAudits({
      operation: entry.operation,
      actor_type: entry.actor?.type ?? "system",
      actor_id: entry.actor?.id ?? null,
      target_id: entry.target_id ?? null,
      request_id: entry.request_id ?? null,
      gateway_req_no: outcome.gateway_req_no === null || outcome.gateway_req_no === undefined ? null : String(outcome.gateway_req_no),
      result: outcome.result,
      error_code: outcome.error_code ?? null,
      error_message: outcome.error_message ?? null,
      details: (redact({ ...(entry.details ?? {}), ...(outcome.details ?? {}) }) as Record<string, unknown>) ?? null,
    })
  } catch (e) {
    const logger = container.resolve<{ error(m: string): void }>("logger")
    logger.error(String(redact(`gateway audit: could not record ${entry.operation} (request_id ${entry.request_id ?? "-"}): ${(e as Error).message}`)))
  }
}

/**
 * Sends one operation to the gateway and audits it, whatever happens: success with the gateway's request
 * number, refusal with its code and English message, or an unknown outcome. A failure is rethrown as a
 * MedusaError carrying the gateway's code.
 */
export async function auditedGatewayCall<T>(
  container: Container,
  entry: AuditEntry,
  call: () => Promise<T>,
  summarise: (result: T) => Partial<AuditOutcome> = () => ({})
): Promise<T> {
  let result: T
  try {
    result = await call()
  } catch (err) {
    const f = describeFailure(err, entry.operation)
    await writeAudit(container, entry, { result: f.result, error_code: f.code, error_message: f.message })
    throw toMedusaError(err, entry.operation)
  }
  await writeAudit(container, entry, { result: "succeeded", ...summarise(result) })
  return result
}

/** The gateway's request number of an operation result, for the audit row. */
export const reqNoOf = (r: { reqNo?: number | null } | null | undefined) => ({ gateway_req_no: r?.reqNo ?? null })

/**
 * Issuing mutations answer code 0 with an operation result whose `status` is "1" when done; anything else is
 * a refusal carried in `errorMsg`. Call inside the audited call so the refusal is audited as one.
 */
export function assertOperationDone<R extends { ok: boolean; status: string; errorMsg?: string | null }>(operation: string, result: R): R {
  if (!result.ok) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The gateway did not complete ${operation} (status ${result.status}): ${result.errorMsg || "no reason given"}`,
      "operation_refused"
    )
  }
  return result
}
