/**
 * Idempotency of the money-moving admin requests (payout, card recharge and withdraw, group refund, card and
 * group creation): the one place that decides what a repeated key gets.
 *
 * The client sends a key with each request (`Idempotency-Key`; see src/api/admin/gateway/idempotency-key.ts).
 * The key is held by the operation's audit row, written "attempted" before anything is sent, under a unique
 * index (gateway_operation_audit, `idempotency_key`) that covers every result but failed and undone: while a
 * request may have moved money, its key cannot start another one. So:
 * - a repeat of a finished request is answered from the record (never a second request to the gateway);
 * - a repeat while the first is in flight is a 409;
 * - the same key with another body (or for another operation or record) is a 422;
 * - a key whose request was refused, or undone, is free again (nothing moved): the request runs anew.
 */
import { createHash } from "node:crypto"
import { MedusaError } from "@medusajs/framework/utils"
import { gatewayModule, OperationActor } from "./operation-context"

type Container = Parameters<typeof gatewayModule>[0]

/** A request's key (the client's) and its fingerprint (what it asks for). */
export interface IdempotentRequest {
  key: string
  fingerprint: string
}

/**
 * What the admin route adds to the input of a money-moving workflow: who asked, and the client's key and request
 * fingerprint (the admin API always gives one).
 */
export interface KeyedActionInput {
  actor?: OperationActor | null
  idempotency?: IdempotentRequest | null
}

/** The audit row that holds a key: the first request made with it. */
export interface KeyHolder {
  id: string
  operation: string
  target_id: string | null
  /** The request_id sent to the gateway (what a creation's records carry). */
  request_id: string | null
  result: string
  request_hash: string | null
  /** The audit's redacted summary (ids and amounts: a creation's gateway ids). */
  details?: Record<string, unknown> | null
  created_at: Date | string
  error_message?: string | null
}

/** Keys are sent as the payout's request_id too: the gateway's limit and a safe alphabet. */
export const IDEMPOTENCY_KEY_RULE = /^[A-Za-z0-9_.:-]{1,64}$/

/** JSON with object keys in order, so that the same body gives the same text however it was written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(",")}}`
  }
  return JSON.stringify(value ?? null)
}

/** What a request asks for: the operation, the record it acts on and its (validated) body. */
export function fingerprintOf(operation: string, target: string | null, body: unknown): string {
  return createHash("sha256").update(canonical({ operation, target, body })).digest("hex")
}

/** The row holding `key`, if a request with it may have moved money. */
export async function keyHolder(container: Container, key: string): Promise<KeyHolder | null> {
  const [row] = await gatewayModule(container).listGatewayOperationAudits(
    { idempotency_key: key, result: ["attempted", "succeeded", "unknown", "partial"] },
    {
      take: 1,
      select: [
        "id",
        "operation",
        "target_id",
        "request_id",
        "result",
        "request_hash",
        "created_at",
        "error_message",
        "details",
      ],
    }
  )
  return (row as KeyHolder | undefined) ?? null
}

/**
 * Checks a repeat against the request that holds its key: another body is a 422, a request still in flight a
 * 409; otherwise the holder, whose record answers the repeat.
 */
export function checkRepeat(holder: KeyHolder, request: IdempotentRequest): KeyHolder {
  if (holder.request_hash !== request.fingerprint) {
    throw new MedusaError(
      MedusaError.Types.DUPLICATE_ERROR,
      `Idempotency-Key "${request.key}" was used for another request (${holder.operation}${holder.target_id ? ` of ${holder.target_id}` : ""}, ` +
        `with other values): nothing was sent. Use a new key for a new request; repeat a request only with its own key and body.`
    )
  }
  if (holder.result === "attempted") {
    throw new MedusaError(
      MedusaError.Types.CONFLICT,
      `The request with Idempotency-Key "${request.key}" (${holder.operation}${holder.target_id ? ` of ${holder.target_id}` : ""}, started ` +
        `${new Date(holder.created_at).toISOString()}) has not finished: nothing more was sent. Repeat it later to get its result.`
    )
  }
  return holder
}

/**
 * Two requests with one key at once, the other one first: the same answers as a repeat (422 another body, 409
 * in flight), and a 409 when the other one has finished meanwhile (a repeat then gets its result).
 */
export function lostRace(holder: KeyHolder, request: IdempotentRequest): MedusaError {
  try {
    checkRepeat(holder, request)
  } catch (e) {
    return e as MedusaError
  }
  return new MedusaError(
    MedusaError.Types.CONFLICT,
    `The request with Idempotency-Key "${request.key}" (${holder.operation}) was made at the same time by another request: nothing more was sent. Repeat it to get its result.`
  )
}

/** A repeat of a request whose gateway answer was lost: it is not sent again, and the answer says what to do. */
export function unknownOutcome(holder: KeyHolder, request: IdempotentRequest): MedusaError {
  return new MedusaError(
    MedusaError.Types.CONFLICT,
    `The request with Idempotency-Key "${request.key}" (${holder.operation}${holder.target_id ? ` of ${holder.target_id}` : ""}) reached the ` +
      `gateway but its answer was lost, so its outcome is unknown; it is not sent again. ${checkAdvice(holder)}`
  )
}

/**
 * A repeat of a request the gateway carried out but whose result is not recorded here (recording it failed, and
 * undoing it too): it is not sent again.
 */
export function unrecordedResult(holder: KeyHolder, request: IdempotentRequest): MedusaError {
  return new MedusaError(
    MedusaError.Types.CONFLICT,
    `The request with Idempotency-Key "${request.key}" (${holder.operation}) was carried out by the gateway but what it made is not ` +
      `recorded here; it is not sent again. ${checkAdvice(holder)}`
  )
}

/** What to check before a new request: the record, or for a creation (nothing recorded to refresh) the gateway. */
const checkAdvice = (holder: KeyHolder) =>
  (holder.target_id
    ? "Refresh the record to see whether it took effect"
    : `Check at the gateway whether it took effect (its request_id is ${holder.request_id ?? "in the audit"})`) +
  ", and only if it did not, send a new request with a new key."

/**
 * The key's request was reversed by a compensation (the opposite operation succeeded; every card a creation made,
 * partly or wholly, closed): nothing moved, so the key is free again.
 */
export async function markUndone(container: Container, key: string): Promise<void> {
  const service = gatewayModule(container)
  const held = await service.listGatewayOperationAudits(
    { idempotency_key: key, result: ["succeeded", "partial"] },
    { select: ["id"] }
  )
  if (held.length)
    await service.updateGatewayOperationAudits(held.map((r) => ({ id: r.id, result: "undone" as const })))
}
