import { model } from "@medusajs/framework/utils"

/**
 * A cardholder of the issuing API, mirrored so the admin can list and search without asking the gateway.
 * status: active | deleted (deleted at the gateway; kept here for the audit trail and the cards' history).
 */
export const GatewayCardholder = model.define("gateway_cardholder", {
  id: model.id({ prefix: "gwchd" }).primaryKey(),
  /** The gateway's `cardholderId` (an integer there; text here, as requests send it). */
  gateway_cardholder_id: model.text().unique(),
  first_name: model.text(),
  last_name: model.text(),
  email: model.text().index(),
  mobile_prefix: model.text().nullable(),
  mobile: model.text().nullable(),
  birth_date: model.text().nullable(),
  billing_country: model.text().nullable(),
  billing_state: model.text().nullable(),
  billing_city: model.text().nullable(),
  billing_address: model.text().nullable(),
  billing_postal: model.text().nullable(),
  remark: model.text().nullable(),
  status: model.enum(["active", "deleted"]).default("active"),
  last_synced_at: model.dateTime().nullable(),
})
