#!/usr/bin/env node
// The plugin tried as a store owner would: `npm run build` (the plugin and its storefront kit), `npm pack`, the
// storefront kit in a scratch Vite app and the sandbox from a bare install (scripts/storefront-kit-check.mjs),
// then the tarball installed by package name into a fresh Medusa store outside this repository (configured as
// README.md's "Installing the plugin" says), runs its go-live check (`npx medusa-plugin-card-gateway check`), then pay through Medusa's store API (a card, a 3-D Secure and an APM
// checkout, the shopper's browser POSTing to the issuer as the gateway documents) and capture and partly refund
// each through its admin API, against the sandbox in its one-paid-code mode (`--paid-status 3000`), checking the
// sandbox's ledger.
// Exits non-zero on the first failure; ends with `packed-e2e: N passed, 0 failed`. `.ci/run` runs it.
import { createHash } from "node:crypto"
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { freePort, startEmbeddedPostgres } from "../integration-tests/embedded-postgres.mjs"
import { runCommand } from "./run-command.mjs"
import { checkStorefrontKit, checkStorefrontPackage } from "./storefront-kit-check.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(import.meta.url)
const repoPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const fixtures = JSON.parse(readFileSync(join(root, "scripts/shopper-fixtures.json"), "utf8"))
const t0 = Date.now()
const log = (m) => process.stdout.write(`[packed-e2e ${Math.round((Date.now() - t0) / 1000)}s] ${m}\n`)
const children = []
const cleanups = []
let passed = 0

async function run(cmd, args, opts = {}) {
  const result = await runCommand(cmd, args, opts)
  if (opts.background) children.push(result.child)
  return result
}

async function cleanup() {
  for (const c of children) {
    try {
      process.kill(-c.pid, "SIGTERM")
    } catch {
      /* gone */
    }
  }
  for (const f of cleanups.reverse()) await f().catch(() => undefined)
}

function check(what, ok, detail = "") {
  if (!ok) throw new Error(`${what}${detail ? `: ${detail}` : ""}`)
  passed++
  log(`ok ${what}`)
}

async function waitFor(url, ms) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`)
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), "gateway-packed-"))
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }))

  log("Building the plugin and its storefront kit (npm run build)")
  await run("npm", ["run", "build"], { cwd: root })
  log("Packing it (npm pack)")
  const packed = (await run("npm", ["pack", "--silent", "--pack-destination", work], { cwd: root }))
    .trim()
    .split("\n")
    .pop()
  const tarball = join(work, packed)
  check("npm pack made a tarball", existsSync(tarball), tarball)

  // The storefront kit from the same tarball: a scratch Vite app imports and builds it; the sandbox runs
  // from a directory holding only the plugin (scripts/storefront-kit-check.mjs).
  await checkStorefrontKit({ tarball, work, log, check })
  // The browser package (packages/storefront) into scratch Next.js apps at the starter's Medusa version and ours.
  await checkStorefrontPackage({ work, log, check })

  const store = join(work, "store")
  mkdirSync(store)
  const pin = (name) => repoPkg.devDependencies[name] ?? repoPkg.peerDependencies[name]
  const medusa = Object.keys(repoPkg.peerDependencies)
  writeFileSync(
    join(store, "package.json"),
    JSON.stringify(
      {
        name: "scratch-store",
        private: true,
        dependencies: {
          ...Object.fromEntries(medusa.map((n) => [n, repoPkg.peerDependencies[n]])),
          "@medusajs/draft-order": pin("@medusajs/draft-order"),
          "medusa-plugin-card-gateway": `file:${tarball}`,
        },
        devDependencies: {
          typescript: pin("typescript"),
          "ts-node": pin("ts-node"),
          "@swc/core": pin("@swc/core"),
          "@types/node": pin("@types/node"),
        },
        allowScripts: repoPkg.allowScripts,
      },
      null,
      2
    )
  )
  log("Installing Medusa and the packed plugin into a scratch store (npm install)")
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: store })
  const installed = join(store, "node_modules/medusa-plugin-card-gateway")
  check("the plugin is installed by package name", existsSync(join(installed, "package.json")))

  // A Medusa starter's tsconfig (Node16 resolution: Medusa's packages export subpaths).
  writeFileSync(
    join(store, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          target: "ES2021",
          esModuleInterop: true,
          module: "Node16",
          moduleResolution: "Node16",
          emitDecoratorMetadata: true,
          experimentalDecorators: true,
          skipLibCheck: true,
          declaration: false,
          outDir: "./.medusa/server",
          rootDir: "./",
          resolveJsonModule: true,
          strictNullChecks: true,
        },
        "ts-node": { swc: true },
        include: ["**/*", ".medusa/types/*"],
        exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
      },
      null,
      2
    )
  )
  // medusa-config.ts as README.md's install section writes it (admin off: nothing here looks at it).
  writeFileSync(
    join(store, "medusa-config.ts"),
    `import { defineConfig, loadEnv } from "@medusajs/framework/utils"
loadEnv(process.env.NODE_ENV || "development", process.cwd())
// The payment provider's options, given to the plugin too (its routes, jobs and notifications use them).
const payments = {
  base_url: process.env.GATEWAY_BASE_URL,
  merchant_id: process.env.GATEWAY_MERCHANT_ID,
  account_id: process.env.GATEWAY_ACCOUNT_ID,
  sign_key: process.env.GATEWAY_SIGN_KEY,
  website: "https://shop.example",
  store_url: process.env.STORE_URL,
  return_url: "https://shop.example/checkout/return",
  capture: "manual",
}
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { storeCors: "*", adminCors: "*", authCors: "*", jwtSecret: "supersecret", cookieSecret: "supersecret" },
  },
  admin: { disable: true },
  plugins: [
    {
      resolve: "medusa-plugin-card-gateway",
      options: {
        payments,
        payout: { base_url: process.env.GATEWAY_BASE_URL, merchant_id: process.env.GATEWAY_MERCHANT_ID, account_id: process.env.GATEWAY_ACCOUNT_ID, sign_key: process.env.GATEWAY_SIGN_KEY },
      },
    },
  ],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      dependencies: ["gateway"],
      options: {
        providers: [{ resolve: "medusa-plugin-card-gateway/providers/gateway", options: payments }],
      },
    },
  ],
})
`
  )
  // The repository's seed (regions offering the providers, a product, shipping, a publishable key), run in the store.
  mkdirSync(join(store, "seed"))
  copyFileSync(join(root, "scripts/seed-store.ts"), join(store, "seed/seed-store.ts"))
  copyFileSync(join(root, "scripts/demo-seed.ts"), join(store, "seed/demo-seed.ts"))

  log("Starting PostgreSQL (embedded) and the gateway sandbox")
  const pg = await startEmbeddedPostgres()
  cleanups.push(() => pg.stop())
  await pg.createDatabase("scratch")
  // The sandbox as a store developer starts it from the installed plugin: `npx gateway-sandbox --port P`.
  const sandboxPort = await freePort()
  // `--paid-status 3000`: the sandbox reports 3000 for authorised and captured payments alike, as a gateway that
  // means "paid" by the docs' only sample code would; the ledger (/sandbox/transactions) keeps the truth.
  await run(
    "npx",
    ["gateway-sandbox", "--port", String(sandboxPort), "--notify-base-ms", "200", "--paid-status", "3000"],
    { cwd: store, background: true }
  )
  const sandbox = { url: `http://127.0.0.1:${sandboxPort}` }
  await waitFor(`${sandbox.url}/sandbox/health`, 30_000)
  check("npx gateway-sandbox runs from the installed plugin", true)
  const port = await freePort()
  const storeUrl = `http://localhost:${port}`
  const env = {
    DATABASE_URL: `postgres://${pg.user}:${pg.password}@localhost:${pg.port}/scratch`,
    PORT: String(port),
    STORE_URL: storeUrl,
    MEDUSA_DISABLE_TELEMETRY: "true",
    GATEWAY_BASE_URL: sandbox.url,
    GATEWAY_MERCHANT_ID: "701001",
    GATEWAY_ACCOUNT_ID: "701001010",
    GATEWAY_SIGN_KEY: "sandbox_sign_key",
  }
  log("Migrating (medusa db:migrate), seeding, creating an admin user")
  await run("npx", ["medusa", "db:migrate"], { cwd: store, env })
  const { rows } = await pgTables(env.DATABASE_URL)
  check(
    "the plugin's module tables exist after db:migrate",
    rows.includes("gateway_notification") && rows.includes("gateway_payment"),
    rows.filter((t) => t.startsWith("gateway")).join(",")
  )
  await run("npx", ["medusa", "exec", "./seed/demo-seed.ts", join(store, "seed.json")], { cwd: store, env })
  const seed = JSON.parse(readFileSync(join(store, "seed.json"), "utf8"))
  const admin = { email: "owner@scratch.local", password: "scratch-password" }
  await run("npx", ["medusa", "user", "-e", admin.email, "-p", admin.password], { cwd: store, env })

  // The go-live check as a store owner runs it: the installed plugin's bin, its built script, the store's config
  // and database. Its exit code is 1 when a check fails, so its output is read either way.
  const goLive = await run("npx", ["medusa-plugin-card-gateway", "check", "--json"], { cwd: store, env }).catch(
    (e) => e.output ?? e.message
  )
  const goLiveLine = String(goLive)
    .split("\n")
    .find((l) => l.startsWith("GO_LIVE "))
  const goLiveReport = goLiveLine ? JSON.parse(goLiveLine.slice("GO_LIVE ".length)) : null
  const goLiveStatus = (id) => goLiveReport?.checks?.find((c) => c.id === id)?.status
  check(
    "npx medusa-plugin-card-gateway check runs the built go-live check: the credentials pass",
    goLiveStatus("payments.credentials") === "pass",
    goLiveReport
      ? JSON.stringify(goLiveReport.checks?.find((c) => c.id === "payments.credentials") ?? goLiveReport)
      : String(goLive).slice(-2000)
  )
  check(
    "the go-live check says the sandbox plainly and finds the providers in the seeded regions",
    goLiveReport.environment === "sandbox" && goLiveStatus("regions") === "pass",
    JSON.stringify(goLiveReport.checks)
  )

  log("Starting the store (medusa develop)")
  const server = await run("npx", ["medusa", "develop"], { cwd: store, env, background: true })
  try {
    await waitFor(`${storeUrl}/health`, 300_000)
  } catch (err) {
    throw new Error(`${err.message}\n${server.output().slice(-4000)}`)
  }

  const storeHeaders = { "content-type": "application/json", "x-publishable-api-key": seed.publishableKey }
  const call = async (method, path, body, headers = storeHeaders) => {
    const res = await fetch(`${storeUrl}${path}`, { method, headers, ...(body ? { body: JSON.stringify(body) } : {}) })
    const data = await res.json().catch(() => ({}))
    if (res.status >= 400)
      throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(data).slice(0, 500)}`)
    return data
  }
  const card = (number) => ({
    number,
    exp_month: "12",
    exp_year: String(new Date().getUTCFullYear() + 3),
    cvv: "123",
    holder_name: "Ada Lovelace",
  })
  const checkout = async (number) => {
    const address = fixtures.address
    const { cart } = await call("POST", "/store/carts", {
      region_id: seed.regions.usd,
      email: "ada@example.com",
      items: [{ variant_id: seed.variants.tshirt, quantity: 1 }],
      shipping_address: address,
      billing_address: address,
    })
    await call("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: seed.shippingOptionId })
    const { payment_collection } = await call("POST", "/store/payment-collections", { cart_id: cart.id })
    const created = await call("POST", `/store/payment-collections/${payment_collection.id}/payment-sessions`, {
      provider_id: "pp_gateway_card",
    })
    const session = created.payment_collection.payment_sessions.find((s) => s.provider_id === "pp_gateway_card")
    const posted = await call("POST", `/store/gateway/payment-sessions/${session.id}/card`, {
      cart_id: cart.id,
      card: card(number),
    })
    return { cartId: cart.id, session, posted: posted.payment_session }
  }
  const complete = (cartId) => call("POST", `/store/carts/${cartId}/complete`, {})
  const form = (fields) => ({
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  })

  log("Paying by card through the store API")
  const plain = await checkout(fixtures.cards.approve)
  check("the card post authorises the session", plain.posted.status === "authorized", plain.posted.status)
  check(
    "no card number in the session data the shopper gets back",
    !JSON.stringify(plain.posted).includes(fixtures.cards.approve)
  )
  const order = await complete(plain.cartId)
  check("completing the cart creates the order", order.type === "order", JSON.stringify(order).slice(0, 300))

  log("Paying with 3-D Secure: the browser POSTs return_url and notify_url to the issuer, as the gateway documents")
  const threeDS = await checkout(fixtures.cards.threeDS)
  const redirect = threeDS.posted.data.redirect
  check(
    "3-D Secure answers requires_more with a POST redirect",
    threeDS.posted.status === "requires_more" && redirect?.method === "POST",
    JSON.stringify(threeDS.posted.data).slice(0, 300)
  )
  check(
    "the redirect carries return_url and notify_url",
    Boolean(redirect.fields.return_url && redirect.fields.notify_url),
    JSON.stringify(redirect.fields)
  )
  const challenge = await fetch(redirect.url, form(redirect.fields))
  check("the issuer answers its challenge page", challenge.status === 200, String(challenge.status))
  const done = await fetch(redirect.url, form({ ...redirect.fields, outcome: "pass" }))
  check(
    "passing the challenge sends the shopper back to return_url",
    done.status === 303 && (done.headers.get("location") ?? "").startsWith(redirect.fields.return_url),
    `${done.status} ${done.headers.get("location")}`
  )
  const order3ds = await complete(threeDS.cartId)
  check(
    "completing the 3-D Secure cart creates the order",
    order3ds.type === "order",
    JSON.stringify(order3ds).slice(0, 300)
  )

  log("Paying with an APM: the shopper approves on the APM's page")
  const apmCart = await call("POST", "/store/carts", {
    region_id: seed.regions.usd,
    email: "ada@example.com",
    items: [{ variant_id: seed.variants.tshirt, quantity: 1 }],
    shipping_address: fixtures.address,
    billing_address: fixtures.address,
  })
  await call("POST", `/store/carts/${apmCart.cart.id}/shipping-methods`, { option_id: seed.shippingOptionId })
  const apmCollection = await call("POST", "/store/payment-collections", { cart_id: apmCart.cart.id })
  const apmCreated = await call(
    "POST",
    `/store/payment-collections/${apmCollection.payment_collection.id}/payment-sessions`,
    { provider_id: "pp_gateway_apm", data: { payment_method: "alipay" } }
  )
  const apmSession = apmCreated.payment_collection.payment_sessions.find((s) => s.provider_id === "pp_gateway_apm")
  check(
    "the APM answers requires_more with a POST redirect",
    apmSession.status === "requires_more" && apmSession.data.redirect?.method === "POST",
    JSON.stringify(apmSession.data).slice(0, 300)
  )
  const approved = await fetch(
    apmSession.data.redirect.url,
    form({ ...apmSession.data.redirect.fields, outcome: "pass" })
  )
  check("approving the APM sends the shopper back to return_url", approved.status === 303, String(approved.status))
  const orderApm = await complete(apmCart.cart.id)
  check("completing the APM cart creates the order", orderApm.type === "order", JSON.stringify(orderApm).slice(0, 300))

  log("Capturing and partly refunding each order through the admin API; the sandbox's ledger must agree")
  const auth = await call("POST", "/auth/user/emailpass", admin, { "content-type": "application/json" })
  const adminHeaders = { "content-type": "application/json", authorization: `Bearer ${auth.token}` }
  const paid = [
    ["card", order.order.id, plain.session.id],
    ["3-D Secure", order3ds.order.id, threeDS.session.id],
    ["APM", orderApm.order.id, apmSession.id],
  ]
  // What the gateway's order query reports, asked as the docs describe it (form-encoded; encryption_data =
  // sha256(merchant_id + account_id + sign_key)): the plugin must not take its 3000 for a capture.
  const reported = async (sessionId) => {
    const fields = { merchant_id: env.GATEWAY_MERCHANT_ID, account_id: env.GATEWAY_ACCOUNT_ID, orders: sessionId }
    const encryption_data = createHash("sha256")
      .update(fields.merchant_id + fields.account_id + env.GATEWAY_SIGN_KEY)
      .digest("hex")
    const res = await fetch(`${sandbox.url}/v1/retrievalTrans`, form({ ...fields, encryption_data }))
    return (await res.json()).orders_list?.at(-1)?.payment_status
  }
  const minor = (amount) => Math.round(Number(amount) * 100)
  const ledger = async (sessionId) =>
    (await (await fetch(`${sandbox.url}/sandbox/transactions?order_no=${encodeURIComponent(sessionId)}`)).json()).at(-1)
  for (const [what, orderId, sessionId] of paid) {
    const { order: full } = await call(
      "GET",
      `/admin/orders/${orderId}?fields=*payment_collections.payments`,
      null,
      adminHeaders
    )
    const payment = full.payment_collections[0].payments[0]
    const before = await ledger(sessionId)
    const code = await reported(sessionId)
    check(
      `${what}: the gateway reports 3000 while nothing is captured, and Medusa does not take it for a capture`,
      code === "3000" && before.captured_amount === "0.00" && !payment.captured_at,
      `${code} ${before.captured_amount} ${payment.captured_at}`
    )
    await call("POST", `/admin/payments/${payment.id}/capture`, {}, adminHeaders)
    await call("POST", `/admin/payments/${payment.id}/refund`, { amount: 5 }, adminHeaders)
    const { payment: after } = await call(
      "GET",
      `/admin/payments/${payment.id}?fields=*captures,*refunds`,
      null,
      adminHeaders
    )
    check(
      `${what}: Medusa shows the capture and the refund`,
      after.captures.length === 1 && after.refunds.length === 1 && Number(after.refunds[0].amount) === 5
    )
    const tx = await ledger(sessionId)
    check(
      `${what}: the gateway's ledger captured what Medusa captured, the whole amount`,
      minor(tx.captured_amount) === minor(after.captures[0].amount) &&
        minor(tx.captured_amount) === minor(payment.amount),
      `${tx.captured_amount} vs ${after.captures[0].amount} of ${payment.amount}`
    )
    check(
      `${what}: the gateway's ledger holds the one refund Medusa made`,
      tx.refunds.length === 1 && minor(tx.refunded_amount) + minor(tx.pending_refund_amount) === 500,
      JSON.stringify(tx.refunds)
    )
  }

  log("Running the order and refund syncs: Medusa and the gateway's ledger still agree")
  for (const job of ["order_sync", "refund_sync"]) {
    const { summary } = await call("POST", "/admin/gateway/sync-runs", { job }, adminHeaders)
    check(
      `the ${job} run succeeds with no discrepancy`,
      summary.status === "succeeded" && summary.discrepancies.length === 0,
      JSON.stringify(summary).slice(0, 500)
    )
  }
  for (const [what, , sessionId] of paid) {
    const tx = await ledger(sessionId)
    const [payment] = (
      await call("GET", `/admin/payments?payment_session_id=${sessionId}&fields=*captures,*refunds`, null, adminHeaders)
    ).payments
    const captured = payment.captures.reduce((sum, c) => sum + minor(c.amount), 0)
    const refunded = payment.refunds.reduce((sum, r) => sum + minor(r.amount), 0)
    check(
      `${what}: after the syncs, Medusa's captures and refunds equal the ledger's to the cent`,
      captured === minor(tx.captured_amount) &&
        refunded === minor(tx.refunded_amount) + minor(tx.pending_refund_amount) &&
        tx.refunds.length === 1,
      `${captured}/${refunded} vs ${tx.captured_amount}/${tx.refunded_amount}+${tx.pending_refund_amount}`
    )
  }
}

/** The public tables of a database, through the store's own pg driver (no psql needed). */
async function pgTables(url) {
  const pgPath = require.resolve("pg", { paths: [root] })
  const { Client } = require(pgPath)
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    const res = await client.query("select table_name from information_schema.tables where table_schema = 'public'")
    return { rows: res.rows.map((r) => r.table_name) }
  } finally {
    await client.end()
  }
}

const deadline = setTimeout(() => {
  process.stderr.write("packed-e2e: gave up after 25 minutes\n")
  cleanup().finally(() => process.exit(1))
}, 25 * 60_000)
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => cleanup().finally(() => process.exit(130)))

main()
  .then(async () => {
    clearTimeout(deadline)
    await cleanup()
    process.stdout.write(`packed-e2e: ${passed} passed, 0 failed\n`)
    process.exit(0)
  })
  .catch(async (err) => {
    clearTimeout(deadline)
    process.stderr.write(`packed-e2e: FAILED: ${err.stack ?? err}\n`)
    await cleanup()
    process.stdout.write(`packed-e2e: ${passed} passed, 1 failed\n`)
    process.exit(1)
  })
