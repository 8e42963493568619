import { createWorkflow, transform, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { createCardMutationStep } from "./steps/card-mutation"
import { currencyAmount } from "./steps/load-card"
import { syncCardStep } from "./steps/sync-card"
import type { CardAmountInput } from "./card-transfer"

/**
 * `/card/update` (shared cards only; the gateway refuses others with 1004). Undone by setting the limit the
 * mirror knew before, when it knew one.
 */
const updateCardLimitStep = createCardMutationStep("gateway-update-card-limit", {
  operation: "card.limit",
  prepare: (card, input) => ({
    amount: currencyAmount(input.amount as string, card.currency, "amount", "card.limit"),
    previous: card.amount_limit,
    currency: card.currency,
  }),
  send: (client, card, p, request_id) =>
    client.card.update({
      request_id,
      card_id: card.gateway_card_id,
      authLimitAmount: p.amount,
      updateCurrency: p.currency,
    }),
  undo: async (client, card, p, request_id) =>
    p.previous
      ? client.card.update({
          request_id,
          card_id: card.gateway_card_id,
          authLimitAmount: p.previous,
          updateCurrency: p.currency,
        })
      : { status: "1", ok: true, reqNo: null, errorMsg: null, groupId: null },
  details: (p) => ({ amount: p.amount, previous: p.previous, currency: p.currency }),
})

/** Changes the limit of a shared card, then re-reads it. */
export const updateCardLimitWorkflow = createWorkflow("gateway-update-card-limit", (input: CardAmountInput) => {
  const done = updateCardLimitStep(input as never)
  const card = syncCardStep(
    transform({ done, input }, ({ done, input }) => ({ id: done.id, actor: input.actor ?? null }))
  )
  return new WorkflowResponse(card)
})
