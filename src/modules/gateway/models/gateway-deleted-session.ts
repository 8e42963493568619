import { model } from "@medusajs/framework/utils"

/**
 * A gateway payment session Medusa deleted (a shopper switched methods, a storefront started a new session, the
 * cart's total changed): Medusa hard-deletes the session's row, so this is what is left of it. Its order number
 * stays watched (notifications, the order sync) until nothing at the gateway can still hold money for it: a
 * payment the shopper finishes at the bank afterwards is released (reconciliation/release.ts), never ignored.
 */
export const GatewayDeletedSession = model.define("gateway_deleted_session", {
  id: model.id({ prefix: "gwdel" }).primaryKey(),
  /** The deleted session's id (the gateway's order_no). */
  order_no: model.text().unique(),
  /** card | hosted | apm */
  method: model.text(),
  /** Decimal text and currency of the session when it was deleted. */
  amount: model.text(),
  currency: model.text(),
  payment_collection_id: model.text().index().nullable(),
  /** Every transaction of the session the plugin knew of: current and earlier attempts. */
  transaction_ids: model.json().nullable(),
  /** The session's gateway state when it was deleted. */
  state: model.text().nullable(),
  /** When it stopped being watched: nothing held at the gateway, or everything released or shown to staff. */
  settled_at: model.dateTime().nullable(),
  note: model.text().nullable(),
})
