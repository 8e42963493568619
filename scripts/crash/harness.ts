/**
 * What the crash harness and the shopper harness (scripts/shoppers) do around their runs: the sandbox in its own
 * process, the store prepared (prepareCrashStore, the jobs run by hand) and a client of its database; all of it
 * stopped at the end or when the process is stopped from outside; the process exits with the run's code, 2 when the
 * harness itself failed.
 */
import { Client } from "pg"
import { startSandboxProcess, SandboxProcess } from "../../bench/lib/sandbox-process"
import { CrashStore, JOBS_BY_HAND, prepareCrashStore } from "./store-process"

export async function runHarness(
  name: string,
  opts: {
    /** The store's port (asked inside the run, so that a failure is the harness's). */
    port: () => Promise<number>
    /** The store's GATEWAY_SETTLE_AFTER_SECONDS. */
    settleAfterSeconds: number
    /** The store's further environment. */
    env: Record<string, string>
  },
  run: (h: { sandbox: SandboxProcess; store: CrashStore; db: Client; prepared: number }) => Promise<number>
): Promise<never> {
  const sandbox = await startSandboxProcess()
  let store: CrashStore | null = null
  let db: Client | null = null
  let exitCode = 0
  // Stopped from outside (Ctrl-C, a CI timeout): the store's process group, the database and the sandbox go too.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void Promise.allSettled([store?.stop(), sandbox.close()]).then(() => process.exit(130))
    })
  }
  try {
    store = await prepareCrashStore({
      gatewayUrl: sandbox.url,
      port: await opts.port(),
      extraEnv: { ...JOBS_BY_HAND, GATEWAY_SETTLE_AFTER_SECONDS: String(opts.settleAfterSeconds), ...opts.env },
    })
    const prepared = Date.now()
    db = new Client({ connectionString: store.databaseUrl })
    await db.connect()
    exitCode = await run({ sandbox, store, db, prepared })
  } catch (e) {
    process.stderr.write(`${name} failed: ${(e as Error).stack}\n`)
    exitCode = 2
  } finally {
    await db?.end().catch(() => undefined)
    await store?.stop().catch(() => undefined)
    await sandbox.close()
  }
  process.exit(exitCode)
}

/**
 * The run's violations again, one compact line each (the first few), after its JSON: a log read from its tail (CI's)
 * shows what broke without the whole summary.
 */
export function printViolationLines(violations: { invariant: string; details: unknown }[], most = 5): void {
  if (!violations.length) return
  process.stderr.write(`${violations.length} violation(s); the first ${Math.min(most, violations.length)}:\n`)
  for (const v of violations.slice(0, most))
    process.stderr.write(`- ${v.invariant}: ${JSON.stringify(v.details).slice(0, 1500)}\n`)
}
