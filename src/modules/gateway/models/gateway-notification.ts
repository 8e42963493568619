import { model } from "@medusajs/framework/utils"

/**
 * Every notification the gateway sent, stored before it is acknowledged: the payload with secrets redacted,
 * whether its signature verified, and what processing made of it.
 */
export const GatewayNotification = model
  .define("gateway_notification", {
    id: model.id({ prefix: "gwntf" }).primaryKey(),
    /** The replay key: a digest of the signed content (see the notification route); a hash of the payload when unverified. */
    notify_id: model.text().index(),
    notify_type: model.text(),
    order_no: model.text().index().nullable(),
    transaction_id: model.text().index().nullable(),
    content_type: model.text(),
    payload: model.json(),
    verified: model.boolean(),
    /** received → processed | ignored | failed; rejected when the signature did not verify. */
    status: model.enum(["received", "processed", "ignored", "failed", "rejected"]).default("received"),
    result: model.text().nullable(),
    attempts: model.number().default(0),
    received_at: model.dateTime(),
    processed_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["notify_id", "status"] }])
