/**
 * The `Idempotency-Key` of the admin routes that move money (POST /admin/gateway/payouts,
 * /cards/:id/recharge, /cards/:id/withdraw, /groups/:id/refund, and the creations that fund what they make:
 * /cards, /groups). The client makes one key per payout, transfer or creation it means (a UUID), sends it
 * with every try of that request, and a new one for the next: a repeat
 * with the same key and body is answered from the first request's record and never sent to the gateway again
 * (src/workflows/common/idempotency.ts decides). The key is required: without it a retried click, a second tab
 * or a script's retry would pay twice.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import {
  checkRepeat,
  fingerprintOf,
  IDEMPOTENCY_KEY_RULE,
  IdempotentRequest,
  KeyHolder,
  keyHolder,
  unknownOutcome,
  unrecordedResult,
} from "../../../workflows/common/idempotency"

export const IDEMPOTENCY_HEADER = "Idempotency-Key"

const invalid = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: ${message}`)

/**
 * The request's key and fingerprint (`operation` on `target` with `body`). For payouts the body's `request_id`
 * is the same key under its gateway name: either may carry it; when both are sent they must be equal.
 */
export function idempotentRequestOf(
  req: AuthenticatedMedusaRequest<unknown>,
  operation: string,
  target: string | null,
  body: unknown,
  bodyKey?: string
): IdempotentRequest {
  const header = req.get(IDEMPOTENCY_HEADER)
  if (header !== undefined && !IDEMPOTENCY_KEY_RULE.test(header)) {
    throw invalid(
      `header ${IDEMPOTENCY_HEADER} must be 1-64 letters, digits or _ . : - (a UUID, new for each ${operation})`
    )
  }
  if (header !== undefined && bodyKey !== undefined && header !== bodyKey) {
    throw invalid(`request_id must equal the ${IDEMPOTENCY_HEADER} header (or be left out): both name the one payout`)
  }
  const key = header ?? bodyKey
  if (key === undefined) {
    throw invalid(
      `header ${IDEMPOTENCY_HEADER} is required: a new key (e.g. a UUID) for each ${operation}, sent again unchanged when the same request is retried`
    )
  }
  return { key, fingerprint: fingerprintOf(operation, target, body) }
}

/**
 * Runs a money-moving request once per key and sends its answer. A repeat is answered by `answer` from the
 * records of the first request (the holder's target, or what a creation made), without a request to the
 * gateway: 422 when its body differs, 409 while the first is in flight. With `lostAnswerIsRefused`, a first
 * request whose gateway answer was lost is not answered as done (409 saying what to check); a payout answers its
 * UNKNOWN record, as its first request did. When `answer` finds nothing recorded (null), a 409 says what to
 * check. A 409 keeps its own message (Medusa's error handler would replace it with a generic one).
 */
export async function respondOnce<A>(
  req: AuthenticatedMedusaRequest<unknown>,
  res: MedusaResponse<A>,
  request: IdempotentRequest,
  handlers: { run: () => Promise<A>; answer: (holder: KeyHolder) => Promise<A | null>; lostAnswerIsRefused: boolean }
): Promise<void> {
  try {
    const holder = await keyHolder(req.scope, request.key)
    if (!holder) {
      res.json(await handlers.run())
      return
    }
    checkRepeat(holder, request)
    if (handlers.lostAnswerIsRefused && holder.result === "unknown") throw unknownOutcome(holder, request)
    const answer = await handlers.answer(holder)
    if (answer === null)
      throw holder.result === "unknown" ? unknownOutcome(holder, request) : unrecordedResult(holder, request)
    res.json(answer)
  } catch (e) {
    // A workflow rethrows its step's error, maybe as a copy: read its type and message, not its class.
    const error = e as { type?: string; message?: string } | null
    if (error?.type !== MedusaError.Types.CONFLICT) throw e
    ;(res as MedusaResponse)
      .status(409)
      .json({ type: "conflict", code: "idempotency_conflict", message: String(error.message) })
  }
}
