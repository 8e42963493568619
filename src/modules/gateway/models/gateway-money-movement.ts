import { model } from "@medusajs/framework/utils"

/**
 * Money the provider booked: a capture, a refund or a chargeback, each once (its Medusa capture or refund id, or
 * the chargeback's id), counted on the day it was first recorded (src/domain/payment-attempts.ts).
 */
export const GatewayMoneyMovement = model
  .define("gateway_money_movement", {
    id: model.id({ prefix: "gwmov" }).primaryKey(),
    /** capture | refund | chargeback */
    kind: model.text(),
    reference: model.text(),
    order_no: model.text().index(),
    attempt_id: model.text().nullable(),
    transaction_id: model.text().nullable(),
    method: model.text(),
    currency: model.text(),
    card_brand: model.text().nullable(),
    /** Decimal text in the currency's decimals. */
    amount: model.text(),
    /** captured, booked; a refund's pending, refunded, failed or unknown (counted unless failed or unknown). */
    status: model.text(),
    occurred_at: model.dateTime(),
  })
  .indexes([{ on: ["kind", "reference"], unique: true }])
