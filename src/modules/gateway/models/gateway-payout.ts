import { model } from "@medusajs/framework/utils"

/**
 * A payout to a beneficiary (`/v1/payout`) as the gateway last reported it. `request_id` identifies the payout
 * at the gateway (a repeated request returns the first payout), so it is unique here too.
 *
 * Amounts are decimal text with exactly the currency's exponent ("100.00" USD, "1000" JPY), as the gateway
 * takes them: exact, and equal to what was sent, with no float in between.
 *
 * status: PENDING (recorded, no answer yet) | UNKNOWN (sent, answer lost: refresh re-sends the same
 * request_id, which the gateway answers with the payout's current state) | PROCESSING | COMPLETED | FAILED.
 */
export const GatewayPayout = model
  .define("gateway_payout", {
    id: model.id({ prefix: "gwpout" }).primaryKey(),
    request_id: model.text().unique(),
    status: model.enum(["PENDING", "UNKNOWN", "PROCESSING", "COMPLETED", "FAILED"]).default("PENDING"),
    payment_amount: model.text(),
    payment_currency: model.text().index(),
    source_amount: model.text().nullable(),
    source_currency: model.text().nullable(),
    payment_date: model.text().nullable(),
    payment_method: model.text().nullable(),
    fee_paid_by: model.text().nullable(),
    swift_charge_option: model.text().nullable(),
    fund_source: model.text().nullable(),
    reason: model.text().nullable(),
    reference: model.text().nullable(),
    beneficiary_id: model.text().nullable(),
    client_data: model.text().nullable(),
    /** The parties as sent (needed to re-send the same request on refresh). */
    beneficiary: model.json().nullable(),
    payer: model.json().nullable(),
    notify_url: model.text().nullable(),
    amount_beneficiary_receives: model.text().nullable(),
    amount_payer_pays: model.text().nullable(),
    fee_amount: model.text().nullable(),
    fee_currency: model.text().nullable(),
    failure_reason: model.text().nullable(),
    failure_type: model.text().nullable(),
    transaction_id: model.text().index().nullable(),
    short_reference_id: model.text().nullable(),
    payer_id: model.text().nullable(),
    gateway_created_at: model.dateTime().nullable(),
    gateway_updated_at: model.dateTime().nullable(),
    last_notification_at: model.dateTime().nullable(),
    /** The admin user who asked for it. */
    created_by: model.text().nullable(),
  })
  .indexes([{ on: ["status", "created_at"] }])
