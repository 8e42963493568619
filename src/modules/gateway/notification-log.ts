/**
 * The log of what reached the notification route (`gateway_notification`): a row per verified notification (per
 * replay key), and, for requests that did not verify, per-minute counts (`gateway_notification_rejection`) with a
 * few samples without their body. The row's status says whether its processing ran: `received` until a run ends
 * (finishNotification), or a later delivery sets it back; the order sync settles what failed or waited too long.
 */
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import type { Crud } from "./crud"
import type { GatewayNotificationRejection } from "./models/gateway-notification-rejection"
import { GatewayModuleOptions, notificationReadInterval, rejectedNotificationLimits } from "./options"

/** A verified notification as the route records it (columns of `gateway_notification`). */
export interface VerifiedNotificationInput {
  /** The replay key: a digest of the signed content. */
  notify_id: string
  notify_type: string
  order_no: string | null
  transaction_id: string | null
  content_type: string
  /** The body as received, secrets redacted. */
  payload: Record<string, unknown>
}

/** What is kept of a request that did not verify: no body, a few short columns. */
export interface RejectedNotificationInput {
  reason: "unsigned" | "bad_signature"
  notify_type: string | null
  order_no: string | null
  content_type: string
  size: number | null
  source: string | null
}

/** A verified payment notification whose processing failed or never ran (the order sync reads its order again). */
export interface UnsettledNotification {
  id: string
  order_no: string
  deliveries: number
}

/** Minutes a verified notification may wait for its processing before the order sync takes it over. */
const STALE_NOTIFICATION_MINUTES = 5

const clip = (v: string | null, max: number) => (v === null ? null : v.slice(0, max))

/**
 * Records a verified notification: one row per replay key (signed content only), in one statement, so two
 * copies arriving together make one row. The first delivery creates it; a later one (the gateway's next
 * notification with the same signed fields, a retry, a replay) counts a delivery and sets the row back to
 * `received`: the gateway is read again after every delivery, never once per copy (finishNotification).
 *
 * Every delivery is also counted in the row's minute (`delivery_window_start`, `delivery_window_count`: a window
 * opens at the first delivery after the last one closed, and lasts a minute). A delivery beyond
 * `notifications.max_deliveries_per_minute` (default 10) of its window is `dropped`: not counted in `deliveries`
 * nor `last_received_at`, and the route emits no event for it. It is dropped only when a read of the row that
 * begins after it is certain, so that it changes nothing: the row is `received` (the read owed to its last
 * counted delivery is still to come) and was read less than `notifications.read_interval_seconds` ago (no read
 * can be under way: a read begins only once the interval since the last one is over, and one that began after
 * this delivery arrived covers it anyway). Otherwise it is counted as any delivery: a row already settled is
 * read again after it, whatever its window says. The gateway's own retries (1 s, then doubling) are a handful a
 * minute; a replay loop costs one row update per post, no event and no handling.
 */
export async function recordVerifiedNotification(
  knex: Knex,
  notifications: GatewayModuleOptions["notifications"],
  n: VerifiedNotificationInput
): Promise<{ id: string; duplicate: boolean; dropped: boolean }> {
  const perMinute = notifications?.max_deliveries_per_minute ?? 10
  const readInterval = notificationReadInterval(notifications)
  // All on the row as it was before this delivery (the SET clause reads the old row), under its row lock. Without
  // a read interval (0: a read after every delivery) no read is ever due ahead of a delivery: none is dropped.
  const windowOver = `(gateway_notification.delivery_window_start is null or gateway_notification.delivery_window_start <= now() - interval '1 minute')`
  const drop =
    readInterval > 0
      ? `(not ${windowOver} and gateway_notification.delivery_window_count >= ? and gateway_notification.status = 'received'
         and gateway_notification.processed_at > now() - make_interval(secs => ?))`
      : "false"
  const dropBindings = readInterval > 0 ? [perMinute, readInterval] : []
  const { rows } = await knex.raw(
    `insert into gateway_notification
         (id, notify_id, notify_type, order_no, transaction_id, content_type, payload, verified, status, attempts, deliveries, received_at, last_received_at,
          delivery_window_start, delivery_window_count)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, true, 'received', 0, 1, now(), now(), now(), 1)
       on conflict (notify_id) where verified = true and deleted_at is null
       do update set
         deliveries = case when ${drop} then gateway_notification.deliveries else gateway_notification.deliveries + 1 end,
         last_received_at = case when ${drop} then gateway_notification.last_received_at else now() end,
         delivery_window_start = case when ${windowOver} then now() else gateway_notification.delivery_window_start end,
         delivery_window_count = case when ${windowOver} then 1 else gateway_notification.delivery_window_count + 1 end,
         status = 'received', updated_at = now()
       returning id, (xmax = 0) as inserted, last_received_at is distinct from now() as dropped`,
    [
      generateEntityId(undefined, "gwntf"),
      n.notify_id,
      n.notify_type,
      n.order_no,
      n.transaction_id,
      n.content_type,
      JSON.stringify(n.payload),
      ...dropBindings,
      ...dropBindings,
    ]
  )
  // `dropped`: this statement left last_received_at as it was (a counted delivery sets it to this statement's now()).
  return { id: rows[0].id, duplicate: !rows[0].inserted, dropped: !rows[0].inserted && rows[0].dropped === true }
}

/**
 * How long a notification record's next gateway read must wait, in ms: what is left of `seconds`
 * (`notifications.read_interval_seconds`) since its last run ended (`processed_at`, the database's clock); 0 for a
 * record never read, or without an interval.
 */
export async function notificationReadWait(knex: Knex, seconds: number, id: string): Promise<number> {
  if (!seconds) return 0
  const { rows } = await knex.raw(
    `select greatest(0, ceil(extract(epoch from (processed_at + make_interval(secs => ?) - now())) * 1000))::int as wait_ms
       from gateway_notification where id = ? and processed_at is not null`,
    [seconds, id]
  )
  return Number(rows[0]?.wait_ms ?? 0)
}

/**
 * Ends a processing run of a notification that saw `deliveries` deliveries when it began. When another
 * delivery came meanwhile, the row stays `received` (that delivery's own run reads the gateway after it);
 * true when the run's status was recorded.
 */
export async function finishNotification(
  knex: Knex,
  id: string,
  deliveries: number,
  status: "processed" | "ignored" | "failed",
  result: string
): Promise<boolean> {
  const { rows } = await knex.raw(
    `update gateway_notification
       set result = ?, attempts = attempts + 1, processed_at = now(), updated_at = now(), status = case when deliveries = ? then ? else 'received' end
       where id = ? and status = 'received' and deleted_at is null
       returning status`,
    [result, deliveries, status, id]
  )
  return rows[0]?.status === status
}

/**
 * Counts a request that did not verify in this minute's row and keeps a sample of it without its body while
 * the minute has seen at most `notifications.rejected_samples_per_minute`; keeping one prunes counts and
 * samples older than `notifications.rejected_retention_days`. Returns the sample's id, if kept.
 */
export async function recordRejectedNotification(
  knex: Knex,
  limits: ReturnType<typeof rejectedNotificationLimits>,
  r: RejectedNotificationInput
): Promise<string | null> {
  const { perMinute, retentionDays } = limits
  const { rows } = await knex.raw(
    `insert into gateway_notification_rejection (id, period_start, rejected, bad_signature)
       values (?, date_trunc('minute', now()), 1, ?)
       on conflict (period_start) where deleted_at is null
       do update set rejected = gateway_notification_rejection.rejected + 1,
         bad_signature = gateway_notification_rejection.bad_signature + excluded.bad_signature, updated_at = now()
       returning rejected`,
    [generateEntityId(undefined, "gwnrj"), r.reason === "bad_signature" ? 1 : 0]
  )
  if (Number(rows[0].rejected) > perMinute) return null
  // Pruned with each sample kept: a few times a minute at most, and whenever rejections come in.
  await knex.raw(`delete from gateway_notification_rejection where period_start < now() - make_interval(days => ?)`, [
    retentionDays,
  ])
  await knex.raw(
    `delete from gateway_notification where status = 'rejected' and received_at < now() - make_interval(days => ?)`,
    [retentionDays]
  )
  const id = generateEntityId(undefined, "gwntf")
  await knex("gateway_notification").insert({
    id,
    notify_id: null,
    notify_type: clip(r.notify_type, 64) ?? "",
    order_no: clip(r.order_no, 64),
    transaction_id: null,
    content_type: clip(r.content_type, 100),
    payload: null,
    verified: false,
    status: "rejected",
    result: r.reason === "unsigned" ? "unsigned" : "signature did not verify",
    size: r.size,
    source: clip(r.source, 64),
    received_at: knex.fn.now(),
  })
  return id
}

/**
 * Verified payment notifications whose processing failed, or has waited more than a few minutes (the process
 * stopped, the event was lost): a page of them by id, for the order sync to read their orders again.
 */
export async function unsettledNotifications(
  knex: Knex,
  after: string,
  limit: number
): Promise<UnsettledNotification[]> {
  return knex("gateway_notification")
    .select("id", "order_no", "deliveries")
    .where({ verified: true })
    .whereNull("deleted_at")
    .whereNotNull("order_no")
    .where("id", ">", after)
    .where((q) =>
      q
        .where("status", "failed")
        .orWhere((w) =>
          w
            .where("status", "received")
            .whereRaw(`coalesce(last_received_at, received_at) < now() - make_interval(mins => ?)`, [
              STALE_NOTIFICATION_MINUTES,
            ])
        )
    )
    .orderBy("id")
    .limit(limit)
}

/** The order sync read the notification's order again and applied it: settled, unless it was delivered again since. */
export async function settleNotification(knex: Knex, n: UnsettledNotification, result: string): Promise<void> {
  const now = new Date()
  await knex("gateway_notification")
    .where({ id: n.id, deliveries: n.deliveries })
    .whereIn("status", ["failed", "received"])
    .whereNull("deleted_at")
    .update({ status: "processed", result, processed_at: now, updated_at: now, attempts: knex.raw("attempts + 1") })
}

/**
 * Requests to the notification route that did not verify (unsigned or a wrong signature) received since
 * `since` (from the minute it falls in): what the alert on repeated verification failures counts, from the
 * per-minute counts (gateway_notification_rejection), which hold every rejected request, not only the samples.
 */
export async function countRejectedNotifications(
  store: Pick<
    Crud<{ GatewayNotificationRejection: typeof GatewayNotificationRejection }>,
    "listGatewayNotificationRejections"
  >,
  since: Date
): Promise<number> {
  const from = new Date(Math.floor(since.getTime() / 60_000) * 60_000)
  const rows = await store.listGatewayNotificationRejections({ period_start: { $gte: from } }, { select: ["rejected"] })
  return rows.reduce((sum, r) => sum + Number(r.rejected ?? 0), 0)
}
