import { model } from "@medusajs/framework/utils"

/**
 * The daily roll-up of payment attempts the dashboard reads: per day (UTC, YYYY-MM-DD) and combination of
 * provider, brand, currency, outcome, 3-D Secure and decline reason, how many attempts are in it now. Moved in the
 * same transaction as each attempt (src/modules/gateway/payment-records.ts); "" stands for none.
 */
export const GatewayPaymentDay = model
  .define("gateway_payment_day", {
    id: model.id({ prefix: "gwpday" }).primaryKey(),
    day: model.text(),
    method: model.text(),
    card_brand: model.text(),
    currency: model.text(),
    outcome: model.text(),
    threeds: model.text(),
    decline_code: model.text(),
    decline_message: model.text(),
    attempts: model.number().default(0),
  })
  .indexes([
    {
      on: ["day", "method", "card_brand", "currency", "outcome", "threeds", "decline_code", "decline_message"],
      unique: true,
    },
  ])
