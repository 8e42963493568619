import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { OperationActor } from "../common/operation-context"
import { createCardMutationStep } from "./steps/card-mutation"
import { syncCardStep } from "./steps/sync-card"

export interface UpdateCardStatusInput {
  id: string
  /** Block or activate; closing is its own operation (it cannot be undone). */
  status: "active" | "blocked"
  actor?: OperationActor | null
}

const GATEWAY_STATUS = { active: "1", blocked: "2" } as const

/** `/card/status`; undone by setting the status the card had before. */
const updateCardStatusStep = createCardMutationStep("gateway-update-card-status", {
  operation: "card.status",
  prepare: (card, input) => ({
    to: GATEWAY_STATUS[input.status as "active" | "blocked"],
    // a closed card is refused by the gateway (1004) before any undo could matter
    from: card.status === "blocked" ? GATEWAY_STATUS.blocked : GATEWAY_STATUS.active,
  }),
  send: (client, card, p, request_id) =>
    client.card.status({ request_id, card_id: card.gateway_card_id, status: p.to }),
  undo: (client, card, p, request_id) =>
    client.card.status({ request_id, card_id: card.gateway_card_id, status: p.from }),
  details: (p) => ({ status: p.to === "2" ? "blocked" : "active" }),
})

/** Blocks or activates a card, then re-reads it. */
export const updateCardStatusWorkflow = createWorkflow("gateway-update-card-status", (input: UpdateCardStatusInput) => {
  const done = updateCardStatusStep(input as never)
  const card = syncCardStep(
    transform({ done, input }, ({ done, input }) => ({ id: done.id, actor: input.actor ?? null }))
  )
  return new WorkflowResponse(card)
})
