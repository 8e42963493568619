/**
 * The benchmark store: this repository booted as a Medusa store (medusa-config.ts) on an embedded
 * PostgreSQL, without jest. `prepareStore()` creates the database, runs `medusa db:migrate` and seeds it
 * with scripts/seed-store.ts (through `medusa exec`); `startStoreServer()` runs `medusa start`;
 * `execInStore()` runs a script with the app's container (`medusa exec`).
 *
 * bench/run.ts prepares one store for all benchmarks and hands it down through BENCH_DATABASE_URL and
 * BENCH_SEEDED; a benchmark run on its own prepares (and removes) its own.
 */
import { spawn } from "node:child_process"
import path from "node:path"
import type { SeededStore } from "../../scripts/seed-store"
import { startBenchDatabase } from "./embedded-postgres"

export const REPO = path.join(__dirname, "../..")
const MEDUSA_CLI = require.resolve("@medusajs/cli/cli.js", { paths: [REPO] })

export interface PreparedStore {
  databaseUrl: string
  seeded: SeededStore
  /** Stops the database (a no-op for a store handed down by bench/run.ts). */
  stop(): Promise<void>
}

/** Environment of every Medusa process of the benchmarks. */
export function storeEnv(
  databaseUrl: string,
  gatewayBaseUrl: string,
  extra: Record<string, string> = {}
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl,
    GATEWAY_BASE_URL: gatewayBaseUrl,
    MEDUSA_DISABLE_TELEMETRY: "true",
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "error",
    ...extra,
  }
}

/** Runs the medusa CLI to its end; resolves with its stdout, rejects with its stderr on a non-zero exit. */
export function runMedusa(args: string[], env: NodeJS.ProcessEnv, opts: { nodeArgs?: string[] } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    // Node flags such as --cpu-prof are refused in NODE_OPTIONS: run the CLI's script under node directly.
    const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), MEDUSA_CLI, ...args], {
      cwd: REPO,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    })
    let out = ""
    let err = ""
    child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")))
    child.stderr.on("data", (c: Buffer) => (err += c.toString("utf8")))
    child.once("error", reject)
    child.once("exit", (code) =>
      code === 0
        ? resolve(out)
        : reject(new Error(`medusa ${args.join(" ")} exited with ${code}\n${err.slice(-4000)}\n${out.slice(-4000)}`))
    )
  })
}

/** Runs `medusa exec <script>`; returns the JSON of the script's line starting with `prefix`. */
export async function execInStore<T>(
  script: string,
  env: NodeJS.ProcessEnv,
  prefix: string,
  opts: { nodeArgs?: string[] } = {}
): Promise<T> {
  const out = await runMedusa(["exec", script], env, opts)
  const line = out.split("\n").find((l) => l.startsWith(`${prefix} `))
  if (!line) throw new Error(`${script} printed no ${prefix} line:\n${out.slice(-4000)}`)
  return JSON.parse(line.slice(prefix.length + 1)) as T
}

export async function prepareStore(): Promise<PreparedStore> {
  if (process.env.BENCH_DATABASE_URL && process.env.BENCH_SEEDED) {
    return {
      databaseUrl: process.env.BENCH_DATABASE_URL,
      seeded: JSON.parse(process.env.BENCH_SEEDED),
      stop: async () => undefined,
    }
  }
  const db = await startBenchDatabase()
  try {
    // No gateway is called while migrating and seeding.
    const env = storeEnv(db.url, "http://127.0.0.1:9")
    await runMedusa(["db:migrate"], env)
    const seeded = await execInStore<SeededStore>("bench/medusa/seed-store.ts", env, "SEEDED")
    return { databaseUrl: db.url, seeded, stop: () => db.stop() }
  } catch (err) {
    await db.stop()
    throw err
  }
}

export interface StoreServer {
  url: string
  close(): Promise<void>
}

/**
 * `medusa start` on `port`; resolves once /health answers. `onOutput` receives what it writes (stdout and stderr);
 * `nodeArgs` go to node (e.g. --cpu-prof: the profile is written when the server stops).
 */
export async function startStoreServer(
  env: NodeJS.ProcessEnv,
  port: number,
  timeoutMs = 180_000,
  onOutput?: (text: string) => void,
  nodeArgs: string[] = []
): Promise<StoreServer> {
  const child = spawn(process.execPath, [...nodeArgs, MEDUSA_CLI, "start", "--port", String(port)], {
    cwd: REPO,
    env: { ...env, PORT: String(port) },
    stdio: ["ignore", onOutput ? "pipe" : "ignore", "pipe"],
  })
  let err = ""
  child.stderr!.on("data", (c: Buffer) => {
    err = (err + c.toString("utf8")).slice(-4000)
    onOutput?.(c.toString("utf8"))
  })
  child.stdout?.on("data", (c: Buffer) => onOutput?.(c.toString("utf8")))
  const url = `http://127.0.0.1:${port}`
  const close = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once("exit", () => resolve())
      child.kill("SIGTERM")
    })
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`medusa start exited with ${child.exitCode}\n${err}`)
    try {
      if ((await fetch(`${url}/health`)).ok) return { url, close }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  await close()
  throw new Error(`medusa start did not answer /health within ${timeoutMs} ms\n${err}`)
}
