import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { OperationActor } from "../common/operation-context"
import { createCardMutationStep } from "./steps/card-mutation"
import { cardAmount } from "./steps/load-card"
import { syncCardStep } from "./steps/sync-card"
import { refreshGroupBalanceStep } from "./steps/sync-group"

export interface CardAmountInput {
  id: string
  amount: string
  actor?: OperationActor | null
}

/** Recharge from the group (`/card/charge`); undone by withdrawing the same amount back to the group. */
const rechargeCardStep = createCardMutationStep("gateway-recharge-card", {
  operation: "card.recharge",
  prepare: (card, input) => ({ amount: cardAmount(input.amount as string, card.currency, "amount", "card.recharge"), currency: card.currency }),
  send: (client, card, p, request_id) => client.card.charge({ request_id, card_id: card.gateway_card_id, charge_amount: p.amount }),
  undo: (client, card, p, request_id) => client.card.refund({ request_id, card_id: card.gateway_card_id, refund_amount: p.amount }),
  details: (p) => ({ amount: p.amount, currency: p.currency }),
})

/** Recharges a card from its group, then re-reads the card and the group's balance. */
export const rechargeCardWorkflow = createWorkflow("gateway-recharge-card", (input: CardAmountInput) => {
  const done = rechargeCardStep(input as never)
  const card = syncCardStep(transform({ done, input }, ({ done, input }) => ({ id: done.id, actor: input.actor ?? null })))
  refreshGroupBalanceStep(transform({ done, input }, ({ done, input }) => ({ gateway_group_id: done.gateway_group_id, actor: input.actor ?? null })))
  return new WorkflowResponse(card)
})
