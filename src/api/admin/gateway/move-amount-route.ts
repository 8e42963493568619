import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { IdempotentRequest } from "../../../workflows/common/idempotency"
import type { OperationActor } from "../../../workflows/common/operation-context"
import { actorOf } from "./actor"
import { idempotentRequestOf, respondOnce } from "./idempotency-key"

/** What the workflow moving an amount for a record is given. */
export type AmountMoveInput = { id: string; amount: string; idempotency: IdempotentRequest; actor: OperationActor }

/**
 * The POST handler of a route that moves `amount` for the record `:id` (a card's recharge or withdraw, a group's
 * refund) once per Idempotency-Key, answering `{ [name]: record }`: `move` runs the workflow; a repeat is answered
 * with the record the first request was for (`retrieve`), and one whose gateway answer was lost is refused (409).
 */
export function moveAmountRoute<N extends string, R>(
  operation: string,
  name: N,
  retrieve: (scope: MedusaContainer, id: string) => Promise<R>,
  move: (scope: MedusaContainer, input: AmountMoveInput) => Promise<R>
) {
  return async (req: AuthenticatedMedusaRequest<{ amount: string }>, res: MedusaResponse<Record<N, R>>) => {
    const request = idempotentRequestOf(req, operation, req.params.id, req.validatedBody)
    const answerWith = (record: R) => ({ [name]: record }) as Record<N, R>
    await respondOnce(req, res, request, {
      lostAnswerIsRefused: true,
      answer: async (holder) => (holder.target_id ? answerWith(await retrieve(req.scope, holder.target_id)) : null),
      run: async () => {
        const input = { id: req.params.id, amount: req.validatedBody.amount, idempotency: request, actor: actorOf(req) }
        return answerWith(await move(req.scope, input))
      },
    })
  }
}
