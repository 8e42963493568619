import { model } from "@medusajs/framework/utils"

/**
 * One payment attempt (a card post, an APM redirect, a hosted page), written when it is sent and moved forward
 * as its outcome becomes known (src/domain/payment-attempts.ts): what the payments dashboard counts. The id is
 * the session data's `attempt_id`. Never card data: the brand at most.
 */
export const GatewayPaymentAttempt = model
  .define("gateway_payment_attempt", {
    id: model.id({ prefix: "gwatt" }).primaryKey(),
    /** The Medusa payment session id (the gateway's order_no). */
    order_no: model.text().index(),
    transaction_id: model.text().index().nullable(),
    /** card | hosted | apm: the provider (pp_gateway_<method>). */
    method: model.text(),
    currency: model.text(),
    /** Decimal text, as sent to the gateway. */
    amount: model.text(),
    card_brand: model.text().nullable(),
    /** null (no 3-D Secure), started, passed or failed. */
    threeds: model.text().nullable(),
    /** pending, review, unknown; then approved, declined or canceled (final). */
    outcome: model.text(),
    /** The gateway's code and words of a declined attempt. */
    decline_code: model.text().nullable(),
    decline_message: model.text().nullable(),
    /** When it was sent (the database's clock); its day (UTC) is the one it is counted on. */
    attempted_at: model.dateTime(),
  })
  .indexes([{ on: ["attempted_at"] }])
