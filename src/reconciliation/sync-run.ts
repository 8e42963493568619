/**
 * One run of a reconciliation job: under the job's lock (one run at a time across Medusa instances sharing a
 * locking provider: Redis, or PostgreSQL, never the in-memory default with several instances), recorded
 * in the module with its summary, and logged in one line. A run that crashes leaves nothing half-done: every
 * session is applied on its own, and the next run starts again from what is still open.
 */
import type { IPaymentModuleService, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { AcquiringClient, GatewayApiError, redact } from "../lib/gateway"
import { syncConcurrency } from "../domain"
import type GatewayModuleService from "../modules/gateway/service"
import type { SyncSummary } from "./results"
import { openPaymentPages, OpenPaymentPages } from "./open-payment-pages"

export interface SyncOptions {
  /** Only sessions and payments created within this many days are checked (default 30). */
  lookbackDays?: number
  /**
   * Order-query / refund-search requests in flight at once; default: the provider's `sync_concurrency` option
   * (./domain/options.ts). Never more than the run has chunks of 100 to send.
   */
  concurrency?: number
}

export type { SyncSummary } from "./results"

export { PAGE } from "./open-payment-pages"

/** What a run works with. */
export interface SyncContext {
  gatewayModule: GatewayModuleService
  client: AcquiringClient
  paymentModule: IPaymentModuleService
  /** The gateway payments and sessions, a page at a time (./open-payment-pages.ts). */
  pages: OpenPaymentPages
  /** Rows created since this moment (ISO text) are checked: `lookbackDays`. */
  createdSince: string
  /** Requests of 100 in flight at once (`concurrency`, or the `sync_concurrency` option). */
  concurrency: number
}

/**
 * How long the job's lock outlives a process that stopped without releasing it (a crash, a deploy that killed a
 * worker mid-run): the locking provider renews it every third of this while the run goes on (Redis), or holds
 * it as long as the run's database session (PostgreSQL) or process (in-memory).
 */
export const JOB_LOCK_LEASE_SECONDS = 60

/**
 * Runs `work` under the job's lock, records the run in the module and logs its one-line summary. The lock is
 * Medusa's `locking.execute` (held exactly while the run goes on, whatever the provider), waiting at most 1 s:
 * a run that finds another one (on this instance or any other sharing the locking provider) holding it is
 * skipped. Not `acquire` with an expiry: that lease was never renewed (a run longer than it could overlap the
 * next), and the PostgreSQL provider never takes over an expired lock of another owner (after a crash, the job
 * would be skipped for good).
 */
export async function withRun(
  container: MedusaContainer,
  job: SyncSummary["job"],
  options: SyncOptions,
  work: (s: SyncSummary, ctx: SyncContext) => Promise<void>
): Promise<SyncSummary> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const locking = container.resolve(Modules.LOCKING)
  const gatewayModule = container.resolve("gateway")
  const summary: SyncSummary = {
    job,
    status: "succeeded",
    checked: 0,
    changed: 0,
    requests: 0,
    discrepancies: [],
    error: null,
  }
  let locked = false
  let runId: string | null = null
  try {
    await locking.execute(
      `gateway:${job}`,
      async () => {
        locked = true
        const run = await gatewayModule.createGatewaySyncRuns({ job, status: "running", started_at: new Date() })
        runId = run.id
        try {
          const paymentModule = container.resolve(Modules.PAYMENT)
          await work(summary, {
            gatewayModule,
            client: gatewayModule.acquiring(),
            paymentModule,
            pages: openPaymentPages(container, paymentModule),
            createdSince: new Date(Date.now() - (options.lookbackDays ?? 30) * 86400_000).toISOString(),
            concurrency: options.concurrency ?? syncConcurrency(gatewayModule.paymentOptions()),
          })
        } catch (err) {
          summary.status = "failed"
          summary.error =
            err instanceof GatewayApiError && err.returnStatus === "7"
              ? `IP not registered with the gateway: register this server's address for the order query (${err.gatewayMessage})`
              : String(redact((err as Error).message))
        } finally {
          await recordRun(gatewayModule, run.id, summary)
        }
      },
      { timeout: 1, expire: JOB_LOCK_LEASE_SECONDS }
    )
  } catch (err) {
    const message = String(redact((err as Error).message))
    if (!locked) {
      summary.status = "skipped"
      summary.error = `another run holds the lock (${message})`
      logger.info(`Gateway ${job}: skipped, ${summary.error}`)
      return summary
    }
    if (!runId) throw err // the run could not be recorded: nothing was done
    // The provider could not keep the lock while the run went on (e.g. Redis out of reach past the lease): it may
    // have overlapped another run. Everything it applied is applied per payment under that payment's own lock.
    summary.status = "failed"
    summary.error = `the job's lock was lost during the run (${message})`
    await recordRun(gatewayModule, runId, summary)
  }
  const line = `Gateway ${job}: ${summary.status}, checked ${summary.checked}, changed ${summary.changed}, requests ${summary.requests}, discrepancies ${summary.discrepancies.length}${summary.error ? `, error: ${summary.error}` : ""}`
  if (summary.status === "failed") logger.error(line)
  else logger.info(line)
  return summary
}

/** Writes a run's summary to its record. */
async function recordRun(gatewayModule: GatewayModuleService, id: string, summary: SyncSummary): Promise<void> {
  await gatewayModule.updateGatewaySyncRuns({
    id,
    status: summary.status === "failed" ? "failed" : "succeeded",
    finished_at: new Date(),
    checked: summary.checked,
    changed: summary.changed,
    requests: summary.requests,
    discrepancies: { items: summary.discrepancies },
    error: summary.error,
  })
}
