// The packed plugin paid through in a fresh Medusa store at one Medusa version (scripts/packed-e2e.mjs runs it at
// the version this repository develops on and at the oldest its peer ranges accept): installed by package name,
// configured as README.md's "Installing the plugin" says, its go-live check run, then a card, a 3-D Secure and an
// APM checkout through Medusa's store API, each captured and partly refunded through its admin API, against the
// sandbox in its one-paid-code mode (`--paid-status 3000`), checked against the sandbox's ledger.
import { createHash } from "node:crypto"
import { existsSync, mkdirSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { freePort, startEmbeddedPostgres } from "../integration-tests/embedded-postgres.mjs"
import { writeScratchStore } from "./packed-store-files.mjs"
import { card } from "./shopper-card.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(import.meta.url)
const repoPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
const fixtures = JSON.parse(readFileSync(join(root, "scripts/shopper-fixtures.json"), "utf8"))

/** The Medusa versions a store is tried at: the pinned one this repository develops on, and its peers' floor. */
export function medusaVersions() {
  const floor = (range) => /(\d+\.\d+\.\d+)/.exec(range)?.[1]
  const dev = repoPkg.devDependencies
  const peers = repoPkg.peerDependencies
  return [
    { medusa: dev["@medusajs/medusa"], ui: dev["@medusajs/ui"] },
    { medusa: floor(peers["@medusajs/medusa"]), ui: floor(peers["@medusajs/ui"]) },
  ]
}

/**
 * One scratch store at `medusa` ({ medusa, ui } versions) in `dir`, paid through; `run`, `log`, `check` and
 * `cleanups` are packed-e2e's (a failed check throws).
 */
export async function payThroughScratchStore({ tarball, dir, medusa, run, log, check, cleanups, waitFor }) {
  const store = dir
  mkdirSync(store, { recursive: true })
  writeScratchStore(store, medusa, tarball)
  log(`Installing Medusa ${medusa.medusa} and the packed plugin into a scratch store (npm install)`)
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], { cwd: store })
  const installed = join(store, "node_modules/medusa-plugin-card-gateway")
  check("the plugin is installed by package name, without a peer conflict", existsSync(join(installed, "package.json")))
  const versionOf = (name) =>
    JSON.parse(readFileSync(join(store, "node_modules", name, "package.json"), "utf8")).version
  check(
    `the store runs Medusa ${medusa.medusa} (@medusajs/ui ${medusa.ui}), not a version npm chose instead`,
    ["@medusajs/medusa", "@medusajs/framework"].every((n) => versionOf(n) === medusa.medusa) &&
      versionOf("@medusajs/ui") === medusa.ui,
    ["@medusajs/medusa", "@medusajs/framework", "@medusajs/ui"].map((n) => `${n}@${versionOf(n)}`).join(" ")
  )

  log("Starting PostgreSQL (embedded) and the gateway sandbox")
  const pg = await startEmbeddedPostgres({ durable: false })
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
