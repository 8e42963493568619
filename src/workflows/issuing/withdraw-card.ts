import { cardTransferWorkflow } from "./card-transfer"

/** Withdraws from a card back to its group's account (`/card/refund`); undone by recharging the same amount. */
export const withdrawCardWorkflow = cardTransferWorkflow("gateway-withdraw-card", "card.withdraw", "refund")
