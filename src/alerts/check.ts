/**
 * The alert check behind the `gateway-alerts` job: reads what the plugin has recorded and raises an alert for
 * each event that needs a person (./kinds.ts), once per event (./send.ts):
 *
 * - a discrepancy in the latest run of a sync job (order, refund, subscription sync);
 * - an outcome still unknown after `alerts.unknown_after_minutes`: a payment or session whose answer was lost
 *   (`outcome_unknown`, a capture or refund `unknown`), a payout UNKNOWN, an issuing operation audited `unknown`;
 * - a chargeback: a payment the gateway's order query reads as charged back;
 * - a payout the gateway reports FAILED, and an issuing or payout operation the gateway refused, only partly
 *   did, or whose compensation failed (the audit's failed and partial rows);
 * - notifications failing verification: `alerts.rejected_notifications.threshold` within its window;
 * - a payment that is no order's whose money could not be given back: its release refused, or its answer still
 *   lost after `alerts.unknown_after_minutes` (reconciliation/release.ts).
 *
 * It reads the records, not the code paths that write them, so the sources stay whoever writes them. Events are
 * read from the last LOOKBACK_DAYS; the job runs every few minutes, so nothing in between is missed.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { GATEWAY_PROVIDER_IDS, readSessionData } from "../domain"
import {
  Alert,
  ALERT_KINDS,
  AlertKind,
  chargebackAlert,
  discrepancyAlert,
  operationFailedAlert,
  OrderRef,
  paymentNotReleasedAlert,
  payoutFailedAlert,
  rejectedNotificationsAlert,
  unknownOperationAlert,
  unknownPayoutAlert,
  unknownPaymentAlert,
} from "./kinds"
import { sendAlerts } from "./send"

/** How far back events are read. */
export const LOOKBACK_DAYS = 7
const PAGE = 500
const SYNC_JOBS = ["order_sync", "refund_sync", "subscription_sync"] as const
/** Issuing and payout operations whose refusal is alerted (a refused card reveal is not money). */
const MONEY_OPERATIONS = /^(card|group|payout)\./
const NOT_ALERTED = new Set(["card.reveal"])

/** Medusa's filter types omit columns its repositories do filter on (provider_id, updated_at ranges). */
const filter = (f: Record<string, unknown>) => f as never

export interface AlertCheckSummary {
  /** Alerts found (sent before or now), per kind. */
  found: Record<AlertKind, number>
  /** Notifications created by this check. */
  sent: number
}

type Found = { alert: (orders: Map<string, OrderRef>) => Alert; order_no?: string }

/** The orders of payment sessions (order_no = session id), where Medusa has one. */
async function ordersOfSessions(container: MedusaContainer, sessionIds: string[]): Promise<Map<string, OrderRef>> {
  const out = new Map<string, OrderRef>()
  if (!sessionIds.length) return out
  const paymentModule = container.resolve(Modules.PAYMENT)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  for (let i = 0; i < sessionIds.length; i += PAGE) {
    const sessions = await paymentModule.listPaymentSessions(
      { id: sessionIds.slice(i, i + PAGE) },
      { select: ["id", "payment_collection_id"] }
    )
    const collections = [...new Set(sessions.map((s) => s.payment_collection_id).filter(Boolean))]
    if (!collections.length) continue
    const { data } = await query.graph({
      entity: "order_payment_collection",
      fields: ["payment_collection_id", "order_id", "order.display_id"],
      filters: { payment_collection_id: collections },
    })
    const links = data as unknown as {
      payment_collection_id: string
      order_id: string
      order?: { display_id?: number | string | null } | null
    }[]
    const byCollection = new Map(links.map((l) => [l.payment_collection_id, l]))
    for (const s of sessions) {
      const link = byCollection.get(s.payment_collection_id)
      if (link?.order_id) out.set(s.id, { id: link.order_id, display_id: link.order?.display_id ?? null })
    }
  }
  return out
}

async function discrepancies(container: MedusaContainer): Promise<Found[]> {
  const gatewayModule = container.resolve("gateway")
  const found: Found[] = []
  for (const job of SYNC_JOBS) {
    // The latest finished run holds what is still unresolved; earlier runs' are superseded by it.
    const [run] = await gatewayModule.listGatewaySyncRuns(
      { job, status: ["succeeded", "failed"] },
      { take: 1, order: { started_at: "DESC" } }
    )
    const items = (
      (run?.discrepancies as { items?: { order_no: string; reason: string }[] } | null)?.items ?? []
    ).filter((d) => d.order_no && d.reason)
    for (const d of items)
      found.push({
        order_no: d.order_no,
        alert: (orders) => discrepancyAlert({ job, ...d, order: orders.get(d.order_no) ?? null }),
      })
  }
  return found
}

/** Payments and sessions of the gateway's providers with an answer lost before `cutoff` and still unknown. */
async function unknownPayments(
  container: MedusaContainer,
  cutoff: Date,
  since: Date,
  minutes: number
): Promise<Found[]> {
  const paymentModule = container.resolve(Modules.PAYMENT)
  const found: Found[] = []
  const window = { $lte: cutoff.toISOString(), $gte: since.toISOString() }
  for (let after = ""; ;) {
    const payments = await paymentModule.listPayments(
      filter({ provider_id: GATEWAY_PROVIDER_IDS, updated_at: window, ...(after ? { id: { $gt: after } } : {}) }),
      { select: ["id", "data"], take: PAGE, order: { id: "ASC" } }
    )
    for (const p of payments) {
      const d = readSessionData((p.data ?? undefined) as Record<string, unknown> | undefined)
      if (!d) continue
      const lost = [
        ...d.captures.filter((c) => c.status === "unknown").map((c) => `capture ${c.id}`),
        ...d.refunds.filter((r) => r.status === "unknown").map((r) => `refund ${r.reference}`),
      ]
      if (!lost.length && !d.outcome_unknown) continue
      const what = lost.length ? `The ${lost.join(" and the ")}` : "A request on this payment"
      found.push({
        order_no: d.order_no,
        alert: (orders) =>
          unknownPaymentAlert({
            order_no: d.order_no,
            order: orders.get(d.order_no) ?? null,
            what,
            event: `${p.id}:${lost.join(",") || "payment"}`,
            minutes,
          }),
      })
    }
    if (payments.length < PAGE) break
    after = payments[payments.length - 1]!.id
  }
  for (let after = ""; ;) {
    const sessions = await paymentModule.listPaymentSessions(
      filter({
        provider_id: GATEWAY_PROVIDER_IDS,
        status: ["pending", "requires_more"],
        updated_at: window,
        ...(after ? { id: { $gt: after } } : {}),
      }),
      { select: ["id", "data"], take: PAGE, order: { id: "ASC" } }
    )
    for (const s of sessions) {
      if ((s.data as Record<string, unknown> | null)?.outcome_unknown !== true) continue
      found.push({
        order_no: s.id,
        alert: (orders) =>
          unknownPaymentAlert({
            order_no: s.id,
            order: orders.get(s.id) ?? null,
            what: "The payment (the card post)",
            event: `${s.id}:session`,
            minutes,
          }),
      })
    }
    if (sessions.length < PAGE) break
    after = sessions[sessions.length - 1]!.id
  }
  return found
}

/** Every row a module list gives for `filters`, a page at a time (keyset by id). */
async function readAll<T extends { id: string }>(
  list: (filters: never, config: never) => Promise<T[]>,
  filters: Record<string, unknown>
): Promise<T[]> {
  const rows: T[] = []
  for (let after = ""; ;) {
    const page = await list(filter({ ...filters, ...(after ? { id: { $gt: after } } : {}) }), {
      take: PAGE,
      order: { id: "ASC" },
    } as never)
    rows.push(...page)
    if (page.length < PAGE) return rows
    after = page[page.length - 1]!.id
  }
}

async function moduleRecords(container: MedusaContainer, cutoff: Date, since: Date, minutes: number): Promise<Found[]> {
  const gatewayModule = container.resolve("gateway")
  const recent = { $gte: since }
  const [unknownPayouts, failedPayouts, audits, chargebacks, refusedReleases, lostReleases] = await Promise.all([
    readAll((f, c) => gatewayModule.listGatewayPayouts(f, c), {
      status: "UNKNOWN",
      updated_at: { $lte: cutoff, $gte: since },
    }),
    readAll((f, c) => gatewayModule.listGatewayPayouts(f, c), { status: "FAILED", updated_at: recent }),
    readAll((f, c) => gatewayModule.listGatewayOperationAudits(f, c), {
      result: ["unknown", "failed", "partial"],
      updated_at: recent,
    }),
    readAll((f, c) => gatewayModule.listGatewayPayments(f, c), { gateway_state: "charged_back", updated_at: recent }),
    readAll((f, c) => gatewayModule.listGatewayReleases(f, c), { status: "refused", updated_at: recent }),
    readAll((f, c) => gatewayModule.listGatewayReleases(f, c), {
      status: ["unknown", "releasing"],
      updated_at: { $lte: cutoff, $gte: since },
    }),
  ])
  const found: Found[] = [
    ...[...refusedReleases, ...lostReleases].map((r): Found => ({ alert: () => paymentNotReleasedAlert(r) })),
    ...unknownPayouts.map((p): Found => ({ alert: () => unknownPayoutAlert(p, minutes) })),
    ...failedPayouts.map((p): Found => ({ alert: () => payoutFailedAlert(p) })),
    ...chargebacks.map((c): Found => ({
      order_no: c.order_no,
      alert: (orders) => chargebackAlert({ ...c, order: orders.get(c.order_no) ?? null }),
    })),
  ]
  for (const row of audits) {
    if (!MONEY_OPERATIONS.test(row.operation) || NOT_ALERTED.has(row.operation)) continue
    if (row.result !== "unknown") found.push({ alert: () => operationFailedAlert(row) })
    // A payout's own record says UNKNOWN (above); an issuing operation has only its audit row.
    else if (!row.operation.startsWith("payout.") && new Date(row.updated_at) <= cutoff)
      found.push({ alert: () => unknownOperationAlert(row, minutes) })
  }
  return found
}

async function rejectedNotifications(container: MedusaContainer, now: Date): Promise<Found[]> {
  const gatewayModule = container.resolve("gateway")
  const { rejected_threshold, rejected_window_minutes } = gatewayModule.alertRules()
  const count = await gatewayModule.countRejectedNotifications(
    new Date(now.getTime() - rejected_window_minutes * 60_000)
  )
  if (count < rejected_threshold) return []
  return [
    {
      alert: () =>
        rejectedNotificationsAlert({
          count,
          window_minutes: rejected_window_minutes,
          day: now.toISOString().slice(0, 10),
        }),
    },
  ]
}

/** Finds every event that needs a person and sends the alerts not sent before. */
export async function checkAlerts(container: MedusaContainer, now = new Date()): Promise<AlertCheckSummary> {
  const minutes = container.resolve("gateway").alertRules().unknown_after_minutes
  const cutoff = new Date(now.getTime() - minutes * 60_000)
  const since = new Date(now.getTime() - LOOKBACK_DAYS * 86400_000)
  const found = (
    await Promise.all([
      discrepancies(container),
      unknownPayments(container, cutoff, new Date(cutoff.getTime() - LOOKBACK_DAYS * 86400_000), minutes),
      moduleRecords(container, cutoff, since, minutes),
      rejectedNotifications(container, now),
    ])
  ).flat()
  const orders = await ordersOfSessions(container, [
    ...new Set(found.map((f) => f.order_no).filter((o): o is string => !!o)),
  ])
  const alerts = [...new Map(found.map((f) => f.alert(orders)).map((a) => [a.key, a])).values()]
  const counts = Object.fromEntries(ALERT_KINDS.map((k) => [k, 0])) as Record<AlertKind, number>
  for (const a of alerts) counts[a.kind]++
  return { found: counts, sent: await sendAlerts(container, alerts) }
}
