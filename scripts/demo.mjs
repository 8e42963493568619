#!/usr/bin/env node
// `npm run demo`: an embedded PostgreSQL, the gateway sandbox and a Medusa store using this plugin with the
// admin, seeded once and reused; then a scripted shopper pays with each kind of payment and the table of
// orders is printed. Ctrl-C stops everything. Options: --reset, and the ports below (env or flags).
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { startEmbeddedPostgres } from "../integration-tests/embedded-postgres.mjs"
import { runShopper } from "./demo-shopper.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(import.meta.url)
const { startSandbox } = require("../sandbox")

const args = process.argv.slice(2)
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : fallback
}
const ports = {
  store: Number(flag("port", process.env.DEMO_PORT ?? 9000)),
  sandbox: Number(flag("sandbox-port", process.env.DEMO_SANDBOX_PORT ?? 4010)),
  postgres: Number(flag("postgres-port", process.env.DEMO_POSTGRES_PORT ?? 5499)),
}
const dataDir = join(root, ".demo-data")
const admin = { email: "admin@demo.local", password: "demo-password" }
const children = []
const stops = []
let stopping = false

const step = (text) => process.stdout.write(`\n▶ ${text}\n`)
const info = (text) => process.stdout.write(`  ${text}\n`)

async function assertFree(port, what) {
  await new Promise((resolve, reject) => {
    const s = createServer()
    s.once("error", () => reject(new Error(`Port ${port} (${what}) is taken: stop what uses it or pass another (see README, "Demo")`)))
    s.listen(port, "127.0.0.1", () => s.close(resolve))
  })
}

function run(cmd, cmdArgs, env, { background = false } = {}) {
  return new Promise((resolve, reject) => {
    // Its own process group, so that stopping it also stops what `npx medusa develop` starts.
    const child = spawn(cmd, cmdArgs, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: background })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.stderr.on("data", (d) => (out += d))
    if (background) {
      children.push(child)
      child.on("exit", (code) => {
        if (!stopping) {
          process.stderr.write(`\nThe Medusa server stopped (exit ${code}). Its last output:\n${out.slice(-4000)}\n`)
          shutdown(1)
        }
      })
      return resolve({ child, output: () => out })
    }
    child.on("exit", (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${cmdArgs.join(" ")} failed (exit ${code}):\n${out.slice(-4000)}`))))
  })
}

async function waitFor(url, ms) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    try {
      const r = await fetch(url)
      if (r.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`)
}

async function shutdown(code = 0) {
  if (stopping) return
  stopping = true
  process.stdout.write("\nStopping...\n")
  for (const c of children) {
    try {
      process.kill(-c.pid, "SIGTERM")
    } catch {
      c.kill("SIGTERM")
    }
  }
  for (const stop of stops.reverse()) await stop().catch(() => undefined)
  process.exit(code)
}
process.on("SIGINT", () => shutdown(0))
process.on("SIGTERM", () => shutdown(0))

async function main() {
  if (args.includes("--reset")) rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const fresh = !existsSync(join(dataDir, "seed.json"))

  step("Checking ports")
  await assertFree(ports.store, "Medusa")
  await assertFree(ports.sandbox, "sandbox")

  let databaseUrl = process.env.DATABASE_URL
  if (!databaseUrl) {
    step("Starting PostgreSQL (embedded, data in .demo-data/pg)")
    await assertFree(ports.postgres, "PostgreSQL")
    const pgDir = join(dataDir, "pg")
    const pg = await startEmbeddedPostgres({ databaseDir: pgDir, port: ports.postgres, persistent: true, initialise: !existsSync(join(pgDir, "PG_VERSION")) })
    stops.push(() => pg.stop())
    if (fresh) await pg.createDatabase("medusa_demo").catch(() => undefined)
    databaseUrl = `postgres://${pg.user}:${pg.password}@localhost:${pg.port}/medusa_demo`
  }

  step("Starting the gateway sandbox")
  const storeUrl = `http://localhost:${ports.store}`
  const sandbox = await startSandbox({ port: ports.sandbox, quiet: true, notifyBaseMs: 500 })
  stops.push(() => sandbox.close())
  info(`sandbox: ${sandbox.url}`)

  const env = {
    DATABASE_URL: databaseUrl,
    PORT: String(ports.store),
    MEDUSA_ADMIN_DISABLE: "false",
    MEDUSA_DISABLE_TELEMETRY: "true",
    GATEWAY_BASE_URL: sandbox.url,
    GATEWAY_STORE_URL: storeUrl,
    GATEWAY_RETURN_URL: `${storeUrl}/store/gateway/return`,
    STORE_CORS: `http://localhost:8000,${sandbox.url}`,
    ADMIN_CORS: storeUrl,
    AUTH_CORS: storeUrl,
  }

  step("Migrating the database")
  await run("npx", ["medusa", "db:migrate"], env)
  if (fresh) {
    step("Seeding the store (once; --reset starts over)")
    await run("npx", ["medusa", "exec", "./scripts/demo-seed.ts", join(dataDir, "seed.json.tmp")], env)
    await run("npx", ["medusa", "user", "-e", admin.email, "-p", admin.password], env)
    writeFileSync(join(dataDir, "seed.json"), readFileSync(join(dataDir, "seed.json.tmp")))
  }
  const seed = JSON.parse(readFileSync(join(dataDir, "seed.json"), "utf8"))

  step("Starting Medusa with the plugin and the admin (first start builds the admin: a minute or two)")
  await run("npx", ["medusa", "develop"], env, { background: true })
  await waitFor(`${storeUrl}/health`, 300_000)
  info(`store: ${storeUrl}`)

  step("Scripted shopper: card, 3-D Secure, hosted page, declined card; then capture and refund")
  const rows = await runShopper({ storeUrl, seed, admin, log: info })
  for (const row of rows) {
    const txs = await (await fetch(`${sandbox.url}/sandbox/transactions?order_no=${row.session_id}`)).json()
    const tx = txs.at(-1)
    row.gateway = tx ? `${tx.payment_status} (captured ${tx.captured_amount}, refunded ${tx.refunded_amount}${tx.pending_refund_amount !== "0.00" ? `, pending ${tx.pending_refund_amount}` : ""})` : "-"
  }
  console.log("")
  console.table(rows.map(({ payment, result, medusa, gateway }) => ({ payment, result, "Medusa payment": medusa, "gateway status": gateway })))

  console.log(`
ready
  admin:       ${storeUrl}/app   (${admin.email} / ${admin.password})
  store API:   ${storeUrl}/store   (publishable key ${seed.publishableKey})
  sandbox:     ${sandbox.url}   (test cards: README, "Sandbox")
Press Ctrl-C to stop.`)
}

main().catch((err) => {
  process.stderr.write(`\ndemo failed: ${err.message}${err.cause ? ` (${err.cause.message ?? err.cause})` : ""}\n`)
  shutdown(1)
})
