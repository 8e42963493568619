/**
 * Reconciliation: runOrderSync over N open sessions seeded directly in the database, with the sandbox
 * (in the app's process, so that its store can be seeded) answering after 0 or 50 ms. Per size and latency:
 * order-query requests sent (must be ⌈N/100⌉), wall time and peak RSS over the baseline taken after
 * seeding. The run happens in `medusa exec bench/medusa/reconcile.ts` (Medusa's container);
 * this script prepares the store, starts that and prints one JSON object.
 *
 *   BENCH_RECON_SIZES=1000,10000 BENCH_RECON_LATENCIES=0,50   the grid
 *   BENCH_RECON_LARGE=100000                                   then this size once at 0 ms (0 = none)
 *   BENCH_RECON_BUDGET_S=240                                   runs the measured rate says would end later are skipped
 *   BENCH_RECON_PROFILE=1                                      write a --cpu-prof profile to $TMPDIR/gateway-bench-profiles/
 */
import os from "node:os"
import path from "node:path"
import { freePort } from "./lib/free-port"
import { execInStore, prepareStore, storeEnv } from "./lib/medusa-store"
import { target } from "./lib/stats"

const PROFILE_DIR = path.join(os.tmpdir(), "gateway-bench-profiles")
const LARGE = Number(process.env.BENCH_RECON_LARGE ?? "100000")

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

async function reconcile(databaseUrl: string, runs: string[]): Promise<Run[]> {
  const port = await freePort()
  const env = storeEnv(databaseUrl, `http://127.0.0.1:${port}`, {
    BENCH_RECON_RUNS: runs.join(","),
    BENCH_RECON_BUDGET_S: process.env.BENCH_RECON_BUDGET_S ?? "240",
  })
  const profile = process.env.BENCH_RECON_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : []
  return execInStore<Run[]>("bench/medusa/reconcile.ts", env, "RECONCILED", { nodeArgs: ["--expose-gc", ...profile] })
}

async function main() {
  const started = Date.now()
  const sizes = (process.env.BENCH_RECON_SIZES ?? "1000,10000").split(",").map(Number)
  const latencies = (process.env.BENCH_RECON_LATENCIES ?? "0,50").split(",").map(Number)
  const store = await prepareStore()
  try {
    const planned = sizes.flatMap((n) => latencies.map((l) => `${n}@${l}`))
    if (LARGE > 0) planned.push(`${LARGE}@0`)
    const runs = await reconcile(store.databaseUrl, planned)
    const done = runs.filter((r) => !r.skipped)
    const at = (n: number, latency: number) => runs.find((r) => r.sessions === n && r.latency_ms === latency)
    const tenK = at(10_000, 0)
    const largest = done.filter((r) => r.latency_ms === 0).sort((a, b) => b.sessions - a.sessions)[0]
    const result = {
      bench: "reconciliation",
      sandbox: "in the app's process",
      runs,
      targets: {
        requests: { what: "order-query requests = ⌈N/100⌉ in every run", met: done.every((r) => r.requests_sent === r.requests_expected) },
        ten_thousand_at_0ms: !tenK
          ? { what: "seconds for 10,000 sessions at 0 ms", met: null, note: "not run" }
          : tenK.skipped
            ? { what: "seconds for 10,000 sessions at 0 ms", met: false, note: `skipped for time; estimated ${Math.round(tenK.estimated_wall_ms! / 1000)} s at the measured rate` }
            : target(tenK.wall_ms / 1000, 2, "seconds for 10,000 sessions at 0 ms"),
        memory:
          largest && largest.sessions >= 100_000
            ? target(largest.peak_rss_over_baseline_mb, 50, `MB peak RSS over baseline at ${largest.sessions} sessions`)
            : { what: "MB peak RSS over baseline at 100,000 sessions", met: null, note: `not measured (largest run: ${largest?.sessions ?? 0} sessions; larger ones skipped for time or not asked for)`, largest_mb: largest?.peak_rss_over_baseline_mb ?? null },
      },
      total_ms: Date.now() - started,
    }
    process.stdout.write(JSON.stringify(result) + "\n")
  } finally {
    await store.stop()
  }
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`)
  process.exit(1)
})
