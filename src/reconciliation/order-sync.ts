/**
 * The order sync behind the scheduled job: every gateway session or payment that is not final is looked up
 * with the order query, 100 orders a request, and Medusa is moved to the gateway's state (applyGatewayState);
 * so is every payment whose chargeback is not booked yet and every order of a notification that failed.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { redact, runInBatchesStreamed } from "../lib/gateway"
import { holdsMoney, pickSessionRecord, readSessionData, stateOfRecord, waitsForCard } from "../domain"
import type { UnsettledNotification } from "../modules/gateway/service"
import { applyGatewayState } from "./apply-gateway-state"
import { holdsAtGateway, settleOpenReleases } from "./release"
import { unbookedChargeback } from "./chargebacks"
import {
  cutShortBefore,
  markCardPostUnknown,
  orderlessPayments,
  settleCutShortCaptures,
  settleCutShortOperations,
} from "./cut-short"
import { recomputeStaleCollections } from "./payment-collection-totals"
import { PAGE, SyncOptions, SyncSummary, withRun } from "./sync-run"

export async function runOrderSync(container: MedusaContainer, options: SyncOptions = {}): Promise<SyncSummary> {
  return withRun(container, "order_sync", options, async (summary, ctx) => {
    const { gatewayModule, client, pages, createdSince, concurrency } = ctx
    // First what a stopped process left half-done (./cut-short.ts); captures cut short are settled page by page below.
    await settleCutShortOperations(container, summary, ctx)
    // Past the settling deadline: no capture, refund or card post of it can still be running.
    const settledBefore = new Date(cutShortBefore(ctx)).toISOString()
    summary.changed += await recomputeStaleCollections(ctx.paymentModule, pages, createdSince, settledBefore)
    // `settles`: read for a notification whose processing failed or never ran (settled once read and applied).
    type Open = {
      order_no: string
      transaction_id: string | null
      superseded: string[]
      known: string | null
      settles?: boolean
    }
    const openOf = (orderNo: string, d: Record<string, unknown>): Open => {
      const ours = readSessionData(d)
      return {
        order_no: orderNo,
        transaction_id: ours?.transaction_id ?? null,
        superseded: ours?.superseded_transaction_ids ?? [],
        // Also applied when the gateway agrees: an outcome or a discrepancy to settle, or money held under a session
        // that never learnt its transaction (it must be recorded, see applyGatewayState).
        known:
          !ours || ours.outcome_unknown || ours.discrepancy || (holdsMoney(ours.gateway_state) && !ours.transaction_id)
            ? null
            : ours.gateway_state,
      }
    }

    /**
     * Orders of unsettled notifications whose gateway state was read and applied in this run (those notifications
     * are then settled). Only those: a set of every order checked would grow with the open payments (memory flat).
     */
    const confirmed = new Set<string>()
    const confirm = (open: Open) => {
      if (open.settles) confirmed.add(open.order_no)
    }

    /** Applies one record (applyGatewayState) and counts what it did; false when it threw. */
    const apply = async (orderNo: string, record: Parameters<typeof applyGatewayState>[2]): Promise<boolean> => {
      try {
        const r = await applyGatewayState(container, orderNo, record)
        if (r.changes.length) summary.changed++
        if (r.discrepancy) summary.discrepancies.push({ order_no: orderNo, reason: r.discrepancy })
        return true
      } catch (err) {
        summary.discrepancies.push({ order_no: orderNo, reason: String(redact((err as Error).message)) })
        return false
      }
    }

    /** One order-query request for up to 100 open payments, and what it says applied to each. */
    const reconcile = async (chunk: Open[]) => {
      summary.requests++
      summary.checked += chunk.length
      const res = await client.orderQuery({ orders: chunk.map((o) => o.order_no) })
      const unchanged: string[] = []
      for (const open of chunk) {
        // An earlier attempt of the session the shopper finished after all holds money no order will take: released.
        const earlier = (res.orders_list ?? []).filter(
          (r) =>
            r.order_no === open.order_no &&
            r.transaction_id &&
            open.superseded.includes(r.transaction_id) &&
            holdsAtGateway(stateOfRecord(r))
        )
        for (const r of earlier) await apply(open.order_no, r)
        const record = pickSessionRecord(res.orders_list ?? [], open.order_no, open.transaction_id, open.superseded)
        if (record && open.known && stateOfRecord(record) === open.known) {
          unchanged.push(open.order_no) // the gateway agrees with what Medusa recorded: nothing to apply
          confirm(open)
          continue
        }
        if (await apply(open.order_no, record)) confirm(open)
      }
      if (unchanged.length) {
        await gatewayModule.markReconciled(unchanged)
      }
    }
    // Open payments (authorised but neither captured nor canceled, or with an unknown capture/cancel outcome),
    // then open sessions (waiting for the shopper, held for review, outcome unknown: in this order, a payment a
    // session turns into is not checked twice), then payments whose chargeback the order query confirmed and
    // Medusa has not booked yet, then the orders of verified notifications whose processing failed or never ran
    // (the order query was down, the process stopped): whatever their age, what the gateway told reaches Medusa
    // even when its notification could not be processed. Each is read a page at a time by id (keyset: stable
    // while the run changes what it reads) into one stream of order-query chunks of 100, `concurrency` requests
    // in flight, the next page read while they wait: memory stays flat however many there are.
    async function* openPayments() {
      for (let after = ""; ;) {
        const payments = await pages.payments(after, createdSince, { with: "captures" })
        const settled = await settleCutShortCaptures(container, summary, ctx, payments)
        const open: Open[] = []
        const orderless = await orderlessPayments(
          container,
          ctx,
          payments.filter((p) => !p.captured_at && !p.canceled_at)
        )
        for (const p of payments) {
          const d = (p.data ?? {}) as Record<string, unknown>
          if (((!p.captured_at && !p.canceled_at) || d.outcome_unknown) && typeof d.order_no === "string") {
            // A payment whose cart has no order is applied even when the gateway agrees (it completes the cart), as
            // is one whose captures were just settled (its row here is older than what the settling wrote).
            open.push(orderless.has(p.id) || settled.has(p.id) ? anyState(d.order_no) : openOf(d.order_no, d))
          }
        }
        yield open
        if (payments.length < PAGE) return
        after = payments[payments.length - 1]!.id
      }
    }
    async function* openSessions() {
      for (let after = ""; ;) {
        const sessions = await pages.sessions(after, createdSince, [
          "pending",
          "requires_more",
          "pending_authorization",
        ])
        const open: Open[] = []
        // A card session waiting for a card (waitsForCard: no attempt recorded, nor any state of one): no card posted,
        // or a post cut short (cut-short.ts), which the card route's card-sent mark tells once it is past the settling
        // deadline. One whose earlier attempts were replaced (its amount changed) is read whatever: an earlier attempt
        // finished at the bank afterwards is released.
        const unposted = new Set(
          sessions
            .filter((s) => {
              const ours = s.status === "pending" && s.data?.method === "card" ? readSessionData(s.data) : null
              return Boolean(ours && waitsForCard(ours) && !ours.superseded_transaction_ids.length)
            })
            .map((s) => s.id)
        )
        const cutShort = await gatewayModule.cardPostedSessions([...unposted])
        for (const s of sessions) {
          let d = (s.data ?? {}) as Record<string, unknown>
          if (unposted.has(s.id)) {
            if (!cutShort.has(s.id)) continue // no card posted
            d = (await markCardPostUnknown(container, ctx, s.id).catch(() => null)) ?? d
          }
          open.push(openOf(s.id, d))
        }
        yield open
        if (sessions.length < PAGE) return
        after = sessions[sessions.length - 1]!.id
      }
    }
    // Sessions the card route authorised whose cart was never completed (no payment), past the settling deadline:
    // applied whatever the gateway says (anyState), which completes the cart as for a shopper who never came back.
    // Without it the authorisation stays held at the gateway with nothing in Medusa (found by the full crash run).
    async function* authorisedWithoutPayment() {
      for (let after = ""; ;) {
        const sessions = await pages.sessionsWithoutPayment(after, createdSince, settledBefore)
        yield sessions.map((s) => anyState(s.id))
        if (sessions.length < PAGE) return
        after = sessions[sessions.length - 1]!.id
      }
    }
    async function* unbookedChargebacks() {
      for (let after = ""; ;) {
        const rows = await gatewayModule.listGatewayPayments(
          { disputes: { $ne: null }, ...(after ? { id: { $gt: after } } : {}) } as never,
          { select: ["id", "order_no", "disputes"], take: PAGE, order: { id: "ASC" } }
        )
        yield rows.filter((r) => unbookedChargeback(r.disputes)).map((r) => anyState(r.order_no))
        if (rows.length < PAGE) return
        after = rows[rows.length - 1]!.id
      }
    }
    const unsettled: UnsettledNotification[] = []
    async function* unprocessedNotifications() {
      for (let after = ""; ;) {
        const rows = await gatewayModule.unsettledNotifications(after, PAGE)
        unsettled.push(...rows)
        yield [...new Set(rows.map((r) => r.order_no))].map((orderNo) => ({ ...anyState(orderNo), settles: true }))
        if (rows.length < PAGE) return
        after = rows[rows.length - 1]!.id
      }
    }
    // Sessions Medusa deleted whose order number may still be paid at the gateway (./deleted-sessions.ts): what it
    // holds of them is released.
    async function* deletedSessions() {
      for (let after = ""; ;) {
        const rows = await gatewayModule.listGatewayDeletedSessions(
          { settled_at: null, created_at: { $gte: createdSince }, ...(after ? { id: { $gt: after } } : {}) } as never,
          { select: ["id", "order_no"], take: PAGE, order: { id: "ASC" } }
        )
        yield rows.map((r) => anyState(r.order_no))
        if (rows.length < PAGE) return
        after = rows[rows.length - 1]!.id
      }
    }
    async function* everyOpen() {
      yield* openPayments()
      yield* openSessions()
      yield* authorisedWithoutPayment()
      yield* deletedSessions()
      yield* unbookedChargebacks()
      yield* unprocessedNotifications()
    }
    await runInBatchesStreamed("orderQuery", everyOpen(), reconcile, concurrency, (o) => o.order_no)
    // Releases sent whose answer was lost, or cut short, are read again by their transaction (./release.ts).
    await settleOpenReleases(container, summary, settledBefore)
    for (const n of unsettled) {
      if (confirmed.has(n.order_no))
        await gatewayModule.settleNotification(n, "read again and applied by the order sync")
    }
  })
}

/** An order to read whatever Medusa holds for it: the session's current transaction is found when applied. */
const anyState = (orderNo: string) => ({ order_no: orderNo, transaction_id: null, superseded: [], known: null })
