/**
 * The crash harness (docs/testing.md, "The crash harness"): the store as a real `medusa start` process over the sandbox in
 * its own process; the driver runs payments (card, 3-D Secure, hosted), captures, partial refunds, cancels,
 * payouts and card recharges/withdrawals, and the store is killed with SIGKILL at random moments: while a gateway
 * request is in flight (the sandbox holds the answer), just after the gateway answered (before Medusa records it)
 * or at a random time inside the request (workflows, Medusa's own steps). Each time it is started again, the
 * interrupted request is repeated as a client would (a keyed admin request with its key), and the reconciliation
 * jobs run. At the end, after the settling deadline, the jobs run once more, payouts and cards are refreshed, and
 * the invariants (./invariants.ts) are checked against the sandbox's ledger.
 *
 * Env: CRASH_KILLS (500), CRASH_SEED (1), CRASH_OPS_BETWEEN (ops run without a kill between kill points, 1),
 * CRASH_PORT (store port, a free one), CRASH_OUT (also write the JSON there), CRASH_BUDGET_S (no new kill point
 * after this many seconds: the run settles and checks what it did, and says so), CRASH_VERBOSE (a line per kill on
 * stderr). Prints one JSON object; exits 1 on any violation.
 */
import { writeFileSync } from "node:fs"
import { freePort } from "../../bench/lib/free-port"
import type { SandboxProcess } from "../../bench/lib/sandbox-process"
import { CrashDriver, Operation, rng } from "./driver"
import { checkInvariants } from "./invariants"
import { printViolationLines, runHarness } from "./harness"

type KillMode = "in_flight" | "after_answer" | "random"

/** How long an in-flight request is held at the sandbox, so that the kill lands while it waits. */
const HOLD_MS = 1500
/**
 * The store's settling deadline (GATEWAY_SETTLE_AFTER_SECONDS): an operation cut short longer ago is settled by the
 * jobs. At least twice the longest a gateway request may take (the plugin refuses less), so the store's timeouts are
 * shortened to match: connect 0.5 s, the whole answer 2 s (more than HOLD_MS).
 */
const SETTLE_AFTER_SECONDS = 5
const TIMEOUTS = { GATEWAY_TIMEOUT_CONNECT_MS: "500", GATEWAY_TIMEOUT_TOTAL_MS: "2000" }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function sandboxCall(sb: SandboxProcess, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body ? { body: JSON.stringify(body) } : {}),
  })
  return res.json() as Promise<any>
}

async function received(sb: SandboxProcess, path: string): Promise<number> {
  return (await sb.stats()).byPath[path] ?? 0
}

/** Runs the reconciliation jobs now (as POST /admin/gateway/sync-runs does for staff). */
async function runJobs(driver: CrashDriver) {
  for (const job of ["order_sync", "refund_sync"]) {
    const r = await driver.admin("POST", "/admin/gateway/sync-runs", { job })
    if (r.status !== 200) throw new Error(`${job}: HTTP ${r.status} ${JSON.stringify(r.data).slice(0, 300)}`)
  }
}

/** Staff's part of settling: every payout not final and every card re-read from the gateway. */
async function refreshRecords(driver: CrashDriver) {
  const open = (
    await driver.db.query(
      `select id from gateway_payout where deleted_at is null and status not in ('COMPLETED', 'FAILED')`
    )
  ).rows
  for (const p of open) await driver.admin("POST", `/admin/gateway/payouts/${p.id}/refresh`, {})
  for (const id of driver.cards) await driver.admin("POST", `/admin/gateway/cards/${id}/refresh`, {})
}

async function main() {
  const kills = Number(process.env.CRASH_KILLS ?? 500)
  const seed = Number(process.env.CRASH_SEED ?? 1)
  const between = Number(process.env.CRASH_OPS_BETWEEN ?? 1)
  const random = rng(seed)
  const t0 = Date.now()
  const killPoints: {
    n: number
    kind: string
    mode: KillMode
    gateway_reached: boolean
    finished_before_kill: boolean
    restart_ms: number
  }[] = []
  const opsByKind: Record<string, number> = {}
  const opErrors: Record<string, number> = {}
  let stoppedByBudget = false
  const harness = {
    port: async () => Number(process.env.CRASH_PORT ?? (await freePort())),
    settleAfterSeconds: SETTLE_AFTER_SECONDS,
    env: TIMEOUTS,
  }
  await runHarness("crash harness", harness, async ({ sandbox, store, db, prepared }) => {
    const driver = new CrashDriver(store.url, store.seeded, db, random)
    const firstBoot = await store.start()
    await driver.setupIssuing()

    const runOp = async (op: Operation) => {
      opsByKind[op.kind] = (opsByKind[op.kind] ?? 0) + 1
      await op.run().catch((e: Error) => {
        opErrors[op.kind] = (opErrors[op.kind] ?? 0) + 1
        if (process.env.CRASH_VERBOSE) process.stderr.write(`${op.kind}: ${e.message}\n`)
      })
    }

    const budgetS = process.env.CRASH_BUDGET_S ? Number(process.env.CRASH_BUDGET_S) : Infinity
    for (let n = 1; n <= kills; n++) {
      if ((Date.now() - t0) / 1000 > budgetS) {
        stoppedByBudget = true
        break
      }
      for (let i = 0; i < between; i++) await runOp(await driver.next())
      const op = await driver.next()
      const mode: KillMode = random.pick(["in_flight", "after_answer", "random"] as const)
      const before = await received(sandbox, op.gatewayPath)
      if (mode === "in_flight")
        await sandboxCall(sandbox, "POST", "/sandbox/faults", {
          rules: [{ path: op.gatewayPath, fault: "latency", ms: HOLD_MS, times: 1 }],
        })
      let finished = false
      opsByKind[op.kind] = (opsByKind[op.kind] ?? 0) + 1
      const running = op.run().then(
        () => void (finished = true),
        () => undefined
      )
      let reached = false
      if (mode === "random") {
        await Promise.race([running, sleep(random.int(0, 1200))])
        reached = (await received(sandbox, op.gatewayPath)) > before
      } else {
        // Wait for the sandbox to receive the operation's request (a few ms apart), then kill: at once while the
        // answer is held (in flight), or a moment after it was answered (before Medusa records it).
        const end = Date.now() + 8_000
        while (Date.now() < end && !finished) {
          if ((await received(sandbox, op.gatewayPath)) > before) {
            reached = true
            break
          }
          await sleep(3)
        }
        if (mode === "after_answer" && reached) await sleep(random.int(0, 25))
      }
      await store.kill()
      await running
      await sandboxCall(sandbox, "DELETE", "/sandbox/faults")
      const restartMs = await store.start()
      killPoints.push({
        n,
        kind: op.kind,
        mode,
        gateway_reached: reached,
        finished_before_kill: finished,
        restart_ms: restartMs,
      })
      // A client repeats what it did not see finish, with the same key.
      if (!finished && op.retry) await op.retry().catch(() => undefined)
      if (n % 5 === 0) {
        await sleep(SETTLE_AFTER_SECONDS * 1000)
        await runJobs(driver)
      }
      if (process.env.CRASH_VERBOSE)
        process.stderr.write(
          `kill ${n}/${kills}: ${op.kind} ${mode} reached=${reached} finished=${finished} restart=${restartMs}ms\n`
        )
    }

    // Settle: past the deadline, the jobs, then staff's refreshes, then the jobs again (a refresh may settle a payout).
    await sleep(SETTLE_AFTER_SECONDS * 1000 + 500)
    await runJobs(driver)
    await refreshRecords(driver)
    await runJobs(driver)
    const { violations, counts } = await checkInvariants(db, sandbox.url)
    const summary = {
      seed,
      kill_points: killPoints.length,
      kill_points_asked: kills,
      stopped_by_budget: stoppedByBudget,
      kill_points_by_mode: countBy(killPoints.map((k) => k.mode)),
      kill_points_by_operation: countBy(killPoints.map((k) => k.kind)),
      kills_with_gateway_request_sent: killPoints.filter((k) => k.gateway_reached && !k.finished_before_kill).length,
      operations_by_kind: opsByKind,
      operations_cut_or_refused: opErrors,
      gateway: counts,
      violations: violations.length,
      violation_details: violations,
      time_s: Math.round((Date.now() - t0) / 1000),
      prepare_s: Math.round((prepared - t0) / 1000),
      first_boot_ms: firstBoot,
      restart_ms: medianAndMax(killPoints.map((k) => k.restart_ms)),
    }
    const text = JSON.stringify(summary, null, 2)
    process.stdout.write(`${text}\n`)
    if (process.env.CRASH_OUT) writeFileSync(process.env.CRASH_OUT, text)
    printViolationLines(violations)
    return violations.length ? 1 : 0
  })
}

function countBy(xs: string[]): Record<string, number> {
  const out: Record<string, number> = {}
  for (const x of xs) out[x] = (out[x] ?? 0) + 1
  return out
}

/** The median (the upper one of an even count) and the largest; null for none. */
function medianAndMax(xs: number[]): { p50: number | null; max: number | null } {
  const sorted = [...xs].sort((a, b) => a - b)
  return { p50: sorted[Math.floor(sorted.length / 2)] ?? null, max: sorted[sorted.length - 1] ?? null }
}

void main()
