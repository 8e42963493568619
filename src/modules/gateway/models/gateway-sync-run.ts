import { model } from "@medusajs/framework/utils"

/** One run of a reconciliation job and its summary, for the admin's reconciliation page. */
export const GatewaySyncRun = model.define("gateway_sync_run", {
  id: model.id({ prefix: "gwsync" }).primaryKey(),
  job: model.enum(["order_sync", "refund_sync", "subscription_sync"]),
  status: model.enum(["running", "succeeded", "failed"]).default("running"),
  started_at: model.dateTime(),
  finished_at: model.dateTime().nullable(),
  checked: model.number().default(0),
  changed: model.number().default(0),
  requests: model.number().default(0),
  discrepancies: model.json().nullable(),
  error: model.text().nullable(),
})
