import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { IssuingClient, OperationResult } from "../../../lib/gateway"
import { auditedOperation, logError } from "../../common/audited-call"
import { IdempotentRequest, markUndone } from "../../common/idempotency"
import { gatewayModule, newRequestId, OperationActor } from "../../common/operation-context"
import { loadCard } from "./load-card"

export type MirrorCard = Awaited<ReturnType<typeof loadCard>>

export interface CardMutationInput {
  id: string
  actor?: OperationActor | null
  /** The admin client's key of a money-moving request: the audit row holds it (common/idempotency.ts). */
  idempotency?: IdempotentRequest | null
  [param: string]: unknown
}

export interface CardMutation<P> {
  /** Audit name, e.g. "card.recharge". */
  operation: string
  /** Checks and normalises the request's parameters against the card (e.g. the amount's exponent). */
  prepare(card: MirrorCard, input: CardMutationInput): P
  send(client: IssuingClient, card: MirrorCard, params: P, requestId: string): Promise<OperationResult>
  /** The opposite operation, sent when a later step fails after the gateway acted; absent when none exists. */
  undo?: (client: IssuingClient, card: MirrorCard, params: P, requestId: string) => Promise<OperationResult>
  details?: (params: P) => Record<string, unknown>
}

/**
 * A step that sends one card operation (audited, with a fresh request_id; with the client's key when it moves
 * money). Its compensation sends the opposite operation, so that a failure afterwards (re-reading or recording
 * the card) leaves the gateway as it was, and frees the key. A failed undo is audited and logged for staff: it
 * cannot be retried blindly, and the key stays held.
 */
export function createCardMutationStep<P>(name: string, mutation: CardMutation<P>) {
  return createStep(
    name,
    async (input: CardMutationInput, { container }) => {
      const service = gatewayModule(container)
      const card = await loadCard(container, input.id)
      const params = mutation.prepare(card, input)
      const requestId = newRequestId(mutation.operation)
      await auditedOperation(
        container,
        {
          operation: mutation.operation,
          actor: input.actor,
          target_id: card.id,
          request_id: requestId,
          details: mutation.details?.(params) ?? null,
          idempotency: input.idempotency ?? null,
        },
        () => mutation.send(service.issuing(), card, params, requestId)
      )
      return new StepResponse(
        { id: card.id, gateway_group_id: card.gateway_group_id },
        { card, params, actor: input.actor ?? null, key: input.idempotency?.key ?? null }
      )
    },
    async (done, { container }) => {
      if (!done || !mutation.undo) return
      const undo = mutation.undo
      const operation = `${mutation.operation}.undo`
      const requestId = newRequestId(operation)
      try {
        await auditedOperation(
          container,
          {
            operation,
            actor: done.actor,
            target_id: done.card.id,
            request_id: requestId,
            details: mutation.details?.(done.params) ?? null,
          },
          () => undo(gatewayModule(container).issuing(), done.card, done.params, requestId)
        )
        // Nothing moved in the end: the client's key may start the request again.
        if (done.key) await markUndone(container, done.key)
      } catch (e) {
        logError(
          container,
          `gateway: could not undo ${mutation.operation} on card ${done.card.id}; check it at the gateway: ${(e as Error).message}`
        )
      }
    }
  )
}
