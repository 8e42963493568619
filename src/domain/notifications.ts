/**
 * What identifies a gateway notification: its replay key. A digest of the signature under the formula that
 * verified it, so of the signed content alone. `notify_type`, `notify_id` and every other unsigned field can be
 * changed by anyone who holds one signed message: they never make a new notification. The gateway's own later
 * notifications with the same signed fields (a capture, refund or dispute of a transaction already notified,
 * under the [assumed] formula) are deliveries of the same record, each read from the gateway again
 * (../reconciliation/process-notification.ts).
 */
import { createHash } from "node:crypto"
import type { ReadNotification } from "../lib/gateway"

/** The replay key of a verified notification (`gateway_notification.notify_id`). */
export function notificationReplayKey(read: Pick<ReadNotification, "formula" | "fields">): string {
  // The signature under our name: a store may rename it (field_names.notification.encryption_data).
  const signature = String(read.fields.encryption_data ?? "")
    .trim()
    .toLowerCase()
  return createHash("sha256").update(`${read.formula}|${signature}`).digest("hex")
}
