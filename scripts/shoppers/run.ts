/**
 * The shopper-behaviour harness (issue 33), beside the crash harness (scripts/crash): this repository booted as a
 * real `medusa start` store on an embedded PostgreSQL (prepareCrashStore) with the gateway sandbox in its own
 * process; seeded random shoppers (./journeys.ts) run several journeys at once against it, each on its own cart:
 * card, decline and retry, 3-D Secure passed and failed, risk review, APM, hosted page, switching methods while at
 * the bank and finishing the old one afterwards, two tabs, double clicks, the back button after paying, finishing at
 * the bank after the cart changed or after the release time, abandoned checkouts, a saved card, a subscription.
 * The sandbox adds random latency, 503s and dropped answers (the change made) on /v1/authorise, /v1/cancel,
 * /v1/retrievalTrans and /v1/refund while they run, and staff's jobs (order sync, refund sync) run every few seconds
 * as a store's schedule would. Then it settles: faults cleared, past the settling deadline and the release time,
 * notifications delivered, the jobs run at least three times and on past the release time of the last change they
 * made; and the invariants (./invariants.ts) are checked against the
 * sandbox's ledger and Medusa's tables.
 *
 * Env: SHOPPERS_JOURNEYS (1000), SHOPPERS_SEED (1), SHOPPERS_CONCURRENCY (4), SHOPPERS_FAULT_RATE (0.05: the share of
 * gateway requests answered 503, and the share dropped after processing; a latency of 0.1-1.5 s on four times as
 * many, at most half), SHOPPERS_SETTLE_AFTER_S (6: the store's GATEWAY_SETTLE_AFTER_SECONDS, at least twice its
 * shortened timeouts), SHOPPERS_RELEASE_AFTER_S (10: the store's GATEWAY_RELEASE_AFTER_SECONDS),
 * SHOPPERS_SYNC_EVERY_S (10: the jobs' period during the run; 0 = only when settling), SHOPPERS_CAPTURE (manual |
 * automatic: the store's capture option), SHOPPERS_PORT (the store's port, a free one), SHOPPERS_BUDGET_S (no new
 * journey once this many seconds passed since the first one began: the run settles and checks what it did, and says
 * so), SHOPPERS_MIN_JOURNEYS (1: a run that finished fewer journeys fails, so a slow machine cannot pass a run that
 * checked next to nothing), SHOPPERS_OUT (also write
 * the JSON there), SHOPPERS_JOURNEYS_OUT (every journey's record, steps included, as JSON), SHOPPERS_VERBOSE (a line
 * per journey on stderr), SHOPPERS_HOLD_S (keep the store, its database and the sandbox up this long after the
 * check, their addresses on stderr, to look at them by hand; with SHOPPERS_HOLD_ON_VIOLATION=1 only when a check
 * failed). Prints one JSON object; exits 1 on any violation, 2 when the harness itself failed.
 * A run is reproducible from its seed in what each shopper does (the journeys and their choices); the sandbox picks
 * which requests the faults hit, and journeys interleave as the machine runs them.
 */
import { writeFileSync } from "node:fs"
import { freePort } from "../../bench/lib/free-port"
import { rng } from "../crash/driver"
import { printViolationLines, runHarness } from "../crash/harness"
import { adminCall, sandboxCall } from "./client"
import { checkInvariants } from "./invariants"
import { journeyPlan, JourneyRecord, runJourney } from "./journeys"

/**
 * The store's gateway timeouts, shortened as the crash harness does so that a short settling deadline is allowed (the
 * plugin refuses one below twice connect + total): connect 0.5 s, the whole answer 2.5 s (more than the longest
 * latency fault, 1.5 s). Stores without these options ignore them.
 */
const TIMEOUTS = { GATEWAY_TIMEOUT_CONNECT_MS: "500", GATEWAY_TIMEOUT_TOTAL_MS: "2500" }
/** The gateway paths the faults hit. */
const FAULT_PATHS = ["/v1/authorise", "/v1/cancel", "/v1/retrievalTrans", "/v1/refund"]

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const num = (name: string, fallback: number) =>
  process.env[name] !== undefined && process.env[name] !== "" ? Number(process.env[name]) : fallback

async function main() {
  const count = num("SHOPPERS_JOURNEYS", 1000)
  const seed = num("SHOPPERS_SEED", 1)
  const concurrency = Math.max(1, num("SHOPPERS_CONCURRENCY", 4))
  const faultRate = Math.min(1, Math.max(0, num("SHOPPERS_FAULT_RATE", 0.05)))
  // The store's settling deadline (GATEWAY_SETTLE_AFTER_SECONDS) and release time (GATEWAY_RELEASE_AFTER_SECONDS).
  const SETTLE_AFTER_SECONDS = num("SHOPPERS_SETTLE_AFTER_S", 6)
  const releaseAfter = num("SHOPPERS_RELEASE_AFTER_S", 10)
  const syncEvery = num("SHOPPERS_SYNC_EVERY_S", 10)
  const budgetS = num("SHOPPERS_BUDGET_S", Infinity)
  const minJourneys = num("SHOPPERS_MIN_JOURNEYS", 1)
  const capture = process.env.SHOPPERS_CAPTURE === "automatic" ? "automatic" : "manual"
  const verbose = Boolean(process.env.SHOPPERS_VERBOSE)
  const t0 = Date.now()
  const harness = {
    port: async () => num("SHOPPERS_PORT", await freePort()),
    settleAfterSeconds: SETTLE_AFTER_SECONDS,
    env: {
      ...TIMEOUTS,
      // reconciliation.release_after_seconds: a checkout that is no order within this time has its funds released.
      GATEWAY_RELEASE_AFTER_SECONDS: String(releaseAfter),
      // Time runs fast here: a notification's deliveries have the gateway read again after 2 s, not a minute.
      GATEWAY_NOTIFICATION_READ_INTERVAL_SECONDS: "2",
      GATEWAY_CAPTURE: capture,
      // Every shopper posts from 127.0.0.1 with the sandbox's few test cards: the per-address and per-card caps
      // (1000 an hour in medusa-config.ts) would refuse a long run's posts; the per-session and per-cart caps stay.
      GATEWAY_CARD_ATTEMPTS_PER_ADDRESS: "1000000",
      GATEWAY_CARD_ATTEMPTS_PER_CARD: "1000000",
    },
  }
  await runHarness("shopper harness", harness, async ({ sandbox, store, db, prepared }) => {
    const firstBoot = await store.start()
    const seeded = store.seeded
    const storeUrl = store.url

    // --- Faults: random latency, 503s and dropped answers, re-drawn every few seconds from the run's seed.
    const faultRandom = rng(seed * 31 + 7)
    let faultsOn = faultRate > 0
    const drawFaults = async () => {
      if (!faultsOn) return
      const rules = FAULT_PATHS.flatMap((path) => [
        { path, fault: "latency", ms: faultRandom.int(100, 1500), rate: Math.min(0.5, faultRate * 4) },
        { path, fault: "error5xx", rate: faultRate },
        { path, fault: "drop", rate: faultRate },
      ])
      await sandboxCall(sandbox.url, "POST", "/sandbox/faults", { rules }).catch(() => undefined)
    }
    let drawing = drawFaults()
    const faultTimer = setInterval(() => void (drawing = drawFaults()), 5000)

    // --- Staff's schedule: the order sync and refund sync every few seconds.
    const syncs = { runs: 0, failed: 0, last_failure: "" }
    /** Runs the two sync jobs once; answers how many payments they changed. */
    const runJobs = async (strict: boolean): Promise<number> => {
      let changed = 0
      for (const job of ["order_sync", "refund_sync"]) {
        const r = await adminCall(storeUrl, seeded, "POST", "/admin/gateway/sync-runs", { job })
        syncs.runs++
        if (r.status !== 200) {
          syncs.failed++
          syncs.last_failure = `${job}: HTTP ${r.status} ${JSON.stringify(r.data).slice(0, 300)}`
          if (strict) throw new Error(syncs.last_failure)
        }
        changed += Number((r.data as { summary?: { changed?: number } } | null)?.summary?.changed ?? 0)
      }
      return changed
    }
    let stopSyncs = false
    const syncLoop = (async () => {
      if (!(syncEvery > 0)) return
      while (!stopSyncs) {
        await sleep(syncEvery * 1000)
        if (!stopSyncs) await runJobs(false).catch(() => undefined)
      }
    })()

    // --- The shoppers.
    const plan = journeyPlan(count, seed)
    const env = { storeUrl, seeded, seed, releaseAfterSeconds: releaseAfter }
    const records: JourneyRecord[] = []
    let next = 0
    let stoppedByBudget = false
    let lastEnd = Date.now()
    const journeysStart = Date.now()
    const worker = async () => {
      for (;;) {
        if ((Date.now() - journeysStart) / 1000 > budgetS) {
          stoppedByBudget = next < plan.length
          return
        }
        const n = next++
        if (n >= plan.length) return
        const rec = await runJourney(env, n + 1, plan[n]!)
        records.push(rec)
        lastEnd = Date.now()
        if (verbose) {
          const c = rec.checkouts.map((x) => `${x.cart_id}:${x.shown}${x.order_id ? `(${x.order_id})` : ""}`).join(" ")
          process.stderr.write(
            `journey ${rec.n}/${plan.length} ${rec.kind}${rec.variant ? `/${rec.variant}` : ""} ${rec.ms}ms ${c}${rec.error ? ` ERROR ${rec.error}` : ""}\n`
          )
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, worker))
    const journeysDone = Date.now()

    // --- Settle: no faults, past the settling deadline and the release time, notifications in, the jobs thrice.
    faultsOn = false
    clearInterval(faultTimer)
    await drawing // a draw in flight must not land after the faults are cleared
    await sandboxCall(sandbox.url, "DELETE", "/sandbox/faults")
    stopSyncs = true
    await syncLoop
    const quietUntil = lastEnd + (Math.max(SETTLE_AFTER_SECONDS, releaseAfter) + 1) * 1000
    await sleep(Math.max(0, quietUntil - Date.now()))
    await notificationsDelivered(sandbox.url, 60_000)
    // At least three runs, and on until one runs past the release time of the last change a run made: a change
    // (a session read as held for review, say) starts the clock of what the next runs may release.
    let lastChange = Date.now()
    for (let i = 0; i < 8; i++) {
      // Past the settling deadline of what the previous run did (a void, a completion it started).
      if (i > 0) await sleep(SETTLE_AFTER_SECONDS * 1000 + 500)
      if (await runJobs(true)) lastChange = Date.now()
      await notificationsDelivered(sandbox.url, 30_000)
      if (i >= 2 && Date.now() - lastChange > (Math.max(SETTLE_AFTER_SECONDS, releaseAfter) + 1) * 1000) break
    }
    // What the last notifications set going (the store handles them after answering) has finished.
    await sleep(2000)
    const left = await sandboxCall(sandbox.url, "GET", "/sandbox/faults")
    if (left?.rules?.length) throw new Error(`fault rules still set while settling: ${JSON.stringify(left.rules)}`)
    const settled = Date.now()
    const { violations, counts, notes } = await checkInvariants(db, sandbox.url, records, {
      releaseAfterSeconds: releaseAfter,
    })

    records.sort((a, b) => a.n - b.n)
    const byKind: Record<string, Record<string, number>> = {}
    for (const r of records) {
      const k = (byKind[r.kind] ??= { journeys: 0 })
      k.journeys++
      for (const c of r.checkouts) k[c.shown] = (k[c.shown] ?? 0) + 1
      if (r.error) k.harness_errors = (k.harness_errors ?? 0) + 1
    }
    const violationsByInvariant: Record<string, number> = {}
    for (const x of violations) violationsByInvariant[x.invariant] = (violationsByInvariant[x.invariant] ?? 0) + 1
    const ms = records.map((r) => r.ms).sort((a, b) => a - b)
    const summary = {
      seed,
      journeys: records.length,
      journeys_asked: count,
      stopped_by_budget: stoppedByBudget,
      concurrency,
      fault_rate: faultRate,
      capture,
      release_after_seconds: releaseAfter,
      settle_after_seconds: SETTLE_AFTER_SECONDS,
      journeys_by_kind: byKind,
      shown: notes.shown,
      harness_errors: records.filter((r) => r.error).map((r) => ({ n: r.n, kind: r.kind, error: r.error })),
      gateway: counts,
      notes: { ...notes, shown: undefined },
      syncs,
      violations: violations.length,
      violations_by_invariant: violationsByInvariant,
      violation_details: violations,
      journey_ms: {
        p50: ms[Math.floor(ms.length / 2)] ?? null,
        p90: ms[Math.floor(ms.length * 0.9)] ?? null,
        max: ms[ms.length - 1] ?? null,
      },
      time_s: Math.round((Date.now() - t0) / 1000),
      prepare_s: Math.round((prepared - t0) / 1000),
      first_boot_ms: firstBoot,
      journeys_s: Math.round((journeysDone - journeysStart) / 1000),
      settle_s: Math.round((settled - journeysDone) / 1000),
    }
    const text = JSON.stringify(summary, null, 2)
    process.stdout.write(`${text}\n`)
    if (process.env.SHOPPERS_OUT) writeFileSync(process.env.SHOPPERS_OUT, text)
    if (process.env.SHOPPERS_JOURNEYS_OUT)
      writeFileSync(process.env.SHOPPERS_JOURNEYS_OUT, JSON.stringify(records, null, 2))
    printViolationLines(violations)
    const holdS = num("SHOPPERS_HOLD_S", 0)
    if (holdS > 0 && (violations.length || !process.env.SHOPPERS_HOLD_ON_VIOLATION)) {
      // For checking by hand: the store, its database and the sandbox stay up this long.
      process.stderr.write(
        `holding for ${holdS} s: store ${storeUrl}, database ${store.databaseUrl}, sandbox ${sandbox.url}\n`
      )
      await sleep(holdS * 1000)
    }
    if (records.length < minJourneys)
      process.stderr.write(`only ${records.length} journeys ran, fewer than SHOPPERS_MIN_JOURNEYS (${minJourneys})\n`)
    return violations.length || records.length < minJourneys ? 1 : 0
  })
}

/** Waits until the sandbox has no notification still being sent (delivered, or given up), at most `ms`. */
async function notificationsDelivered(url: string, ms: number): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    const list: any[] = await sandboxCall(url, "GET", "/sandbox/notifications").catch(() => [])
    if (!list.some((n) => n.state === "sending")) return
    await sleep(250)
  }
}

void main()
