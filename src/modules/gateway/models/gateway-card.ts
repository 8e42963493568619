import { model } from "@medusajs/framework/utils"

/**
 * A virtual card issued through the gateway. Never the full number or the CVV: only the last 4 digits and the
 * expiry. The full details are fetched from the gateway when staff reveal them and are never stored.
 *
 * `cardholder_id` / `group_id` are this module's record ids (filterable); the gateway's ids sit beside them.
 * Amounts are decimal text in the card's currency exponent.
 */
export const GatewayCard = model
  .define("gateway_card", {
    id: model.id({ prefix: "gwcard" }).primaryKey(),
    gateway_card_id: model.text().unique(),
    cardholder_id: model.text().index(),
    gateway_cardholder_id: model.text(),
    group_id: model.text().index(),
    gateway_group_id: model.text(),
    alias: model.text().nullable(),
    last4: model.text(),
    expiry_month: model.text().nullable(),
    expiry_year: model.text().nullable(),
    currency: model.text(),
    /** The amount charged to the card at creation. */
    charge_amount: model.text().nullable(),
    amount_limit: model.text().nullable(),
    balance: model.text().nullable(),
    /** SHARED (its limit can change) or STANDARD. */
    card_type: model.text().nullable(),
    is_one_time: model.boolean().default(false),
    status: model.enum(["active", "blocked", "closed"]).default("active"),
    application_date: model.text().nullable(),
    valid_start_date: model.text().nullable(),
    valid_end_date: model.text().nullable(),
    /** request_id of the creation request and the gateway's request number for it. */
    request_id: model.text().nullable(),
    gateway_req_no: model.text().nullable(),
    last_synced_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["status", "created_at"] }])
