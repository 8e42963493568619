import { model } from "@medusajs/framework/utils"

/**
 * One deduction the gateway made for a subscription (a transaction of its own), recorded once: the transaction
 * id is unique, so a repeated or late notification and the sync never record it twice.
 */
export const GatewaySubscriptionDeduction = model.define("gateway_subscription_deduction", {
  id: model.id({ prefix: "gwsubd" }).primaryKey(),
  subscription_id: model.text().index(),
  transaction_id: model.text().unique(),
  amount: model.text(),
  currency: model.text(),
  payment_status: model.text().nullable(),
  /** approved: the money was taken; declined: the gateway tried and failed. */
  outcome: model.enum(["approved", "declined"]),
  deducted_at: model.dateTime(),
})
