/**
 * `medusa exec bench/medusa/reconcile.ts`: runs the reconciliation benchmark inside the app (for its
 * container). Starts the sandbox in this process on the port of GATEWAY_BASE_URL (the provider was
 * configured with it), then for every run of BENCH_RECON_RUNS (sessions@latency): seeds
 * the open sessions, takes the RSS baseline, runs runOrderSync and samples RSS every 10 ms while it runs.
 * A run that the rate measured so far says would end after BENCH_RECON_BUDGET_S is skipped (and listed as
 * such, with its estimate). Prints `RECONCILED {json}`.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { runOrderSync } from "../../src/reconciliation"
import { hideOtherGatewayRows, removeOpenSessions, seedOpenSessions } from "./seed-open-sessions"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require("../../sandbox")

/** BENCH_RECON_RUNS: `sessions@latencyMs` pairs, in order, e.g. "1000@0,1000@50,10000@0". */
function plannedRuns(): [number, number][] {
  return (process.env.BENCH_RECON_RUNS ?? "1000@0,1000@50").split(",").filter(Boolean).map((run) => {
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

export default async function reconcile({ container }: { container: MedusaContainer }) {
  const pg = container.resolve(ContainerRegistrationKeys.PG_CONNECTION)
  const port = Number(new URL(process.env.GATEWAY_BASE_URL!).port)
  const sandbox = await startSandbox({ port, quiet: true })
  const merchant = { merchantId: "701001", accountId: "701001010" }
  const runs: Record<string, unknown>[] = []
  try {
    await hideOtherGatewayRows(pg)
    const deadline = Date.now() + Number(process.env.BENCH_RECON_BUDGET_S ?? "600") * 1000
    let msPerSession = 0
    for (const [size, latency] of plannedRuns()) {
      // Keep the whole run in its time budget: a size the measured rate says cannot finish is not started.
      const estimate = Math.round(size * msPerSession)
      if (msPerSession > 0 && Date.now() + estimate > deadline) {
        runs.push({ sessions: size, latency_ms: latency, skipped: true, estimated_wall_ms: estimate, reason: "over the time budget (BENCH_RECON_BUDGET_S) at the rate measured so far" })
        continue
      }
      await removeOpenSessions(pg)
      sandbox.reset()
      const seedStart = Date.now()
      await seedOpenSessions(pg, sandbox, size, merchant)
      const seedMs = Date.now() - seedStart
      if (latency > 0) sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "latency", ms: latency }])
      collectGarbage()
      const baseline = process.memoryUsage.rss()
      let peak = baseline
      const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 10)
      const t = process.hrtime.bigint()
      const summary = await runOrderSync(container)
      const wallMs = Number(process.hrtime.bigint() - t) / 1e6
      clearInterval(sampler)
      peak = Math.max(peak, process.memoryUsage.rss())
      const sent = sandbox.stats().byPath["/v1/retrievalTrans"] ?? 0
      msPerSession = Math.max(msPerSession, wallMs / size)
      runs.push({
        sessions: size,
        latency_ms: latency,
        status: summary.status,
        error: summary.error,
        checked: summary.checked,
        changed: summary.changed,
        discrepancies: summary.discrepancies.length,
        requests_sent: sent,
        requests_expected: Math.ceil(size / 100),
        wall_ms: Math.round(wallMs),
        peak_rss_over_baseline_mb: Math.round(((peak - baseline) / MB) * 10) / 10,
        baseline_rss_mb: Math.round(baseline / MB),
        seed_ms: seedMs,
      })
      process.stderr.write(`reconciliation: ${JSON.stringify(runs[runs.length - 1])}\n`)
    }
    await removeOpenSessions(pg)
  } finally {
    await sandbox.close()
  }
  process.stdout.write(`RECONCILED ${JSON.stringify(runs)}\n`)
}
