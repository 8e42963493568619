// The notification storm: the sandbox's notifications read back, the storm's deliveries ordered and posted, and its state in the database.
import { Knex } from "knex"
import { msSince } from "../lib/stats"
import { COPIES, SETTLE_TIMEOUT_MS, STORM_CONCURRENCY, STORM_PREFIX } from "./config"

/** A sandbox delivery record (GET /sandbox/notifications). */
export interface SentNotification {
  notify_id: string
  notify_type: string
  acknowledged?: boolean
  content_type: string
  body: string
  payload: Record<string, string>
}

export async function sandboxJson<T>(url: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(
    `${url}${path}`,
    body === undefined
      ? {}
      : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }
  )
  if (!res.ok) throw new Error(`sandbox ${path}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`)
  return res.json() as Promise<T>
}

/** Waits until `check` returns a value (polled every second), or throws after the timeout. */
export async function until<T>(
  what: string,
  check: () => Promise<T | null>,
  timeoutMs = SETTLE_TIMEOUT_MS
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const v = await check()
    if (v !== null) return v
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 1000))
  }
}

/** A delivery of the storm: its bytes and content type. */
export interface Delivery {
  body: string
  contentType: string
  kind: "original" | "duplicate" | "replay"
}

/** The storm's deliveries in the order they are posted: originals with one copy at once, replays spread, copies later. */
export function stormDeliveries(originals: string[], replays: SentNotification[], total: number): Delivery[] {
  const json = "application/json"
  const first: Delivery[] = originals.flatMap((body) => [
    { body, contentType: json, kind: "original" as const },
    { body, contentType: json, kind: "duplicate" as const },
  ])
  const later: Delivery[] = Array.from({ length: COPIES - 1 }, () =>
    originals.map((body) => ({ body, contentType: json, kind: "duplicate" as const }))
  ).flat()
  const ordered = [...first, ...later]
  const replayCount = total - ordered.length
  if (replayCount < 0)
    throw new Error(`BENCH_STORM_N (${total}) must be at least ${ordered.length}: BENCH_STORM_DISTINCT × ${1 + COPIES}`)
  if (replayCount > 0 && replays.length === 0) throw new Error("no notification of the first phase to replay")
  // Replays spread evenly through the storm.
  const out: Delivery[] = []
  const every = ordered.length / Math.max(1, replayCount)
  let next = 0
  for (let i = 0; i < ordered.length || next < replayCount; i++) {
    while (next < replayCount && (next * every <= i || i >= ordered.length)) {
      const r = replays[next % replays.length]!
      out.push({ body: r.body, contentType: r.content_type, kind: "replay" })
      next++
    }
    if (i < ordered.length) out.push(ordered[i]!)
  }
  return out
}

/** Posts the deliveries, `STORM_CONCURRENCY` at once; counts the answers. */
export async function postStorm(storeUrl: string, deliveries: Delivery[]) {
  const answers = {
    ok: 0,
    duplicate_answers: 0,
    http5xx: 0,
    other: {} as Record<string, number>,
    errors: 0,
    replays_ok: 0,
  }
  let next = 0
  const t0 = process.hrtime.bigint()
  await Promise.all(
    Array.from({ length: STORM_CONCURRENCY }, async () => {
      while (next < deliveries.length) {
        const d = deliveries[next++]!
        try {
          const res = await fetch(`${storeUrl}/hooks/gateway/notifications`, {
            method: "POST",
            headers: { "content-type": d.contentType },
            body: d.body,
          })
          const text = await res.text()
          if (res.status === 200) {
            answers.ok++
            if (d.kind === "replay") answers.replays_ok++
            if (JSON.parse(text).duplicate) answers.duplicate_answers++
          } else {
            if (res.status >= 500) answers.http5xx++
            answers.other[res.status] = (answers.other[res.status] ?? 0) + 1
          }
        } catch {
          answers.errors++
        }
      }
    })
  )
  return { ...answers, seconds: msSince(t0) / 1000 }
}

/** The storm's notification records and payments as the database holds them. */
export async function stormState(db: Knex, replayedOrders: string[]) {
  const [rows] = (
    await db.raw(
      `select count(*)::int as records, coalesce(sum(deliveries), 0)::int as deliveries,
              count(*) filter (where status = 'received')::int as received, count(*) filter (where status = 'failed')::int as failed
       from gateway_notification where verified and order_no like ?`,
      [`${STORM_PREFIX}%`]
    )
  ).rows
  const [payments] = (
    await db.raw(
      `select count(distinct s.id) filter (where s.status = 'authorized')::int as authorized_sessions,
              count(p.id)::int as payments, count(distinct p.payment_session_id)::int as sessions_with_payment
       from payment_session s left join payment p on p.payment_session_id = s.id and p.deleted_at is null
       where s.id like ? and s.deleted_at is null`,
      [`${STORM_PREFIX}%`]
    )
  ).rows
  const [replayed] = (
    await db.raw(
      `select coalesce(sum(deliveries), 0)::int as deliveries, count(*) filter (where status = 'received')::int as received
       from gateway_notification where verified and order_no = any(?)`,
      [replayedOrders]
    )
  ).rows
  const [replayedPayments] = (
    await db.raw(
      `select count(*)::int as payments, count(distinct payment_session_id)::int as sessions from payment where deleted_at is null and payment_session_id = any(?)`,
      [replayedOrders]
    )
  ).rows
  return { rows, payments, replayed, replayedPayments }
}
