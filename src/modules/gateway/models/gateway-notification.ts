import { model } from "@medusajs/framework/utils"

/**
 * The gateway's notifications. A verified one is stored before it is acknowledged: one row per signed content
 * (its replay key), the payload with secrets redacted, how often it was delivered and what processing made of
 * it. A request that did not verify is stored only as a small sample without its body, a few a minute
 * (module option `notifications`), and counted per minute in `gateway_notification_rejection`.
 */
export const GatewayNotification = model
  .define("gateway_notification", {
    id: model.id({ prefix: "gwntf" }).primaryKey(),
    /**
     * The replay key of a verified notification: a digest of its signature under the formula that verified it,
     * so signed content only (see the notification route); unique among verified rows. Null for a rejected one.
     */
    notify_id: model.text().nullable(),
    /** As first received: a label only (not signed); nothing acts on it. */
    notify_type: model.text(),
    order_no: model.text().index().nullable(),
    transaction_id: model.text().index().nullable(),
    content_type: model.text(),
    /** The body as first received, secrets redacted; null for a rejected request (its body is never kept). */
    payload: model.json().nullable(),
    verified: model.boolean(),
    /** received → processed | ignored | failed; rejected when the signature did not verify. */
    status: model.enum(["received", "processed", "ignored", "failed", "rejected"]).default("received"),
    result: model.text().nullable(),
    attempts: model.number().default(0),
    /**
     * Deliveries of this signed content: the gateway's later notifications with the same signed fields, replays
     * (not those dropped beyond `notifications.max_deliveries_per_minute`).
     */
    deliveries: model.number().default(1),
    /**
     * This minute's deliveries, dropped ones included (module option `notifications.max_deliveries_per_minute`): the
     * window opens at the first delivery after the last one closed and lasts a minute.
     */
    delivery_window_start: model.dateTime().nullable(),
    delivery_window_count: model.number().default(0),
    received_at: model.dateTime(),
    last_received_at: model.dateTime().nullable(),
    processed_at: model.dateTime().nullable(),
    /** A rejected request's body size in bytes (its Content-Length) and client address. */
    size: model.number().nullable(),
    source: model.text().nullable(),
  })
  .indexes([{ on: ["notify_id"], unique: true, where: "verified = true" }, { on: ["status", "received_at"] }])
