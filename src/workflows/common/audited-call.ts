import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { redact } from "../../lib/gateway"
import { describeFailure, toMedusaError } from "../../domain"
import { IdempotentRequest, keyHolder, lostRace } from "./idempotency"
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
  /** The client's key of a money-moving request: the row holds it (./idempotency.ts). */
  idempotency?: IdempotentRequest | null
}

export interface AuditOutcome {
  result: "succeeded" | "failed" | "unknown" | "partial"
  gateway_req_no?: string | number | null
  error_code?: string | null
  error_message?: string | null
  details?: Record<string, unknown> | null
}

/** An audit row written before its operation is sent; `finish` records the outcome. */
export interface StartedAudit {
  id: string
  operation: string
  finish(outcome: AuditOutcome): Promise<void>
}

/** Logs an error for staff, redacted like every text the plugin keeps (e.g. an undo that failed: check the gateway). */
export const logError = (container: Container, message: string) =>
  container.resolve<{ error(m: string): void }>("logger").error(String(redact(message)))

const auditDetails = (entry: AuditEntry, outcome?: AuditOutcome) =>
  (redact({ ...(entry.details ?? {}), ...(outcome?.details ?? {}) }) as Record<string, unknown>) ?? null

const outcomeFields = (outcome: AuditOutcome) => ({
  result: outcome.result,
  gateway_req_no:
    outcome.gateway_req_no === null || outcome.gateway_req_no === undefined ? null : String(outcome.gateway_req_no),
  error_code: outcome.error_code ?? null,
  error_message: outcome.error_message ?? null,
})

const rowOf = (entry: AuditEntry) => ({
  operation: entry.operation,
  actor_type: entry.actor?.type ?? "system",
  actor_id: entry.actor?.id ?? null,
  target_id: entry.target_id ?? null,
  request_id: entry.request_id ?? null,
})

/**
 * Writes the operation's audit row ("attempted") before anything is sent. Fails closed: when the row cannot be
 * written the operation is refused, so nothing reaches the gateway unaudited. With a key, the row claims it:
 * a key another request holds is answered by ./idempotency.ts (409 in flight, 422 another body).
 */
export async function startAudit(container: Container, entry: AuditEntry): Promise<StartedAudit> {
  const service = gatewayModule(container)
  let id: string
  try {
    const row = await service.createGatewayOperationAudits({
      ...rowOf(entry),
      idempotency_key: entry.idempotency?.key ?? null,
      request_hash: entry.idempotency?.fingerprint ?? null,
      result: "attempted",
      details: auditDetails(entry),
    })
    id = row.id
  } catch (e) {
    if (entry.idempotency) {
      // Taken meanwhile by a request with the same key that got there first.
      const holder = await keyHolder(container, entry.idempotency.key).catch(() => null)
      if (holder) throw lostRace(holder, entry.idempotency)
    }
    logError(
      container,
      `gateway audit: could not record ${entry.operation} (request_id ${entry.request_id ?? "-"}): ${(e as Error).message}`
    )
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `${entry.operation} was not sent: its audit row could not be written (the server's log says why). Nothing was changed at the gateway.`,
      "audit_failed"
    )
  }
  return {
    id,
    operation: entry.operation,
    async finish(outcome) {
      // The gateway acted (or may have): a failure to record it is logged, it cannot undo what happened. The
      // row then stays "attempted", which says as much.
      try {
        await service.updateGatewayOperationAudits({
          id,
          ...outcomeFields(outcome),
          details: auditDetails(entry, outcome),
        })
      } catch (e) {
        logError(
          container,
          `gateway audit: could not record the outcome (${outcome.result}) of ${entry.operation} ${id}: ${(e as Error).message}`
        )
      }
    },
  }
}

/**
 * Writes one finished audit row (an event that sends nothing: a notification applied, a sync's correction).
 * Never throws: an audit failure is logged, it does not undo what happened.
 */
export async function writeAudit(container: Container, entry: AuditEntry, outcome: AuditOutcome): Promise<void> {
  try {
    await gatewayModule(container).createGatewayOperationAudits({
      ...rowOf(entry),
      ...outcomeFields(outcome),
      details: auditDetails(entry, outcome),
    })
  } catch (e) {
    logError(
      container,
      `gateway audit: could not record ${entry.operation} (request_id ${entry.request_id ?? "-"}): ${(e as Error).message}`
    )
  }
}

/**
 * Sends one operation to the gateway and audits it: the row is written before the call (refused when it cannot
 * be), then completed with success and the gateway's request number, refusal with its code and English message,
 * or an unknown outcome. A failure is rethrown as a MedusaError carrying the gateway's code.
 */
export async function auditedGatewayCall<T>(
  container: Container,
  entry: AuditEntry,
  call: () => Promise<T>,
  summarise: (result: T) => Partial<AuditOutcome> = () => ({})
): Promise<T> {
  return runAudited(await startAudit(container, entry), call, summarise)
}

/** Sends the operation of an audit row already written (`startAudit`) and records its outcome. */
export async function runAudited<T>(
  audit: StartedAudit,
  call: () => Promise<T>,
  summarise: (result: T) => Partial<AuditOutcome> = () => ({})
): Promise<T> {
  let result: T
  try {
    result = await call()
  } catch (err) {
    const f = describeFailure(err, audit.operation)
    await audit.finish({ result: f.result, error_code: f.code, error_message: f.message })
    throw toMedusaError(err, audit.operation)
  }
  await audit.finish({ result: "succeeded", ...summarise(result) })
  return result
}

/** The gateway's request number of an operation result, for the audit row. */
export const reqNoOf = (r: { reqNo?: number | null } | null | undefined) => ({ gateway_req_no: r?.reqNo ?? null })

/**
 * Issuing mutations answer code 0 with an operation result whose `status` is "1" when done; anything else is
 * a refusal carried in `errorMsg`. Call inside the audited call so the refusal is audited as one.
 */
export function assertOperationDone<R extends { ok: boolean; status: string; errorMsg?: string | null }>(
  operation: string,
  result: R
): R {
  if (!result.ok) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `The gateway did not complete ${operation} (status ${result.status}): ${result.errorMsg || "no reason given"}`,
      "operation_refused"
    )
  }
  return result
}

/**
 * An issuing mutation sent and audited (auditedGatewayCall), with the refusal its answer may carry thrown inside
 * the call (assertOperationDone), so the row records it as one. The row keeps the gateway's request number
 * unless `summarise` says more.
 */
export function auditedOperation<
  R extends { ok: boolean; status: string; errorMsg?: string | null; reqNo?: number | null },
>(
  container: Container,
  entry: AuditEntry,
  send: () => Promise<R>,
  summarise: (result: R) => Partial<AuditOutcome> = reqNoOf
): Promise<R> {
  return auditedGatewayCall(container, entry, async () => assertOperationDone(entry.operation, await send()), summarise)
}
