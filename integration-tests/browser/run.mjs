#!/usr/bin/env node
// Browser tests of the admin extensions (`npm run test:browser`, and the end of `npm test`).
//
// Starts the demo stack (scripts/demo-stack.mjs: embedded PostgreSQL in a temporary directory, the gateway
// sandbox, migrations, seed, admin user, `medusa develop` with the admin) on free non-default ports, places an
// order held for risk review through the store API, then drives Debian's Chromium with playwright-core:
// logs in, opens each page, tracks a group, creates a cardholder/card, blocks the card, creates a payout, approves the
// held payment on the order page (a lost answer to the payout form retried: one payout), creates and refunds a group, lists and cancels a subscription (a guest bought
// the seed's Coffee Club), runs a reconciliation, opens the go-live check, then runs the storefront example's steps
// (./storefront.mjs, the Next.js example: card, decline and retry, 3-D Secure, hosted page, APM, saved cards, the kit's look), and asserts what each page shows. Screenshots of
// every page go to screenshots/browser/ (printed at the end).
//
// Without /usr/bin/chromium it prints why it skips and exits 0. Options: --keep (leave the stack running
// after the test, Ctrl-C stops it), --build (run `medusa plugin:build` first), CHROMIUM=/path.
import { spawnSync } from "node:child_process"
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import Medusa from "@medusajs/js-sdk"
import { freePort } from "../embedded-postgres.mjs"
import { root, startStack } from "../../scripts/demo-stack.mjs"
import { page, screenshot, setPage, setStack, startRun, step } from "./admin-ui.mjs"
import { placeGhost, placeOrder } from "./setup-orders.mjs"
import { adminDashboardAndPagesSteps } from "./steps/admin-dashboard-pages.mjs"
import { adminIssuingSteps } from "./steps/admin-issuing.mjs"
import { adminOrderAndPayoutSteps } from "./steps/admin-orders-payouts.mjs"
import { adminSubscriptionAndReconciliationSteps } from "./steps/admin-subscriptions-reconciliation.mjs"
import { storefrontSteps } from "./storefront.mjs"

const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium"
const args = process.argv.slice(2)
const started = Date.now()
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`
const log = (text) => process.stdout.write(`[browser ${elapsed()}] ${text}\n`)

if (!existsSync(CHROMIUM)) {
  process.stdout.write(
    `\nSKIPPED browser tests (integration-tests/browser): no Chromium at ${CHROMIUM}. ` +
      `Install it with \`apt-get install -y chromium\` (as .ci/run does) to run them.\n`
  )
  process.exit(0)
}

const { chromium } = await import("playwright-core")

// `medusa develop` restarts the server on any file change in the project (but dot-directories and a few
// others): screenshots are taken into a temporary folder and copied to screenshots/browser/ at the end.
const shotsDir = join(root, "screenshots", "browser")
const tmpShots = mkdtempSync(join(tmpdir(), "gateway-shots-"))
const dataDir = mkdtempSync(join(tmpdir(), "gateway-browser-"))
// As root, embedded PostgreSQL runs as a created `postgres` user, which must reach <dataDir>/pg.
chmodSync(dataDir, 0o755)
const userDataDir = mkdtempSync(join(tmpdir(), "gateway-chromium-"))

let stack
let browser
const failures = []
const passed = []
startRun({ shotsDir, tmpShots, log, passed, failures })

async function cleanup() {
  await browser?.close().catch(() => undefined)
  await stack?.stop().catch(() => undefined)
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(userDataDir, { recursive: true, force: true })
  rmSync(tmpShots, { recursive: true, force: true })
}

function saveScreenshots() {
  rmSync(shotsDir, { recursive: true, force: true })
  mkdirSync(shotsDir, { recursive: true })
  cpSync(tmpShots, shotsDir, { recursive: true })
  if (stack) writeFileSync(join(shotsDir, "medusa-develop.log"), stack.serverOutput())
}
process.on("SIGINT", async () => {
  await cleanup()
  process.exit(130)
})

// ---------------------------------------------------------------------------------------------------------
async function main() {
  if (args.includes("--build")) {
    log("medusa plugin:build")
    const r = spawnSync("npx", ["medusa", "plugin:build"], { cwd: root, stdio: "inherit" })
    if (r.status !== 0) throw new Error("medusa plugin:build failed")
  }
  const ports = {
    store: await freePort(),
    sandbox: await freePort(),
    postgres: await freePort(),
    storefront: await freePort(),
  }
  log(
    `starting the stack (store :${ports.store}, sandbox :${ports.sandbox}, postgres :${ports.postgres}, data ${dataDir})`
  )
  stack = await startStack({
    ports,
    dataDir,
    // A settling deadline of 20 s (at least twice the timeouts, shortened to allow it), so that the ghost payment
    // below is released while the test runs, not ten minutes later.
    env: { GATEWAY_SETTLE_AFTER_SECONDS: "20", GATEWAY_TIMEOUT_CONNECT_MS: "2000", GATEWAY_TIMEOUT_TOTAL_MS: "8000" },
    log: (kind, text) => kind === "step" && log(text),
    onServerExit: (code, output) => {
      process.stderr.write(`\nThe Medusa server stopped (exit ${code}). Its last output:\n${output}\n`)
      cleanup().then(() => process.exit(1))
    },
  })
  setStack(stack)
  const { storeUrl, admin } = stack

  log("placing an order held for risk review (card 4000 0000 0000 9995) and a paid one (4242...)")
  const held = await placeOrder(stack, "4000000000009995")
  if (held.session.status !== "pending_authorization")
    throw new Error(`the review card's session is ${held.session.status}, expected pending_authorization`)
  const paid = await placeOrder(stack, "4242424242424242")
  log("a guest buys the Coffee Club (a subscription variant) by card")
  const subscribed = await placeOrder(stack, "4242424242424242", "coffeeClub")
  if (!subscribed.session.data.subscription?.recurring_id)
    throw new Error(
      `the Coffee Club payment carries no subscription: ${JSON.stringify(subscribed.session.data.subscription)}`
    )
  log(
    "for the payments dashboard: a declined card then a Mastercard on one session, captured and partly refunded through the admin API"
  )
  const retried = await placeOrder(stack, "5555555555554444", "tshirt", { declinedFirst: true })
  const adminApi = new Medusa({ baseUrl: storeUrl, auth: { type: "jwt", jwtTokenStorageMethod: "memory" } })
  await adminApi.auth.login("user", "emailpass", { email: admin.email, password: admin.password })
  log("a ghost payment: an APM finished at the bank after the cart was paid by card (released by the store)")
  const ghost = await placeGhost(stack)
  // Released once past the settling deadline (the deleted session may still have become the order's payment until
  // then), by the order sync, run here as its schedule would.
  let ghostRelease = null
  for (const end = Date.now() + 120_000; !ghostRelease; await new Promise((r) => setTimeout(r, 3000))) {
    await adminApi.client.fetch("/admin/gateway/sync-runs", { method: "POST", body: { job: "order_sync" } })
    const { releases } = await adminApi.client.fetch("/admin/gateway/releases", { query: { order_no: ghost.orderNo } })
    if (releases[0]?.status === "released") ghostRelease = releases[0]
    else if (Date.now() > end) throw new Error(`the ghost APM ${ghost.orderNo} was not released within 120 s`)
  }
  const { order: retriedOrder } = await adminApi.admin.order.retrieve(retried.order.id, {
    fields: "id,*payment_collections.payments",
  })
  const retriedPayment = retriedOrder.payment_collections[0].payments[0].id
  await adminApi.admin.payment.capture(retriedPayment, {})
  await adminApi.admin.payment.refund(retriedPayment, { amount: 5 })

  // A fresh profile (--user-data-dir, which playwright passes for a persistent context).
  browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    // This script stops the browser itself (with the stack) on Ctrl-C.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1440, height: 900 },
    locale: "en-US",
    timezoneId: "UTC",
  })
  const context = browser
  setPage(await context.newPage())
  page.setDefaultTimeout(20_000)
  const pageErrors = []
  page.on("pageerror", (e) => pageErrors.push(e.message))
  // React's warnings of invalid markup (a <div> inside a <p>, ...) in the admin's development build, where the
  // component stack passes through the plugin's own admin code (Medusa's pages have some of their own).
  const markupWarnings = []
  page.on("console", (msg) => {
    const text = msg.text()
    if (
      msg.type() === "error" &&
      /validateDOMNesting|cannot be a descendant of|cannot contain a nested/.test(text) &&
      text.includes("/src/admin/")
    )
      markupWarnings.push(text.slice(0, 1500))
  })
  // Every POST the admin makes to the plugin's routes: its content type (the API takes JSON only) and its
  // idempotency key (required where money moves).
  const posts = []
  page.on("request", (r) => {
    const url = new URL(r.url())
    if (r.method() === "POST" && url.pathname.startsWith("/admin/gateway/")) {
      posts.push({
        path: url.pathname,
        type: r.headers()["content-type"] ?? "",
        key: r.headers()["idempotency-key"] ?? null,
      })
    }
  })
  const keysOf = (pattern) => posts.filter((p) => pattern.test(p.path)).map((p) => p.key)

  await adminOrderAndPayoutSteps({ storeUrl, held, paid, keysOf })
  await adminIssuingSteps({ keysOf })
  await adminSubscriptionAndReconciliationSteps({ subscribed, ghost, ghostRelease, retried })

  await step("every admin POST to the plugin's routes was sent as JSON (the API refuses any other type)", async () => {
    const other = posts.filter((p) => !p.type.startsWith("application/json"))
    if (!posts.length || other.length) throw new Error(`not JSON: ${JSON.stringify(other)}`)
  })

  // The storefront example (examples/nextjs-storefront, on the storefront kit): integration-tests/browser/storefront.mjs.
  const adminPage = page
  setPage(await context.newPage())
  await storefrontSteps({
    page,
    storefrontUrl: stack.storefrontUrl,
    storeUrl,
    gatewayUrl: stack.sandbox.url,
    step,
    screenshot,
    pageErrors,
    log,
  })

  // Last, once the storefront's payments (3-D Secure passed and failed, the hosted page, an APM...) are in it too.
  setPage(adminPage)
  await adminDashboardAndPagesSteps()

  if (pageErrors.length)
    failures.push({ name: "no uncaught errors in the page", message: pageErrors.slice(0, 5).join("\n") })
  if (markupWarnings.length)
    failures.push({
      name: "no invalid markup in the admin pages (React's nesting warnings)",
      message: [...new Set(markupWarnings)].slice(0, 5).join("\n"),
    })
}

let exitCode = 0
try {
  await main()
} catch (err) {
  failures.push({ name: "setup", message: err.stack ?? err.message })
}
if (failures.length) {
  exitCode = 1
  process.stdout.write(`\nBrowser tests: ${passed.length} passed, ${failures.length} FAILED\n`)
  for (const f of failures)
    process.stdout.write(
      `\n✗ ${f.name}\n  ${f.message.replace(/\n/g, "\n  ")}${f.file ? `\n  screenshot: ${f.file}` : ""}\n`
    )
} else {
  process.stdout.write(`\nBrowser tests: all ${passed.length} steps passed in ${elapsed()}\n`)
}
saveScreenshots()
process.stdout.write(`Screenshots: ${shotsDir}\n`)
if (args.includes("--keep") && stack) {
  process.stdout.write(
    `Stack kept running: ${stack.storeUrl}/app (${stack.admin.email} / ${stack.admin.password}); Ctrl-C stops it.\n`
  )
} else {
  await cleanup()
  process.exit(exitCode)
}
