import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { RecordActionInput } from "../common/operation-context"
import { resyncCardAndGroup } from "./card-transfer"
import { createCardMutationStep } from "./steps/card-mutation"

/** `/card/close`: final at the gateway (a closed card refuses every change), so there is no undo. */
const closeCardStep = createCardMutationStep("gateway-close-card", {
  operation: "card.close",
  prepare: () => ({}),
  send: (client, card, _p, request_id) => client.card.close({ request_id, card_id: card.gateway_card_id }),
})

/** Closes a card (its balance returns to the group), then re-reads the card and the group's balance. */
export const closeCardWorkflow = createWorkflow("gateway-close-card", (input: RecordActionInput) => {
  const done = closeCardStep(input)
  return new WorkflowResponse(resyncCardAndGroup(done, input))
})
