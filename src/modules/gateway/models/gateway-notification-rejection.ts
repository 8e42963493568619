import { model } from "@medusajs/framework/utils"

/**
 * Notification requests that did not verify, counted per minute (one row a minute that had any), so that a
 * flood leaves a count and no data: what an alert on repeated verification failures reads. Pruned with the
 * rejected samples after the module option `notifications.rejected_retention_days`.
 */
export const GatewayNotificationRejection = model.define("gateway_notification_rejection", {
  id: model.id({ prefix: "gwnrj" }).primaryKey(),
  /** The minute counted (UTC, seconds zero). */
  period_start: model.dateTime().unique(),
  /** Requests rejected in that minute: unsigned or with a signature that did not verify. */
  rejected: model.number().default(0),
  /** Of those, the ones that carried a signature that did not verify (forged, or a wrong sign key). */
  bad_signature: model.number().default(0),
})
