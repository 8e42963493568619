import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createCardMutationStep } from "./steps/card-mutation"
import { cardAmount } from "./steps/load-card"
import { syncCardStep } from "./steps/sync-card"
import { refreshGroupBalanceStep } from "./steps/sync-group"
import type { CardAmountInput } from "./recharge-card"

/** Withdraw to the group's account (`/card/refund`); undone by recharging the same amount. */
const withdrawCardStep = createCardMutationStep("gateway-withdraw-card", {
  operation: "card.withdraw",
  prepare: (card, input) => ({ amount: cardAmount(input.amount as string, card.currency, "amount", "card.withdraw"), currency: card.currency }),
  send: (client, card, p, request_id) => client.card.refund({ request_id, card_id: card.gateway_card_id, refund_amount: p.amount }),
  undo: (client, card, p, request_id) => client.card.charge({ request_id, card_id: card.gateway_card_id, charge_amount: p.amount }),
  details: (p) => ({ amount: p.amount, currency: p.currency }),
})

/** Withdraws from a card back to its group's account, then re-reads the card and the group's balance. */
export const withdrawCardWorkflow = createWorkflow("gateway-withdraw-card", (input: CardAmountInput) => {
  const done = withdrawCardStep(input as never)
  const card = syncCardStep(transform({ done, input }, ({ done, input }) => ({ id: done.id, actor: input.actor ?? null })))
  refreshGroupBalanceStep(transform({ done, input }, ({ done, input }) => ({ gateway_group_id: done.gateway_group_id, actor: input.actor ?? null })))
  return new WorkflowResponse(card)
})
