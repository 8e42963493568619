import { model } from "@medusajs/framework/utils"

/**
 * The daily roll-up of money the dashboard reads: per day (UTC, YYYY-MM-DD), kind, provider, brand ("" unknown)
 * and currency, the number and the sum (decimal text) of the movements counted. Moved in the same transaction
 * as each movement (src/modules/gateway/payment-records.ts).
 */
export const GatewayMoneyDay = model
  .define("gateway_money_day", {
    id: model.id({ prefix: "gwmday" }).primaryKey(),
    day: model.text(),
    kind: model.text(),
    method: model.text(),
    card_brand: model.text(),
    currency: model.text(),
    count: model.number().default(0),
    amount: model.text(),
  })
  .indexes([{ on: ["day", "kind", "method", "card_brand", "currency"], unique: true }])
