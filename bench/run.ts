/**
 * `npm run bench`: runs every benchmark in sequence (or the ones named: `npm run bench -- checkout`), each in
 * its own process, and writes their JSON objects to bench/results.json with the machine they ran on.
 * The store-backed benchmarks (checkout, reconciliation, dashboard, load) share one prepared store (database migrated
 * and seeded once).
 */
import { spawn } from "node:child_process"
import { writeFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { prepareStore, PreparedStore, REPO } from "./lib/medusa-store"
import { runMain } from "./lib/run-main"

// `load` last: it leaves its storm's payments in the shared store.
const BENCHES = [
  "xml-and-signatures",
  "client-overhead",
  "bulk-capture",
  "checkout",
  "reconciliation",
  "dashboard",
  "load",
] as const
const NEEDS_STORE = new Set<string>(["checkout", "reconciliation", "dashboard", "load"])
const TS_NODE = path.join(REPO, "node_modules/.bin/ts-node")

/**
 * Sizes that keep `npm run bench` under 10 minutes on a 2-core machine; each can be raised from the
 * environment (e.g. BENCH_CHECKOUT_N=200 for the full checkout figure, about 10 minutes on its own).
 */
const RUN_DEFAULTS: Record<string, string> = {
  BENCH_N: "5000",
  BENCH_CHECKOUT_N: "60",
  BENCH_RECON_BUDGET_S: "180",
}

function runBench(name: string, env: NodeJS.ProcessEnv): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(TS_NODE, ["--swc", path.join("bench", `${name}.ts`)], {
      cwd: REPO,
      env,
      stdio: ["ignore", "pipe", "inherit"],
    })
    let out = ""
    child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")))
    child.once("error", reject)
    child.once("exit", (code) => {
      const line = out
        .trim()
        .split("\n")
        .reverse()
        .find((l) => l.startsWith("{"))
      if (code !== 0 || !line)
        return reject(new Error(`bench/${name}.ts exited with ${code}${line ? "" : " without a JSON line"}`))
      resolve(JSON.parse(line))
    })
  })
}

async function main() {
  const wanted = process.argv.slice(2)
  const unknown = wanted.filter((w) => !(BENCHES as readonly string[]).includes(w))
  if (unknown.length) throw new Error(`unknown benchmark(s): ${unknown.join(", ")} (known: ${BENCHES.join(", ")})`)
  const selected = BENCHES.filter((b) => wanted.length === 0 || wanted.includes(b))
  const started = Date.now()
  const results: Record<string, unknown> = {}
  const failures: Record<string, string> = {}
  let store: PreparedStore | undefined
  try {
    for (const name of selected) {
      const t = Date.now()
      const env: NodeJS.ProcessEnv = { ...RUN_DEFAULTS, ...process.env }
      try {
        if (NEEDS_STORE.has(name)) {
          if (!store) {
            process.stderr.write("bench: preparing the store (embedded PostgreSQL, migrations, seed)...\n")
            store = await prepareStore()
            results.store_preparation_ms = Date.now() - t
          }
          env.BENCH_DATABASE_URL = store.databaseUrl
          env.BENCH_SEEDED = JSON.stringify(store.seeded)
        }
        process.stderr.write(`bench: ${name}...\n`)
        results[name] = await runBench(name, env)
        process.stdout.write(`${JSON.stringify(results[name])}\n`)
      } catch (err) {
        failures[name] = String((err as Error).message ?? err)
        process.stderr.write(`bench: ${name} failed: ${failures[name]}\n`)
      }
      process.stderr.write(`bench: ${name} took ${((Date.now() - t) / 1000).toFixed(1)} s\n`)
    }
  } finally {
    await store?.stop()
  }
  const output = {
    taken_at: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpu_model: os.cpus()[0]?.model ?? "unknown",
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.arch()}`,
    },
    total_s: Math.round((Date.now() - started) / 100) / 10,
    settings: Object.fromEntries(Object.keys(RUN_DEFAULTS).map((k) => [k, process.env[k] ?? RUN_DEFAULTS[k]])),
    ...results,
    ...(Object.keys(failures).length ? { failures } : {}),
  }
  writeFileSync(path.join(REPO, "bench/results.json"), JSON.stringify(output, null, 2) + "\n")
  process.stderr.write(`bench: wrote bench/results.json (${output.total_s} s)\n`)
  if (Object.keys(failures).length) process.exitCode = 1
}

runMain(main)
