import { cardTransferWorkflow } from "./card-transfer"

export type { CardAmountInput } from "./card-transfer"

/** Recharges a card from its group (`/card/charge`); undone by withdrawing the same amount back to the group. */
export const rechargeCardWorkflow = cardTransferWorkflow("gateway-recharge-card", "card.recharge", "charge")
