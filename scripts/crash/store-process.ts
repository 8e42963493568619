/**
 * The store under test: this repository booted as a Medusa store (bench/lib/medusa-store.ts) on an embedded
 * PostgreSQL, migrated and seeded once; then `medusa start` run again and again on the same port and database,
 * each time in its own process group so that SIGKILL takes it (and anything it started) at once, as a crash would.
 */
import { ChildProcess, spawn } from "node:child_process"
import { createWriteStream, openSync } from "node:fs"
import { REPO, execInStore, runMedusa, storeEnv } from "../../bench/lib/medusa-store"
import { startBenchDatabase } from "../../bench/lib/embedded-postgres"
import type { SeededStore } from "../seed-store"

const MEDUSA_CLI = require.resolve("@medusajs/cli/cli.js", { paths: [REPO] })

/**
 * The harnesses run the plugin's jobs themselves (as the tests do), never on the store's cron in the middle of what
 * they are doing: the schedules are weekly (Sunday 03:00; not yearly: Medusa's one-timer scheduler overflows past 24.8 days).
 */
export const JOBS_BY_HAND = {
  GATEWAY_ORDER_SYNC_SCHEDULE: "0 3 * * 0",
  GATEWAY_REFUND_SYNC_SCHEDULE: "0 3 * * 0",
  GATEWAY_SUBSCRIPTION_SYNC_SCHEDULE: "0 3 * * 0",
  GATEWAY_ALERTS_SCHEDULE: "0 3 * * 0",
}

export interface CrashSeed extends SeededStore {
  adminToken: string
}

export interface CrashStore {
  databaseUrl: string
  seeded: CrashSeed
  env: NodeJS.ProcessEnv
  url: string
  /** `medusa start`; resolves once /health answers, with the milliseconds it took. */
  start(): Promise<number>
  /** SIGKILL to the server's process group: no shutdown hook runs, nothing is flushed. */
  kill(): Promise<void>
  /** Stops the server (SIGKILL) and the database. */
  stop(): Promise<void>
}

export async function prepareCrashStore(opts: {
  gatewayUrl: string
  port: number
  extraEnv: Record<string, string>
}): Promise<CrashStore> {
  const db = await startBenchDatabase("medusa_crash")
  const url = `http://127.0.0.1:${opts.port}`
  const env = storeEnv(db.url, opts.gatewayUrl, {
    PORT: String(opts.port),
    // Notifications come back to this store (its port stays the same across restarts).
    GATEWAY_STORE_URL: url,
    ...opts.extraEnv,
  })
  let seeded: CrashSeed
  try {
    await runMedusa(["db:migrate"], env)
    seeded = await execInStore<CrashSeed>("scripts/crash/seed.ts", env, "CRASH_SEEDED")
  } catch (e) {
    await db.stop()
    throw e
  }
  // CRASH_STORE_LOG: the store's output appended to that file, to read what it did (it is not printed otherwise).
  const storeLog = process.env.CRASH_STORE_LOG ? openSync(process.env.CRASH_STORE_LOG, "a") : null
  let child: ChildProcess | null = null
  let stderr = ""

  const kill = async () => {
    const c = child
    child = null
    if (!c || c.exitCode !== null || c.signalCode !== null) return
    const gone = new Promise<void>((r) => c.once("exit", () => r()))
    try {
      process.kill(-c.pid!, "SIGKILL")
    } catch {
      c.kill("SIGKILL")
    }
    await gone
  }

  const start = async () => {
    const t0 = Date.now()
    stderr = ""
    const c = spawn(process.execPath, [MEDUSA_CLI, "start", "--port", String(opts.port)], {
      cwd: REPO,
      env,
      detached: true,
      stdio: ["ignore", storeLog ?? "ignore", "pipe"],
    })
    if (storeLog) c.stderr!.pipe(createWriteStream("", { fd: storeLog, autoClose: false }))
    child = c
    c.stderr!.on("data", (b: Buffer) => (stderr = (stderr + b.toString("utf8")).slice(-4000)))
    while (Date.now() - t0 < 180_000) {
      if (c.exitCode !== null) throw new Error(`medusa start exited with ${c.exitCode}\n${stderr}`)
      try {
        if ((await fetch(`${url}/health`)).ok) return Date.now() - t0
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 150))
    }
    await kill()
    throw new Error(`medusa start did not answer /health within 180 s\n${stderr}`)
  }

  return {
    databaseUrl: db.url,
    seeded: seeded!,
    env,
    url,
    start,
    kill,
    stop: async () => {
      await kill()
      await db.stop()
    },
  }
}
