/**
 * `medusa exec bench/medusa/reconcile.ts`: runs the reconciliation benchmark inside the app (for its
 * container). The sandbox runs in its own process (bench/reconciliation.ts started it; the provider was
 * configured with its URL, GATEWAY_BASE_URL) and is driven through its control API, so that this process's
 * memory is the sync's alone. For every run of BENCH_RECON_RUNS (sessions@latency): seeds the open sessions
 * (database rows here, transactions in the sandbox), takes the RSS baseline, runs runOrderSync and samples RSS
 * every 10 ms while it runs; then times the floor: the same ⌈N/100⌉ order queries of the same orders through
 * the same client at the same concurrency, without Medusa (no database read, nothing applied).
 * BENCH_RECON_PROFILE_DIR: a CPU profile of each run's sync (only) is written there; BENCH_RECON_HEAP_PROFILE_DIR:
 * a heap profile of what the sync allocated that outlived a young-generation collection (bench/lib/profiles.ts).
 * A run that the rate measured so far says would end after BENCH_RECON_BUDGET_S is skipped (and listed as
 * such, with its estimate). Prints `RECONCILED {json}`.
 */
import v8 from "node:v8"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { syncConcurrency } from "../../src/domain"
import { runInBatches, splitBatch } from "../../src/lib/gateway"
import { runOrderSync } from "../../src/reconciliation"
import { openPaymentPages } from "../../src/reconciliation/open-payment-pages"
import { heapProfiled, profiled } from "../lib/profiles"
import { BENCH_PREFIX, hideOtherGatewayRows, removeOpenSessions, seedOpenSessions } from "./seed-open-sessions"

/** BENCH_RECON_RUNS: `sessions@latencyMs` pairs, in order, e.g. "1000@0,1000@50,10000@0". */
function plannedRuns(): [number, number][] {
  return (process.env.BENCH_RECON_RUNS ?? "1000@0,1000@50")
    .split(",")
    .filter(Boolean)
    .map((run) => {
      const [size, latency] = run.split("@").map(Number)
      return [size!, latency ?? 0]
    })
}
const MB = 1024 * 1024

function collectGarbage() {
  const gc = (globalThis as { gc?: () => void }).gc
  if (gc) {
    gc()
    gc()
  }
}

/** The sandbox's control API (`/sandbox/*`, sandbox/README.md). */
function sandboxControl(url: string) {
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}/sandbox/${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    })
    if (!res.ok)
      throw new Error(`sandbox ${method} /sandbox/${path}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`)
    return res.json()
  }
  return {
    reset: () => call("POST", "reset"),
    latency: (ms: number) =>
      call("POST", "faults", { rules: ms > 0 ? [{ path: "/v1/retrievalTrans", fault: "latency", ms }] : [] }),
    stats: () => call("GET", "stats") as Promise<{ total: number; byPath: Record<string, number> }>,
  }
}

export default async function reconcile({ container }: { container: MedusaContainer }) {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const gateway = container.resolve("gateway")
  const sandboxUrl = process.env.GATEWAY_BASE_URL!
  const sandbox = sandboxControl(sandboxUrl)
  const concurrency = syncConcurrency(gateway.paymentOptions())
  const pagesSource = openPaymentPages(container, container.resolve(Modules.PAYMENT)).source
  const runs: Record<string, unknown>[] = []
  await hideOtherGatewayRows(pg)
  const deadline = Date.now() + Number(process.env.BENCH_RECON_BUDGET_S ?? "600") * 1000
  let msPerSession = 0
  for (const [size, latency] of plannedRuns()) {
    // Keep the whole run in its time budget: a size the measured rate says cannot finish is not started.
    const estimate = Math.round(size * msPerSession)
    if (msPerSession > 0 && Date.now() + estimate > deadline) {
      runs.push({
        sessions: size,
        latency_ms: latency,
        skipped: true,
        estimated_wall_ms: estimate,
        reason: "over the time budget (BENCH_RECON_BUDGET_S) at the rate measured so far",
      })
      continue
    }
    await removeOpenSessions(pg)
    await sandbox.reset()
    const seedStart = Date.now()
    await seedOpenSessions(pg, sandboxUrl, size)
    const seedMs = Date.now() - seedStart
    await sandbox.latency(latency)
    collectGarbage()
    const baseline = process.memoryUsage.rss()
    const heapBaseline = process.memoryUsage().heapUsed
    let peak = baseline
    let heapPeak = heapBaseline
    // Which of V8's spaces holds the heap's peak (young garbage, promoted garbage, large objects).
    const spaces = () => Object.fromEntries(v8.getHeapSpaceStatistics().map((x) => [x.space_name, x.space_used_size]))
    const spaceBaseline = spaces()
    let spacesAtPeak = spaceBaseline
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss())
      const used = process.memoryUsage().heapUsed
      if (used > heapPeak) {
        heapPeak = used
        spacesAtPeak = spaces()
      }
    }, 10)
    const t = process.hrtime.bigint()
    const name = `order-sync-${size}@${latency}ms`
    const summary = await heapProfiled(process.env.BENCH_RECON_HEAP_PROFILE_DIR, name, () =>
      profiled(process.env.BENCH_RECON_PROFILE_DIR, name, () => runOrderSync(container))
    )
    const wallMs = Number(process.hrtime.bigint() - t) / 1e6
    clearInterval(sampler)
    peak = Math.max(peak, process.memoryUsage.rss())
    const sent = (await sandbox.stats()).byPath["/v1/retrievalTrans"] ?? 0
    collectGarbage()
    const retained = process.memoryUsage()

    // The floor: the order queries alone, same client, same concurrency (its memory peak too: the client's share).
    const orderNos = Array.from({ length: size }, (_, i) => `${BENCH_PREFIX}${i + 1}`)
    collectGarbage()
    const floorBaseline = process.memoryUsage.rss()
    let floorPeak = floorBaseline
    const floorSampler = setInterval(() => (floorPeak = Math.max(floorPeak, process.memoryUsage.rss())), 10)
    const f = process.hrtime.bigint()
    // Each answer dropped once read, as the sync drops it (kept, they would be the floor's memory peak).
    await runInBatches(
      "orderQuery",
      orderNos,
      async (orders) => void (await gateway.acquiring().orderQuery({ orders })),
      concurrency
    )
    const floorMs = Number(process.hrtime.bigint() - f) / 1e6
    clearInterval(floorSampler)

    msPerSession = Math.max(msPerSession, wallMs / size)
    runs.push({
      sessions: size,
      latency_ms: latency,
      concurrency,
      pages_read_with: pagesSource,
      status: summary.status,
      error: summary.error,
      checked: summary.checked,
      changed: summary.changed,
      discrepancies: summary.discrepancies.length,
      requests_sent: sent,
      // 100 orders a request, fewer when their numbers pass the filter's 1,000 characters (the order query's limit).
      requests_expected: splitBatch("orderQuery", [...orderNos].sort()).length,
      wall_ms: Math.round(wallMs),
      floor_ms: Math.round(floorMs),
      ratio: Math.round((wallMs / floorMs) * 100) / 100,
      peak_rss_over_baseline_mb: Math.round(((peak - baseline) / MB) * 10) / 10,
      // What the run left behind once collected (retention), and the JS heap's own peak (garbage included).
      rss_after_gc_over_baseline_mb: Math.round(((retained.rss - baseline) / MB) * 10) / 10,
      heap_used_after_gc_over_baseline_mb: Math.round(((retained.heapUsed - heapBaseline) / MB) * 10) / 10,
      peak_heap_used_over_baseline_mb: Math.round(((heapPeak - heapBaseline) / MB) * 10) / 10,
      peak_heap_by_space_over_baseline_mb: Object.fromEntries(
        Object.entries(spacesAtPeak)
          .map(([k, v]) => [k, Math.round(((v - (spaceBaseline[k] ?? 0)) / MB) * 10) / 10])
          .filter(([, v]) => v !== 0)
      ),
      floor_peak_rss_over_baseline_mb: Math.round(((floorPeak - floorBaseline) / MB) * 10) / 10,
      baseline_rss_mb: Math.round(baseline / MB),
      seed_ms: seedMs,
    })
    process.stderr.write(`reconciliation: ${JSON.stringify(runs[runs.length - 1])}\n`)
  }
  await removeOpenSessions(pg)
  process.stdout.write(`RECONCILED ${JSON.stringify(runs)}\n`)
}
