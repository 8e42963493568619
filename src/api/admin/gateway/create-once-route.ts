import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { IdempotentRequest, KeyHolder } from "../../../workflows/common/idempotency"
import type { OperationActor } from "../../../workflows/common/operation-context"
import { actorOf } from "./actor"
import { idempotentRequestOf, respondOnce } from "./idempotency-key"

/** What the workflow of a creation is given: the body (with the key as `K`, if named), the client's key, who asked. */
export type CreateOnceInput<B, K extends string = never> = Omit<B, K> &
  Record<K, string> & { idempotency: IdempotentRequest; actor: OperationActor }

/**
 * The POST handler of a creation that moves money (cards, a group, a payout), run once per Idempotency-Key
 * (respondOnce): `create` runs the workflow on the body; a repeat is answered by `answer` from what the first
 * request recorded. With `keyField` the body may carry the key under that name too (a payout's `request_id`):
 * it is left out of the fingerprint and given to the workflow as the key.
 */
export function createOnceRoute<B extends object, A, K extends keyof B & string = never>(
  operation: string,
  handlers: {
    lostAnswerIsRefused: boolean
    keyField?: K
    answer: (scope: MedusaContainer, holder: KeyHolder) => Promise<A | null>
    create: (scope: MedusaContainer, input: CreateOnceInput<B, K>) => Promise<A>
  }
) {
  return async (req: AuthenticatedMedusaRequest<B>, res: MedusaResponse<A>) => {
    const { keyField } = handlers
    const body: Record<string, unknown> = { ...(req.validatedBody as Record<string, unknown>) }
    const bodyKey = keyField ? (body[keyField] as string | undefined) : undefined
    if (keyField) delete body[keyField]
    const request = idempotentRequestOf(req, operation, null, body, bodyKey)
    const keyed = keyField ? { [keyField]: request.key } : {}
    const input = { ...body, ...keyed, idempotency: request, actor: actorOf(req) } as CreateOnceInput<B, K>
    await respondOnce(req, res, request, {
      lostAnswerIsRefused: handlers.lostAnswerIsRefused,
      answer: (holder) => handlers.answer(req.scope, holder),
      run: () => handlers.create(req.scope, input),
    })
  }
}
