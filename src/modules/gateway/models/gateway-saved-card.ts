import { model } from "@medusajs/framework/utils"

/**
 * A card a customer saved: the gateway's token (`token_flag` YES on an approved payment gives `token_id`; a later
 * payment sends it with `card` empty) and what may be shown of the card. Never the number or the security
 * code. The token pays without the card, so it is a secret of the store: it never leaves the server (routes,
 * session data and the admin show `id`, brand, last 4 and expiry only).
 *
 * `pending` until the payment that tokenised the card is confirmed authorised (a declined or failed payment's
 * token is never kept); `order_no` is that payment's session.
 */
export const GatewaySavedCard = model
  .define("gateway_saved_card", {
    id: model.id({ prefix: "gwsc" }).primaryKey(),
    customer_id: model.text().index(),
    token: model.text(),
    brand: model.text().nullable(),
    last4: model.text(),
    exp_month: model.text(),
    exp_year: model.text(),
    status: model.enum(["pending", "active"]).default("pending"),
    order_no: model.text().index(),
    last_used_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["customer_id", "status"] }])
