import { createWorkflow, transform, WorkflowData, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { IssuingClient } from "../../lib/gateway"
import type { KeyedActionInput } from "../common/idempotency"
import type { OperationActor } from "../common/operation-context"
import { createCardMutationStep } from "./steps/card-mutation"
import { currencyAmount } from "./steps/load-card"
import { syncCardStep } from "./steps/sync-card"
import { refreshGroupBalanceStep } from "./steps/sync-group"

export interface CardAmountInput extends KeyedActionInput {
  id: string
  amount: string
}

/** Moves money between a card and its group: into the card (`/card/charge`) or back to the group (`/card/refund`). */
const move = {
  charge: (client: IssuingClient, request_id: string, card_id: string, amount: string) =>
    client.card.charge({ request_id, card_id, charge_amount: amount }),
  refund: (client: IssuingClient, request_id: string, card_id: string, amount: string) =>
    client.card.refund({ request_id, card_id, refund_amount: amount }),
}

/**
 * A transfer between a card and its group, undone by the opposite transfer of the same amount; then the card
 * and the group's balance are read again.
 */
export function cardTransferWorkflow(
  name: string,
  operation: "card.recharge" | "card.withdraw",
  send: keyof typeof move
) {
  const undo = send === "charge" ? "refund" : "charge"
  const step = createCardMutationStep(name, {
    operation,
    prepare: (card, input) => ({
      amount: currencyAmount(input.amount as string, card.currency, "amount", operation),
      currency: card.currency,
    }),
    send: (client, card, p, request_id) => move[send](client, request_id, card.gateway_card_id, p.amount),
    undo: (client, card, p, request_id) => move[undo](client, request_id, card.gateway_card_id, p.amount),
    details: (p) => ({ amount: p.amount, currency: p.currency }),
  })
  return createWorkflow(name, (input: CardAmountInput) => {
    const done = step(input as never)
    return new WorkflowResponse(resyncCardAndGroup(done, input))
  })
}

/**
 * In a workflow, after money moved between a card and its group (a transfer, or a close returning the balance):
 * re-reads the card and the group's balance, and answers the card.
 */
export function resyncCardAndGroup(
  done: WorkflowData<{ id: string; gateway_group_id: string }>,
  input: { actor?: OperationActor | null }
) {
  const card = syncCardStep(
    transform({ done, input }, ({ done, input }) => ({ id: done.id, actor: input.actor ?? null }))
  )
  refreshGroupBalanceStep(
    transform({ done, input }, ({ done, input }) => ({
      gateway_group_id: done.gateway_group_id,
      actor: input.actor ?? null,
    }))
  )
  return card
}
