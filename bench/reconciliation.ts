/**
 * Reconciliation: runOrderSync over N open sessions seeded directly in the database, with the sandbox in its
 * own process (seeded through its control API, `POST /sandbox/transactions`) answering the order query after
 * 0 or 50 ms. Per size and latency: order-query requests sent (must be ⌈N/100⌉), wall time against its floor
 * (the same order queries alone, same client and concurrency, no database), and peak RSS of the app's process
 * over the baseline taken after seeding (the sync's memory alone: the sandbox is elsewhere). The run happens in
 * `medusa exec bench/medusa/reconcile.ts` (Medusa's container); this script prepares the store and the
 * sandbox, starts that and prints one JSON object.
 *
 *   BENCH_RECON_SIZES=1000,10000 BENCH_RECON_LATENCIES=0,50   the grid
 *   BENCH_RECON_LARGE=100000 BENCH_RECON_LARGE_LATENCY=50     then this size once at this latency (0 = none)
 *   BENCH_RECON_BUDGET_S=240                                   runs the measured rate says would end later are skipped
 *   BENCH_RECON_PROFILE=1                                      a CPU profile of each sync in $TMPDIR/gateway-bench-profiles/
 *   BENCH_RECON_HEAP_PROFILE=1                                 a heap profile of each sync's promoted allocations there
 */
import os from "node:os"
import path from "node:path"
import { execInStore, prepareStore, storeEnv } from "./lib/medusa-store"
import { startSandboxProcess } from "./lib/sandbox-process"
import { target } from "./lib/stats"
import { runMain } from "./lib/run-main"

const PROFILE_DIR = path.join(os.tmpdir(), "gateway-bench-profiles")
const LARGE = Number(process.env.BENCH_RECON_LARGE ?? "100000")
const LARGE_LATENCY = Number(process.env.BENCH_RECON_LARGE_LATENCY ?? "50")

interface Run {
  sessions: number
  latency_ms: number
  requests_sent: number
  requests_expected: number
  wall_ms: number
  peak_rss_over_baseline_mb: number
  skipped?: boolean
  estimated_wall_ms?: number
  [k: string]: unknown
}

async function reconcile(databaseUrl: string, sandboxUrl: string, runs: string[]): Promise<Run[]> {
  const env = storeEnv(databaseUrl, sandboxUrl, {
    BENCH_RECON_RUNS: runs.join(","),
    BENCH_RECON_BUDGET_S: process.env.BENCH_RECON_BUDGET_S ?? "240",
    ...(process.env.BENCH_RECON_PROFILE ? { BENCH_RECON_PROFILE_DIR: PROFILE_DIR } : {}),
    ...(process.env.BENCH_RECON_HEAP_PROFILE ? { BENCH_RECON_HEAP_PROFILE_DIR: PROFILE_DIR } : {}),
  })
  return execInStore<Run[]>("bench/medusa/reconcile.ts", env, "RECONCILED", { nodeArgs: ["--expose-gc"] })
}

/** The target of the run of `n` sessions at `latency` ms: at most `limitS` seconds. */
function timeTarget(runs: Run[], n: number, latency: number, limitS: number) {
  const what = `seconds for ${n.toLocaleString("en-US")} sessions at ${latency} ms`
  const run = runs.find((r) => r.sessions === n && r.latency_ms === latency)
  if (!run) return { what, limit: limitS, met: null, note: "not run" }
  if (run.skipped)
    return {
      what,
      limit: limitS,
      met: false,
      note: `skipped for time; estimated ${Math.round(run.estimated_wall_ms! / 1000)} s at the measured rate`,
    }
  return target(run.wall_ms / 1000, limitS, what)
}

/** Flat memory: the peak of each size's largest run ≤ 50 MB, and the largest size's within 10 MB of the smallest's. */
function memoryPerSize(done: Run[]) {
  const peaks: Record<string, number> = {}
  for (const r of done) peaks[r.sessions] = Math.max(peaks[r.sessions] ?? -Infinity, r.peak_rss_over_baseline_mb)
  const sizes = Object.keys(peaks)
    .map(Number)
    .sort((a, b) => a - b)
  const spread = sizes.length > 1 ? Math.abs(peaks[sizes[sizes.length - 1]!]! - peaks[sizes[0]!]!) : null
  return {
    what: "MB peak RSS over baseline per size (the largest of its runs): each ≤ 50, the largest size within 10 MB of the smallest",
    peak_mb_by_size: peaks,
    spread_mb: spread === null ? null : Math.round(spread * 10) / 10,
    met: sizes.length > 0 && sizes.every((n) => peaks[n]! <= 50) && (spread === null || spread <= 10),
  }
}

async function main() {
  const started = Date.now()
  const sizes = (process.env.BENCH_RECON_SIZES ?? "1000,10000").split(",").map(Number)
  const latencies = (process.env.BENCH_RECON_LATENCIES ?? "0,50").split(",").map(Number)
  const store = await prepareStore()
  const sandbox = await startSandboxProcess()
  try {
    const planned = sizes.flatMap((n) => latencies.map((l) => `${n}@${l}`))
    if (LARGE > 0) planned.push(`${LARGE}@${LARGE_LATENCY}`)
    const runs = await reconcile(store.databaseUrl, sandbox.url, planned)
    const done = runs.filter((r) => !r.skipped)
    const largest = done.sort((a, b) => b.sessions - a.sessions)[0]
    const result = {
      bench: "reconciliation",
      sandbox: "separate process (seeded through POST /sandbox/transactions)",
      runs,
      targets: {
        requests: {
          what: "order-query requests = the chunks of 100 orders within the filter's 1,000 characters, in every run",
          met: done.every((r) => r.requests_sent === r.requests_expected),
        },
        ten_thousand_at_0ms: timeTarget(runs, 10_000, 0, 1),
        ten_thousand_at_50ms: timeTarget(runs, 10_000, 50, 1.5),
        hundred_thousand_at_50ms: timeTarget(runs, 100_000, 50, 15),
        memory:
          largest && largest.sessions >= 100_000
            ? target(largest.peak_rss_over_baseline_mb, 50, `MB peak RSS over baseline at ${largest.sessions} sessions`)
            : {
                what: "MB peak RSS over baseline at 100,000 sessions",
                met: null,
                note: `not measured (largest run: ${largest?.sessions ?? 0} sessions; larger ones skipped for time or not asked for)`,
                largest_mb: largest?.peak_rss_over_baseline_mb ?? null,
              },
        memory_per_size: memoryPerSize(done),
      },
      total_ms: Date.now() - started,
    }
    process.stdout.write(JSON.stringify(result) + "\n")
  } finally {
    await sandbox.close()
    await store.stop()
  }
}

runMain(main)
