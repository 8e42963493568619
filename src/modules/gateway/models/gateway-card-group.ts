import { model } from "@medusajs/framework/utils"

/**
 * A card group (the account cards are funded from). Groups are created at the gateway (the sandbox starts
 * with 7001); staff track one here by its gateway id, and a refresh re-reads its balance.
 * `balance` is decimal text in the group's currency exponent, exact.
 */
export const GatewayCardGroup = model.define("gateway_card_group", {
  id: model.id({ prefix: "gwgrp" }).primaryKey(),
  gateway_group_id: model.text().unique(),
  name: model.text().nullable(),
  currency: model.text(),
  country_code: model.text().nullable(),
  balance: model.text().nullable(),
  status: model.enum(["active", "closed"]).default("active"),
  application_date: model.dateTime().nullable(),
  last_synced_at: model.dateTime().nullable(),
})
