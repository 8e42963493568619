/**
 * The two reconciliation runs behind the scheduled jobs:
 * - order sync: every gateway session or payment that is not final is looked up with the order query, 100
 *   orders a request, and Medusa is moved to the gateway's state (applyGatewayState);
 * - refund sync: refunds Medusa made that the gateway has not settled are looked up with the refund search.
 * Each run holds a lock (one run at a time across Medusa instances), records its summary in the module and
 * logs one line. A run that crashes leaves nothing half-done: every session is applied on its own, and the
 * next run starts again from what is still open.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { GatewayApiError, redact, runInBatches } from "../../lib/gateway"
import { GATEWAY_MODULE } from "../../modules/gateway"
import type GatewayModuleService from "../../modules/gateway/service"
import { configuredAcquiringClient } from "../../providers/gateway/core/client"
import { pickSessionRecord } from "../../providers/gateway/core/order-lookup"
import { stateOfRecord } from "../../providers/gateway/core/status"
import { GATEWAY_PROVIDER_PREFIX, readSessionData } from "../../providers/gateway/core/session-data"
import { applyGatewayState, upsertGatewayPayment } from "./apply-gateway-state"
import { applyRefundUpdates, openRefunds, refundUpdateOf, RefundUpdate } from "./refund-status"

export const GATEWAY_PROVIDER_IDS = ["card", "hosted", "apm"].map((m) => `${GATEWAY_PROVIDER_PREFIX}${m}`)

export interface SyncOptions {
  /** Only sessions and payments created within this many days are checked (default 30). */
  lookbackDays?: number
  /** Order-query requests in flight at once (default 2). */
  concurrency?: number
}

export interface SyncSummary {
  job: "order_sync" | "refund_sync"
  status: "succeeded" | "failed" | "skipped"
  checked: number
  changed: number
  requests: number
  discrepancies: { order_no: string; reason: string }[]
  error: string | null
}

const PAGE = 500

/** Medusa's filter types omit columns its repositories do filter on (provider_id, status). */
const filter = (f: Record<string, unknown>) => f as never

export async function runOrderSync(container: MedusaContainer, options: SyncOptions = {}): Promise<SyncSummary> {
  return withRun(container, "order_sync", async (summary) => {
    const client = configuredAcquiringClient()
    if (!client) throw new Error("the gateway payment provider is not configured")
    const paymentModule = container.resolve(Modules.PAYMENT)
    const gatewayModule = container.resolve<GatewayModuleService>(GATEWAY_MODULE)
    const since = new Date(Date.now() - (options.lookbackDays ?? 30) * 86400_000)

    type Open = { order_no: string; transaction_id: string | null; superseded: string[]; known: string | null }
    const openOf = (orderNo: string, d: Record<string, unknown>): Open => {
      const ours = readSessionData(d)
      return {
        order_no: orderNo,
        transaction_id: ours?.transaction_id ?? null,
        superseded: ours?.superseded_transaction_ids ?? [],
        known: ours?.outcome_unknown || ours?.discrepancy ? null : (ours?.gateway_state ?? null),
      }
    }

    /** One order-query request for up to 100 open payments, and what it says applied to each. */
    const reconcile = async (chunk: Open[]) => {
      summary.requests++
      summary.checked += chunk.length
      const res = await client.orderQuery({ orders: chunk.map((o) => o.order_no) })
      const unchanged: string[] = []
      for (const open of chunk) {
        const record = pickSessionRecord(res.orders_list ?? [], open.order_no, open.transaction_id, open.superseded)
        if (record && open.known && stateOfRecord(record) === open.known) {
          unchanged.push(open.order_no) // the gateway agrees with what Medusa recorded: nothing to apply
          continue
        }
        try {
          const r = await applyGatewayState(container, open.order_no, record)
          if (r.changes.length) summary.changed++
          if (r.discrepancy) summary.discrepancies.push({ order_no: open.order_no, reason: r.discrepancy })
        } catch (err) {
          summary.discrepancies.push({ order_no: open.order_no, reason: String(redact((err as Error).message)) })
        }
      }
      if (unchanged.length) {
        await gatewayModule.updateGatewayPayments({ selector: { order_no: unchanged }, data: { last_reconciled_at: new Date() } })
      }
    }
    const concurrency = options.concurrency ?? 2

    // Open payments (authorised but neither captured nor canceled, or with an unknown capture/cancel outcome),
    // then open sessions (waiting for the shopper, held for review, outcome unknown: in this order, a payment a
    // session turns into is not checked twice), each with the gateway state Medusa last recorded. Read a page at
    // a time by id (keyset: stable while the run changes what it reads) and reconciled as they are read, so
    // memory stays flat however many there are.
    for (let after = ""; ; ) {
      const payments = await paymentModule.listPayments(
        filter({ provider_id: GATEWAY_PROVIDER_IDS, created_at: { $gte: since.toISOString() }, ...(after ? { id: { $gt: after } } : {}) }),
        { select: ["id", "data", "captured_at", "canceled_at"], take: PAGE, order: { id: "ASC" } }
      )
      const open: Open[] = []
      for (const p of payments) {
        const d = (p.data ?? {}) as Record<string, unknown>
        if (((!p.captured_at && !p.canceled_at) || d.outcome_unknown) && typeof d.order_no === "string") open.push(openOf(d.order_no, d))
      }
      await runInBatches("orderQuery", open, reconcile, concurrency)
      if (payments.length < PAGE) break
      after = payments[payments.length - 1]!.id
    }
    for (let after = ""; ; ) {
      const sessions = await paymentModule.listPaymentSessions(
        filter({
          provider_id: GATEWAY_PROVIDER_IDS,
          status: ["pending", "requires_more", "pending_authorization"],
          created_at: { $gte: since.toISOString() },
          ...(after ? { id: { $gt: after } } : {}),
        }),
        { select: ["id", "data", "status"], take: PAGE, order: { id: "ASC" } }
      )
      const open: Open[] = []
      for (const s of sessions) {
        const d = (s.data ?? {}) as Record<string, unknown>
        if (s.status === "pending" && d.method === "card" && !d.transaction_id && !d.outcome_unknown) continue // no card posted
        open.push(openOf(s.id, d))
      }
      await runInBatches("orderQuery", open, reconcile, concurrency)
      if (sessions.length < PAGE) break
      after = sessions[sessions.length - 1]!.id
    }
    // Payments with a dispute the gateway reported that Medusa has not settled (still open, or lost and not yet
    // booked), whatever their age: a lost chargeback reaches Medusa even when its notification could not be
    // processed.
    for (let after = ""; ; ) {
      const rows = await gatewayModule.listGatewayPayments(
        { disputes: { $ne: null }, ...(after ? { id: { $gt: after } } : {}) } as never,
        { select: ["id", "order_no", "disputes", "gateway_state"], take: PAGE, order: { id: "ASC" } }
      )
      const open: Open[] = rows
        .filter((r) => r.gateway_state !== "charged_back" && unsettledDispute(r.disputes))
        .map((r) => ({ order_no: r.order_no, transaction_id: null, superseded: [], known: null }))
      await runInBatches("orderQuery", open, reconcile, concurrency)
      if (rows.length < PAGE) break
      after = rows[rows.length - 1]!.id
    }
  })
}

const unsettledDispute = (disputes: unknown) =>
  Array.isArray(disputes) && disputes.some((d) => ["OPEN", "LOST"].includes(String((d as { status?: unknown })?.status ?? "").toUpperCase()))

export async function runRefundSync(container: MedusaContainer, options: SyncOptions = {}): Promise<SyncSummary> {
  return withRun(container, "refund_sync", async (summary) => {
    const client = configuredAcquiringClient()
    if (!client) throw new Error("the gateway payment provider is not configured")
    const paymentModule = container.resolve(Modules.PAYMENT)
    const gatewayModule = container.resolve<GatewayModuleService>(GATEWAY_MODULE)
    const since = new Date(Date.now() - (options.lookbackDays ?? 30) * 86400_000)

    // refund id -> the payment and order it belongs to, for refunds the gateway has not settled yet
    const open = new Map<string, { paymentId: string; orderNo: string }>()
    for (let after = ""; ; ) {
      const payments = await paymentModule.listPayments(
        filter({ provider_id: GATEWAY_PROVIDER_IDS, created_at: { $gte: since.toISOString() }, ...(after ? { id: { $gt: after } } : {}) }),
        { select: ["id", "data"], take: PAGE, order: { id: "ASC" } }
      )
      for (const p of payments) {
        const orderNo = typeof p.data?.order_no === "string" ? p.data.order_no : null
        if (!orderNo) continue
        for (const r of openRefunds(p.data)) open.set(r.reference, { paymentId: p.id, orderNo })
      }
      if (payments.length < PAGE) break
      after = payments[payments.length - 1]!.id
    }
    summary.checked = open.size
    const updates = new Map<string, RefundUpdate[]>()
    const searched = new Map<string, string[]>()
    await runInBatches(
      "refundSearch",
      [...open.keys()],
      async (chunk) => {
        summary.requests++
        const res = await client.refundSearch({ merchant_refunds: chunk })
        for (const ref of chunk) {
          const { paymentId } = open.get(ref)!
          searched.set(paymentId, [...(searched.get(paymentId) ?? []), ref])
        }
        for (const rec of res.refund_orders) {
          const owner = rec.refund_reference ? open.get(rec.refund_reference) : undefined
          if (!owner) continue
          updates.set(owner.paymentId, [...(updates.get(owner.paymentId) ?? []), refundUpdateOf(rec)])
        }
      },
      options.concurrency ?? 2
    )
    for (const [paymentId, refs] of searched) {
      const orderNo = open.get(refs[0]!)!.orderNo
      const { changed, failed, missing } = await applyRefundUpdates(container, paymentId, orderNo, updates.get(paymentId) ?? [], refs)
      summary.changed += changed
      const reasons = [
        ...failed.map((ref) => `refund ${ref} failed at the gateway after Medusa booked it`),
        ...missing.map((ref) => `refund ${ref}: its answer was lost and the gateway has no such refund; it was most likely not made`),
      ]
      for (const reason of reasons) summary.discrepancies.push({ order_no: orderNo, reason })
      if (reasons.length) await upsertGatewayPayment(gatewayModule, orderNo, { discrepancy: reasons.join("; ") })
    }
  })
}

/** Runs `work` under the job's lock, records the run in the module and logs its one-line summary. */
async function withRun(container: MedusaContainer, job: SyncSummary["job"], work: (s: SyncSummary) => Promise<void>): Promise<SyncSummary> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const locking = container.resolve(Modules.LOCKING)
  const gatewayModule = container.resolve<GatewayModuleService>(GATEWAY_MODULE)
  const summary: SyncSummary = { job, status: "succeeded", checked: 0, changed: 0, requests: 0, discrepancies: [], error: null }
  const key = `gateway:${job}`
  const ownerId = `${job}:${process.pid}:${Date.now()}:${Math.random().toString(36).slice(2)}`
  let acquired = false
  try {
    // Throws at once when another run (this instance or another sharing the locking provider) holds it.
    await locking.acquire(key, { ownerId, expire: 600 })
    acquired = true
  } catch (err) {
    summary.status = "skipped"
    summary.error = `another run holds the lock (${String(redact((err as Error).message))})`
    logger.info(`Gateway ${job}: skipped, ${summary.error}`)
    return summary
  }
  const run = await gatewayModule.createGatewaySyncRuns({ job, status: "running", started_at: new Date() })
  try {
    await work(summary)
  } catch (err) {
    summary.status = "failed"
    summary.error =
      err instanceof GatewayApiError && err.returnStatus === "7"
        ? `IP not registered with the gateway: register this server's address for the order query (${err.gatewayMessage})`
        : String(redact((err as Error).message))
  } finally {
    await gatewayModule.updateGatewaySyncRuns({
      id: run.id,
      status: summary.status === "failed" ? "failed" : "succeeded",
      finished_at: new Date(),
      checked: summary.checked,
      changed: summary.changed,
      requests: summary.requests,
      discrepancies: { items: summary.discrepancies },
      error: summary.error,
    })
    if (acquired) await locking.release(key, { ownerId }).catch(() => undefined)
  }
  const line = `Gateway ${job}: ${summary.status}, checked ${summary.checked}, changed ${summary.changed}, requests ${summary.requests}, discrepancies ${summary.discrepancies.length}${summary.error ? `, error: ${summary.error}` : ""}`
  if (summary.status === "failed") logger.error(line)
  else logger.info(line)
  return summary
}
