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
import Medusa from "@medusajs/js-sdk"
import { spawnSync } from "node:child_process"
import { createRequire } from "node:module"
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "../embedded-postgres.mjs"
import { card as shopperCard } from "../../scripts/shopper-card.mjs"
import { expectIn as expectInPage } from "./expect-in.mjs"
import { root, startStack, waitFor as waitForHealthUrl } from "../../scripts/demo-stack.mjs"
import { storefrontSteps } from "./storefront.mjs"

const waitForHealth = (storeUrl, ms) => waitForHealthUrl(`${storeUrl}/health`, ms)

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
// An order held for risk review, through the store API (as scripts/demo-shopper.mjs checks out).
// The shopper's address and test cards shared with the demo, the tests and the benchmarks.
const { address: ADDRESS, cards: CARDS } = createRequire(import.meta.url)("../../scripts/shopper-fixtures.json")

async function placeOrder({ storeUrl, seed }, number, variant = "tshirt", { declinedFirst = false } = {}) {
  const sdk = new Medusa({ baseUrl: storeUrl, publishableKey: seed.publishableKey })
  const { cart } = await sdk.store.cart.create({
    region_id: seed.regions.usd,
    email: "ada@example.com",
    items: [{ variant_id: seed.variants[variant], quantity: 1 }],
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
  })
  await sdk.store.cart.addShippingMethod(cart.id, { option_id: seed.shippingOptionId })
  const fresh = (await sdk.store.cart.retrieve(cart.id)).cart
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(fresh, {
    provider_id: "pp_gateway_card",
  })
  const session = payment_collection.payment_sessions.find((s) => s.provider_id === "pp_gateway_card")
  const card = shopperCard(number)
  const post = (c) =>
    sdk.client.fetch(`/store/gateway/payment-sessions/${session.id}/card`, {
      method: "POST",
      body: { cart_id: cart.id, card: c },
    })
  if (declinedFirst) {
    // The sandbox's declined card first, then the card on the same session: a retry, as a shopper would.
    const { payment_session: refused } = await post({ ...card, number: "4000000000000002" })
    if (refused.status !== "error") throw new Error(`the declined card's session is ${refused.status}, expected error`)
  }
  const { payment_session } = await post(card)
  const res = await sdk.store.cart.complete(cart.id)
  if (res.type !== "order")
    throw new Error(`checkout with ${number} did not create an order: ${JSON.stringify(res.error ?? res.type)}`)
  return { order: res.order, session: payment_session }
}

/**
 * A ghost payment (docs/payments-and-safety.md, "Where every payment ends up"): the shopper starts an APM, comes back and pays by card
 * (Medusa deletes the APM session), the cart becomes an order, then the shopper finishes the APM at the bank
 * after all. The store voids it on its notification. Answers the order and the APM's order number.
 */
async function placeGhost({ storeUrl, seed }) {
  const sdk = new Medusa({ baseUrl: storeUrl, publishableKey: seed.publishableKey })
  const { cart } = await sdk.store.cart.create({
    region_id: seed.regions.usd,
    email: "ada@example.com",
    items: [{ variant_id: seed.variants.tshirt, quantity: 1 }],
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
  })
  await sdk.store.cart.addShippingMethod(cart.id, { option_id: seed.shippingOptionId })
  let fresh = (await sdk.store.cart.retrieve(cart.id)).cart
  const apm = (
    await sdk.store.payment.initiatePaymentSession(fresh, {
      provider_id: "pp_gateway_apm",
      data: { payment_method: "alipay" },
    })
  ).payment_collection.payment_sessions.find((s) => s.provider_id === "pp_gateway_apm")
  fresh = (await sdk.store.cart.retrieve(cart.id)).cart
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(fresh, {
    provider_id: "pp_gateway_card",
  })
  const session = payment_collection.payment_sessions.find((s) => s.provider_id === "pp_gateway_card")
  const card = shopperCard(CARDS.approve)
  await sdk.client.fetch(`/store/gateway/payment-sessions/${session.id}/card`, {
    method: "POST",
    body: { cart_id: cart.id, card },
  })
  const res = await sdk.store.cart.complete(cart.id)
  if (res.type !== "order")
    throw new Error(`the card after the APM did not create an order: ${JSON.stringify(res.error ?? res.type)}`)
  const bank = await fetch(apm.data.issuer_url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "outcome=pass",
    redirect: "manual",
  })
  if (bank.status !== 303) throw new Error(`the APM's bank page answered ${bank.status}`)
  return { order: res.order, orderNo: apm.id }
}

/**
 * Texts inside `testId` that do not fit their box (cut off, or past the edge of their container): each as
 * "text (scroll width > box width)". Empty when everything can be read.
 */
async function clippedTexts(testId) {
  return clippedIn(page.getByTestId(testId).first())
}
/**
 * The same for any element. `below: false` for a whole page, which scrolls: what is below the fold is not cut off.
 */
async function clippedIn(locator, { below = true } = {}) {
  return locator.evaluate((root, below) => {
    const out = []
    const box = root.getBoundingClientRect()
    for (const el of root.querySelectorAll("*")) {
      if (!el.childNodes.length || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue
      const r = el.getBoundingClientRect()
      if (
        el.scrollWidth > el.clientWidth + 1 ||
        el.scrollHeight > el.clientHeight + 1 ||
        r.right > box.right + 1 ||
        r.left < box.left - 1 ||
        (below && r.bottom > box.bottom + 1)
      )
        out.push(`${el.textContent.trim().slice(0, 40)} (${el.scrollWidth} > ${el.clientWidth})`)
    }
    return out
  }, below)
}

// ---------------------------------------------------------------------------------------------------------
// Steps: each is named, timed, screenshotted; a failure is recorded (with a screenshot) and the run goes on
// where later steps do not depend on it.
let page
let shot = 0
async function screenshot(name) {
  const name_ = `${String(++shot).padStart(2, "0")}-${name}.png`
  await page.screenshot({ path: join(tmpShots, name_), fullPage: true }).catch(() => undefined)
  return join(shotsDir, name_)
}

/** A screenshot of one element (scrolled into view): what a page's full-page shot cuts off below Medusa's scroll area. */
async function elementShot(testId, name) {
  const name_ = `${String(++shot).padStart(2, "0")}-${name}.png`
  const el = page.getByTestId(testId).first()
  await el.scrollIntoViewIfNeeded().catch(() => undefined)
  await el.screenshot({ path: join(tmpShots, name_) }).catch(() => undefined)
  return join(shotsDir, name_)
}

async function step(name, fn, { required = false } = {}) {
  const t = Date.now()
  try {
    await fn()
    passed.push(name)
    log(`ok   ${name} (${((Date.now() - t) / 1000).toFixed(1)}s)`)
  } catch (err) {
    const file = await screenshot(`FAILED-${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}`)
    failures.push({ name, message: err.message.split("\n").slice(0, 6).join("\n"), file })
    log(`FAIL ${name}: ${err.message.split("\n")[0]}`)
    if (required) throw err
  }
}

const expectText = async (text, timeout = 20_000) =>
  page.getByText(text, { exact: false }).first().waitFor({ state: "visible", timeout })
const expectTestId = async (id, timeout = 20_000) => page.getByTestId(id).first().waitFor({ state: "visible", timeout })
const expectIn = (testId, text, timeout) => expectInPage(page, testId, text, timeout)
/** Expects a toast with this text (Medusa's Toaster), so success and failure are both checked. */
async function expectToast(text) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text }).first()
  await toast.waitFor({ state: "visible", timeout: 20_000 }).catch(async () => {
    const all = await page
      .locator("[data-sonner-toast]")
      .allInnerTexts()
      .catch(() => [])
    throw new Error(`no toast "${text}"${all.length ? `; toasts: ${all.join(" | ").replace(/\s+/g, " ")}` : ""}`)
  })
}
/** Clicks the confirm button of the open Prompt (usePrompt / Prompt). */
async function confirmPrompt(label) {
  const dialog = page.getByRole("alertdialog").last()
  await dialog.waitFor({ state: "visible", timeout: 10_000 })
  await dialog.getByRole("button", { name: label, exact: true }).click()
}
/** Fills a form's fields by their ids (`{ first_name: "Grace" }` fills `#first_name`). */
async function fillFields(values) {
  for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).fill(value)
}
/** Types an amount into the open amount prompt and confirms it. */
async function submitAmount(amount) {
  await page.locator("#amount").fill(amount)
  await page.getByTestId("amount-prompt-confirm").click()
}
async function selectOption(trigger, optionText) {
  await trigger.click()
  await page.getByRole("option", { name: optionText }).first().click()
}
async function login() {
  await page.locator('input[name="email"]').fill(stack.admin.email)
  await page.locator('input[name="password"]').fill(stack.admin.password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: 60_000 })
}

/**
 * Opens an admin page. `medusa develop` restarts the server when a file of the project changes (and the
 * admin session, kept in memory, is then gone): wait for the server, log in again and retry.
 */
async function open(path, waitFor) {
  for (let attempt = 1; ; attempt++) {
    try {
      await waitForHealth(stack.storeUrl, 180_000)
      await page.goto(`${stack.storeUrl}/app${path}`, { waitUntil: "domcontentloaded" })
      const loginForm = page.locator('input[name="email"]')
      const expected = waitFor ? waitFor().then(() => "page") : Promise.resolve("page")
      const seen = await Promise.race([expected, loginForm.waitFor({ timeout: 180_000 }).then(() => "login")])
      if (seen === "login") {
        log(`  ${path}: the session is gone (server restarted?); logging in again`)
        expected.catch(() => undefined)
        await login()
        throw new Error("logged in again")
      }
      return
    } catch (err) {
      if (
        attempt >= 3 ||
        !/ERR_CONNECTION_REFUSED|ERR_EMPTY_RESPONSE|ERR_CONNECTION_RESET|Timeout|logged in again/.test(err.message)
      )
        throw err
      log(`  ${path}: ${err.message.split("\n")[0]}; retrying`)
    }
  }
}

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
  page = await context.newPage()
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
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

  await step(
    "log in as the seeded admin",
    async () => {
      // The first request compiles the admin (vite, develop mode): allow for a slow machine.
      await page.goto(`${storeUrl}/app/login`, { waitUntil: "domcontentloaded", timeout: 240_000 })
      await page.locator('input[name="email"]').waitFor({ timeout: 240_000 })
      await login()
      await page.waitForURL(/\/app\/orders/, { timeout: 120_000 })
      await expectText("Orders", 60_000)
    },
    { required: true }
  )

  await step("sidebar lists the gateway pages", async () => {
    await open("/gateway", () => expectTestId("gateway-overview", 120_000))
    for (const label of [
      "Payments",
      "Payouts",
      "Cardholders",
      "Cards",
      "Groups",
      "Subscriptions",
      "Reconciliation",
      "Go-live check",
    ]) {
      await page.locator("nav, aside").getByRole("link", { name: label }).first().waitFor({ state: "visible" })
    }
    await screenshot("gateway-overview")
  })

  await step("order widget: held payment shows its gateway details", async () => {
    await open(`/orders/${held.order.id}`, () => expectTestId("gateway-payment-widget", 120_000))
    await expectIn("gateway-payment-widget", held.session.data.transaction_id)
    await expectIn("gateway-status", "Review")
    await expectIn("gateway-card", held.session.data.card_mask)
    await expectTestId("gateway-review")
    await screenshot("order-held-for-review")
  })

  await step("order widget: approve the held payment (confirmed)", async () => {
    await page.getByTestId("gateway-review").getByRole("button", { name: "Approve" }).click()
    await confirmPrompt("Approve")
    await expectToast("Payment approved")
    await expectIn("gateway-status", "Authorized")
    await expectIn("gateway-review-status", "Approved")
    if (await page.getByTestId("gateway-review").count())
      throw new Error("the Approve / Reject buttons are still shown")
    await screenshot("order-approved")
  })

  await step("order widget: a paid order shows transaction and card", async () => {
    await open(`/orders/${paid.order.id}`, () => expectTestId("gateway-payment-widget", 60_000))
    await expectIn("gateway-status", "Authorized")
    await expectIn("gateway-card", paid.session.data.card_mask)
    if (await page.getByTestId("gateway-review").count()) throw new Error("a paid order offers a review")
    await screenshot("order-paid")
  })

  await step("payouts: empty list", async () => {
    await open("/gateway/payouts", () => expectText("No payouts yet", 60_000))
    await screenshot("payouts-empty")
  })

  await step("payouts: client-side validation", async () => {
    await page.getByTestId("create-payout").click()
    await page.locator("#payment_amount").fill("10.123")
    await page.getByTestId("create-payout-submit").click()
    if (!page.url().endsWith("/gateway/payouts/create"))
      throw new Error(`the create form has no URL of its own: ${page.url()}`)
    await expectIn("error-payment_amount", "at most 2 decimal places")
    await expectTestId("error-company_name")
    await expectTestId("error-account_number")
    await screenshot("payout-create-validation")
  })

  await step("payouts: create a payout", async () => {
    await fillFields({
      payment_amount: "125.50",
      reference: "INV-2041",
      company_name: "Acme Supplies Ltd",
      street_address: "1 King St",
      city: "London",
      country_code: "GB",
      account_name: "Acme Supplies Ltd",
      account_number: "12345678",
      bank_country_code: "GB",
      swift_code: "BARCGB22",
    })
    // The first submit reaches the server, which pays, but its answer never reaches the browser (a dropped
    // connection): the admin sees an error and submits again. The form sends the same key, so the API answers
    // the payout it made instead of paying twice (the list step checks there is one).
    let dropped = false
    await page.route("**/admin/gateway/payouts", async (route) => {
      if (route.request().method() !== "POST" || dropped) return route.continue()
      dropped = true
      await route.fetch()
      await route.abort("connectionreset")
    })
    await page.getByTestId("create-payout-submit").click()
    await expectToast("Could not create the payout")
    await page.getByTestId("create-payout-submit").click()
    await expectToast("Payout created")
    await page.unroute("**/admin/gateway/payouts")
    const keys = keysOf(/^\/admin\/gateway\/payouts$/)
    if (keys.length !== 2 || !UUID.test(keys[0] ?? "") || keys[1] !== keys[0])
      throw new Error(`the two submits of one form did not carry one key: ${JSON.stringify(keys)}`)
    await expectTestId("payout-detail")
    await expectIn("payout-detail", "125.50 USD")
    await expectIn("payout-beneficiary", "Acme Supplies Ltd")
    await expectIn("payout-beneficiary", "•••• 5678")
    const text = await page.getByTestId("payout-beneficiary").innerText()
    if (text.includes("12345678")) throw new Error("the beneficiary's account number is shown unmasked")
    await screenshot("payout-detail")
  })

  await step("payouts: list shows it and filters by status", async () => {
    await open("/gateway/payouts", () => expectTestId("payouts-table", 30_000))
    await expectIn("payouts-table", "INV-2041")
    const rows = await page.getByTestId("payouts-table").locator("tbody tr").filter({ hasText: "INV-2041" }).count()
    if (rows !== 1) throw new Error(`the retried payout form made ${rows} payouts, expected 1`)
    await selectOption(page.getByTestId("payout-status-filter").getByRole("combobox"), "Failed")
    await expectText("No payouts match these filters")
    // The filter is in the URL: a reload (or a link) shows the same filtered list.
    if (new URL(page.url()).searchParams.get("status") !== "FAILED")
      throw new Error(`the status filter is not in the URL: ${page.url()}`)
    await page.reload({ waitUntil: "domcontentloaded" })
    await expectText("No payouts match these filters", 60_000)
    await selectOption(page.getByTestId("payout-status-filter").getByRole("combobox"), "All statuses")
    await expectIn("payouts-table", "INV-2041")
    await screenshot("payouts-list")
  })

  await step("groups: track the sandbox's group 7001", async () => {
    await open("/gateway/groups", () => expectText("No card groups yet", 60_000))
    await screenshot("groups-empty")
    await page.getByTestId("track-group").click()
    await page.waitForURL((url) => url.pathname.endsWith("/gateway/groups/track"), { timeout: 20_000 })
    await page.locator("#gateway_group_id").fill("7001")
    await page.getByTestId("track-group-submit").click()
    await expectToast("Group tracked")
    await expectIn("groups-table", "7001")
    await expectIn("groups-table", "10000.00")
    await screenshot("groups-list")
  })

  await step("cardholders: create one", async () => {
    await open("/gateway/cardholders", () => expectText("No cardholders yet", 60_000))
    // The create form has its URL; closing it goes back to the list.
    await page.getByTestId("create-cardholder").click()
    await page.waitForURL((url) => url.pathname.endsWith("/gateway/cardholders/create"), { timeout: 20_000 })
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click()
    await page.waitForURL((url) => url.pathname.endsWith("/gateway/cardholders"), { timeout: 20_000 })
    await open("/gateway/cardholders/create", () => expectTestId("create-cardholder-submit", 60_000))
    await page.getByTestId("create-cardholder-submit").click()
    await expectTestId("error-email")
    await fillFields({ first_name: "Grace", last_name: "Hopper", email: "grace@example.com", billing_country: "US" })
    await page.getByTestId("create-cardholder-submit").click()
    await expectToast("Cardholder created")
    await expectIn("cardholder-detail", "Grace Hopper")
    await expectIn("cardholder-detail", "grace@example.com")
    await screenshot("cardholder-detail")
    await open("/gateway/cardholders", () => expectTestId("cardholders-table", 30_000))
    await expectIn("cardholders-table", "grace@example.com")
    await screenshot("cardholders-list")
  })

  await step("cardholders: create and delete another (confirmed)", async () => {
    await page.getByTestId("create-cardholder").click()
    await fillFields({ first_name: "Alan", last_name: "Turing", email: "alan@example.com" })
    await page.getByTestId("create-cardholder-submit").click()
    await expectToast("Cardholder created")
    await expectIn("cardholder-detail", "Alan Turing")
    await page.getByTestId("delete-cardholder").click()
    await confirmPrompt("Delete")
    await expectToast("Cardholder deleted")
    await expectIn("cardholder-detail", "Deleted")
  })

  let cardId
  await step("cards: create a card for the cardholder from group 7001", async () => {
    await open("/gateway/cards", () => expectText("No cards yet", 60_000))
    await screenshot("cards-empty")
    await page.getByTestId("create-cards").click()
    await selectOption(page.locator("#cardholder_id"), "Grace Hopper")
    await selectOption(page.locator("#group_id"), "7001")
    await page.locator("#charge_amount").fill("50.00")
    await page.locator("#pieces").fill("2")
    await page.locator("#alias").fill("Marketing")
    await page.getByTestId("create-cards-submit").click()
    await expectToast("2 cards created")
    await expectIn("cards-table", "Marketing")
    const rows = page.getByTestId("cards-table").locator("tbody tr")
    if ((await rows.count()) !== 2) throw new Error(`expected 2 cards in the list, found ${await rows.count()}`)
    cardId = await rows.first().getAttribute("data-row-id")
    // the cards are funded from the group: the creation carries the form's idempotency key
    const keys = keysOf(/^\/admin\/gateway\/cards$/)
    if (keys.length !== 1 || !UUID.test(keys[0] ?? ""))
      throw new Error(`the card creation carried no idempotency key: ${JSON.stringify(keys)}`)
    await screenshot("cards-list")
  })

  await step("cards: filter by status", async () => {
    await selectOption(page.getByTestId("card-status-filter").getByRole("combobox"), "Closed")
    await expectText("No cards match these filters")
    await selectOption(page.getByTestId("card-status-filter").getByRole("combobox"), "All statuses")
    await expectIn("cards-table", "Marketing")
  })

  await step("cards: detail, block (confirmed) and activate", async () => {
    if (!cardId) throw new Error("no card was created")
    await open(`/gateway/cards/${cardId}`, () => expectTestId("card-detail", 30_000))
    await expectIn("card-status", "Active")
    await expectIn("card-detail", "50.00 USD")
    await screenshot("card-detail")
    await page.getByTestId("card-block").click()
    await confirmPrompt("Block")
    await expectToast("Card blocked")
    await expectIn("card-status", "Blocked")
    await screenshot("card-blocked")
    await page.getByTestId("card-activate").click()
    await confirmPrompt("Activate")
    await expectToast("Card activated")
    await expectIn("card-status", "Active")
  })

  await step("cards: recharge (confirmed, validated)", async () => {
    await page.getByTestId("card-recharge").click()
    await submitAmount("abc")
    await expectText("decimal amount")
    await submitAmount("10.00")
    await expectToast("Card recharged")
    await expectIn("card-detail", "60.00 USD")
    const keys = keysOf(/\/recharge$/)
    if (keys.length !== 1 || !UUID.test(keys[0] ?? ""))
      throw new Error(`the recharge carried no idempotency key: ${JSON.stringify(keys)}`)
  })

  await step("cards: reveal details once, hidden again", async () => {
    await page.getByTestId("card-reveal").click()
    await confirmPrompt("Reveal")
    const shown = await expectIn("card-revealed", "CVV")
    if (!/\d{4} \d{4} \d{4} \d{4}/.test(shown)) throw new Error(`no card number in the revealed panel: ${shown}`)
    await screenshot("card-revealed")
    await page.getByTestId("card-revealed").getByRole("button", { name: "Hide" }).click()
    await page.getByTestId("card-revealed").waitFor({ state: "detached", timeout: 5_000 })
    if ((await page.getByTestId("card-detail").innerText()).match(/\d{4} \d{4} \d{4} \d{4}/))
      throw new Error("the card number is still shown after Hide")
  })

  await step("groups: detail shows the balance after the cards", async () => {
    await open("/gateway/groups", () => expectTestId("groups-table", 30_000))
    await page.getByTestId("groups-table").locator("tbody tr").first().click()
    await expectTestId("group-detail")
    await expectIn("group-detail", "9890.00")
    await screenshot("group-detail")
  })

  let groupUrl
  await step("groups: create a group at the gateway (validated, at its URL)", async () => {
    await open("/gateway/groups", () => expectTestId("groups-table", 30_000))
    await page.getByTestId("create-group").click()
    await page.waitForURL((url) => url.pathname.endsWith("/gateway/groups/create"), { timeout: 20_000 })
    await fillFields({ name: "Marketing", country_code: "gb", currency: "EUR", charge_amount: "500.125" })
    await page.getByTestId("create-group-submit").click()
    await expectIn("error-charge_amount", "at most 2 decimal places")
    await screenshot("group-create-validation")
    await page.locator("#charge_amount").fill("500")
    await page.getByTestId("create-group-submit").click()
    await expectToast("Group created")
    await expectIn("group-detail", "Marketing")
    await expectIn("group-balance", "500.00 EUR")
    // funded from the company's account: the creation carries the form's idempotency key
    const keys = keysOf(/^\/admin\/gateway\/groups$/)
    if (keys.length !== 1 || !UUID.test(keys[0] ?? ""))
      throw new Error(`the group creation carried no idempotency key: ${JSON.stringify(keys)}`)
    groupUrl = page.url()
    await screenshot("group-created")
  })

  await step("groups: refund part of the new group to the account (validated, confirmed)", async () => {
    if (!groupUrl) throw new Error("no group was created")
    await page.getByTestId("refund-group").click()
    await submitAmount("200.505")
    await expectText("at most 2 decimal places")
    await page.locator("#amount").fill("200.50")
    await screenshot("group-refund-prompt")
    await page.getByTestId("amount-prompt-confirm").click()
    await expectToast("Refunded to the account")
    await expectToast("New balance: 299.50 EUR")
    await expectIn("group-balance", "299.50 EUR")
    // more than the balance: the gateway's refusal, and the balance unchanged
    await page.getByTestId("refund-group").click()
    await submitAmount("300.00")
    await expectToast("Insufficient balance")
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel", exact: true }).click()
    await expectIn("group-balance", "299.50 EUR")
    // each opening of the prompt is its own request: its own key
    const keys = keysOf(/\/groups\/[^/]+\/refund$/)
    if (keys.length !== 2 || !keys.every((k) => UUID.test(k ?? "")) || keys[0] === keys[1])
      throw new Error(`the two refund prompts did not carry a key each: ${JSON.stringify(keys)}`)
    await screenshot("group-refunded")
  })

  await step("order widget: the subscription the order sold", async () => {
    await open(`/orders/${subscribed.order.id}`, () => expectTestId("gateway-order-subscription", 60_000))
    await expectIn("gateway-order-subscription", "Coffee Club monthly")
    await expectIn("gateway-order-subscription", "12.50 USD")
    await expectIn("gateway-order-subscription", "Active")
    await expectIn("gateway-subscription-deductions", "0")
    await expectTestId("order-cancel-subscription")
    await page.getByTestId("gateway-order-subscription").scrollIntoViewIfNeeded()
    await screenshot("order-subscription")
  })

  await step("subscriptions: list, status filter kept in the URL", async () => {
    await open("/gateway/subscriptions", () => expectTestId("subscriptions-table", 60_000))
    await expectIn("subscriptions-table", "Coffee Club monthly")
    await expectIn("subscriptions-table", "12.50 USD")
    await expectIn("subscriptions-table", "Every month")
    // Staff read who the customer is (a name or an e-mail), never a raw customer id.
    const listed = await page.getByTestId("subscriptions-table").innerText()
    if (/\bcus_[0-9A-Z]{10,}/.test(listed))
      throw new Error(`the subscriptions list shows a raw customer id: ${listed.slice(0, 300)}`)
    await screenshot("subscriptions-list")
    await selectOption(page.getByTestId("subscription-status-filter").getByRole("combobox"), "Cancelled")
    await expectText("No subscriptions match these filters")
    if (new URL(page.url()).searchParams.get("status") !== "cancelled")
      throw new Error(`the status filter is not in the URL: ${page.url()}`)
    await selectOption(page.getByTestId("subscription-status-filter").getByRole("combobox"), "Active")
    await expectIn("subscriptions-table", "Coffee Club monthly")
    // The contract found by the gateway's recurring id (kept in the URL), and another id finding nothing.
    const search = page.getByPlaceholder("Recurring id")
    await search.fill("R-no-such-contract")
    await expectText("No subscriptions match these filters")
    await search.fill(subscribed.session.data.subscription.recurring_id)
    await expectIn("subscriptions-table", "Coffee Club monthly")
    if (new URL(page.url()).searchParams.get("recurring_id") !== subscribed.session.data.subscription.recurring_id)
      throw new Error(`the recurring id search is not in the URL: ${page.url()}`)
    await search.fill("")
  })

  await step("subscriptions: detail, cancel through the prompt", async () => {
    await page.getByTestId("subscriptions-table").locator("tbody tr").first().click()
    await expectTestId("subscription-detail")
    await expectIn("subscription-status", "Active")
    await expectIn("subscription-detail", subscribed.order.id)
    await expectText("No deductions yet")
    await screenshot("subscription-detail")
    await page.getByTestId("cancel-subscription").click()
    await confirmPrompt("Cancel subscription")
    await expectToast("Subscription cancelled")
    await expectIn("subscription-status", "Cancelled")
    await page.getByTestId("cancel-subscription").waitFor({ state: "detached", timeout: 20_000 })
    await screenshot("subscription-cancelled")
    await open("/gateway/subscriptions?status=cancelled", () => expectTestId("subscriptions-table", 60_000))
    await expectIn("subscriptions-table", "Coffee Club monthly")
  })

  await step("reconciliation: run the order sync", async () => {
    await open("/gateway/reconciliation", () => expectTestId("sync-runs", 60_000))
    await screenshot("reconciliation-before")
    await page.getByTestId("run-order-sync").click()
    await expectToast("Order sync")
    await expectIn("sync-runs-table", "Order sync")
    await expectIn("sync-runs-table", "Succeeded")
    await screenshot("reconciliation")
  })

  await step(
    "released payments: on the Reconciliation page and the order's widget, readable at 1280 and 1920 px",
    async () => {
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 })
        await open("/gateway/reconciliation", () => expectTestId("released-payments", 60_000))
        await expectIn("released-payments", ghostRelease.transaction_id)
        await expectIn("released-payments", "Voided")
        const onPage = await clippedTexts("released-payments")
        if (onPage.length) throw new Error(`clipped on the Reconciliation page at ${width} px: ${onPage.join("; ")}`)
        await elementShot("released-payments", `reconciliation-released-${width}`)
        await open(`/orders/${ghost.order.id}`, () => expectTestId("gateway-released", 120_000))
        await expectIn("gateway-released", ghostRelease.transaction_id)
        await expectIn("gateway-released", "Payment session replaced")
        const inWidget = await clippedTexts("gateway-released")
        if (inWidget.length) throw new Error(`clipped in the order widget at ${width} px: ${inWidget.join("; ")}`)
        await elementShot("gateway-released", `order-released-${width}`)
      }
      await page.setViewportSize({ width: 1440, height: 900 })
    }
  )

  await step(
    "order widget: a captured and refunded payment readable at 1280 and 1920 px (no id, amount or status cut off)",
    async () => {
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 })
        await open(`/orders/${retried.order.id}`, () => expectTestId("gateway-refunds", 120_000))
        await expectIn("gateway-refunds", "5")
        await expectTestId("gateway-captures")
        const clipped = await clippedTexts("gateway-payment-widget")
        if (clipped.length) throw new Error(`clipped in the order widget at ${width} px: ${clipped.join("; ")}`)
        await elementShot("gateway-payment-widget", `order-refunded-${width}`)
      }
      await page.setViewportSize({ width: 1440, height: 900 })
    }
  )

  await step("go-live check: every check with its status and fix, the sandbox said plainly", async () => {
    await open("/gateway/go-live", () => expectTestId("go-live-checks", 120_000))
    await expectIn("go-live-summary", "Sandbox")
    await expectIn("go-live-environment", "is the plugin's sandbox")
    await expectIn("go-live-payments.credentials", "Pass")
    await expectIn("go-live-issuing.credentials", "Pass")
    // the order sync ran in the step before
    await expectIn("go-live-job.order_sync", "succeeded")
    await expectIn("go-live-regions", "pp_gateway_card")
    const text = await page.getByTestId("go-live").innerText()
    if (/sandbox_sign_key|sandbox_api_key/.test(text)) throw new Error("the go-live page shows a key")
    await screenshot("go-live")
    await page.getByTestId("go-live-run").click()
    await expectIn("go-live-summary", "checked")
  })

  await step("every admin POST to the plugin's routes was sent as JSON (the API refuses any other type)", async () => {
    const other = posts.filter((p) => !p.type.startsWith("application/json"))
    if (!posts.length || other.length) throw new Error(`not JSON: ${JSON.stringify(other)}`)
  })

  // The storefront example (examples/nextjs-storefront, on the storefront kit): integration-tests/browser/storefront.mjs.
  const adminPage = page
  page = await context.newPage()
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
  page = adminPage
  await step(
    "payments dashboard: figures and charts of today, the gateway's decline reasons, filters kept in the URL",
    async () => {
      await open("/gateway/payments", () => expectTestId("dashboard-tiles", 120_000))
      const attempts = Number((await page.getByTestId("tile-attempts").locator("h2").innerText()).trim())
      // The setup alone made 5 attempts: held, paid, Coffee Club, and the declined card and its retry.
      if (!(attempts >= 5)) throw new Error(`the dashboard counts ${attempts} attempts; the setup alone made 5`)
      await expectIn("dashboard-decline-D0002", "Card declined")
      await expectIn("dashboard-money-USD", "5.00")
      await expectIn("dashboard-by-provider", "Card")
      await expectIn("dashboard-by-card-brand", "Mastercard")
      await expectIn("tile-chargebacks", "threshold 1.00 %")
      for (const chart of ["dashboard-attempts-chart", "dashboard-money-chart"]) {
        await page.getByTestId(chart).locator("svg.recharts-surface").first().waitFor({ state: "visible" })
        // Today's bars are drawn (a bar of height 0 is drawn as nothing).
        await page.getByTestId(chart).locator("path.recharts-rectangle").first().waitFor({ state: "visible" })
      }
      // Each legend lists its bars in their order (recharts would sort it by name), and no chart has a second axis
      // a bar could be read against (the approval rate has its own chart).
      for (const [chart, order] of [
        ["dashboard-attempts-chart", ["Approved", "Declined", "Pending, review, canceled"]],
        ["dashboard-money-chart", ["Captured", "Refunded", "Charged back"]],
      ]) {
        const legend = await page.getByTestId(chart).locator(".recharts-legend-item-text").allInnerTexts()
        if (JSON.stringify(legend) !== JSON.stringify(order))
          throw new Error(`${chart}'s legend reads ${JSON.stringify(legend)}, its bars ${JSON.stringify(order)}`)
      }
      for (const chart of ["dashboard-attempts-chart", "dashboard-approval-chart", "dashboard-money-chart"]) {
        const axes = await page.getByTestId(chart).locator(".recharts-yAxis").count()
        if (axes !== 1) throw new Error(`${chart} has ${axes} value axes`)
      }
      const text = await page.getByTestId("payments-dashboard").innerText()
      for (const secret of ["4000000000000002", "5555555555554444", "4242424242424242"])
        if (text.includes(secret)) throw new Error("the dashboard shows a card number")
      // The admin scrolls inside its layout, so the whole dashboard is shot in a tall window.
      await page.setViewportSize({ width: 1440, height: 2600 })
      await screenshot("payments-dashboard")

      await selectOption(page.getByTestId("dashboard-brand-filter").getByRole("combobox"), "Mastercard")
      await page.waitForURL(/card_brand=mastercard/)
      await expectIn("dashboard-by-card-brand", "Mastercard")
      await page.reload({ waitUntil: "domcontentloaded" })
      await expectTestId("dashboard-tiles", 60_000)
      const filtered = Number((await page.getByTestId("tile-attempts").locator("h2").innerText()).trim())
      if (!(filtered >= 1 && filtered < attempts))
        throw new Error(`filtered by Mastercard the dashboard counts ${filtered} attempts of ${attempts}`)
      if ((await page.getByTestId("dashboard-by-card-brand").innerText()).includes("Visa"))
        throw new Error("the brand filter kept Visa")
      await screenshot("payments-dashboard-mastercard")
      await page.setViewportSize({ width: 1440, height: 900 })

      await selectOption(page.getByTestId("dashboard-period").getByRole("combobox"), "Last 7 days")
      await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=|to=.*from=/)
      await expectIn("dashboard-attempts", "Attempts per day")
    }
  )

  // Every gateway page as staff see it on a laptop and on a wide screen, the lists and a record's page of each:
  // no text cut off or past its container (a text that only fits by scrolling its table sideways counts as cut
  // off), each page screenshotted.
  await step("every gateway page readable at 1280 and 1920 px (no text cut off), screenshotted", async () => {
    const pages = [
      ["/gateway", "gateway-overview"],
      ["/gateway/payments", "payments-dashboard"],
      ["/gateway/payouts", "payouts-table"],
      ["/gateway/cardholders", "cardholders-table"],
      ["/gateway/cards", "cards-table"],
      ["/gateway/groups", "groups-table"],
      ["/gateway/subscriptions", "subscriptions-table"],
      ["/gateway/reconciliation", "sync-runs"],
      ["/gateway/go-live", "go-live-checks"],
    ]
    const problems = []
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      for (const [path, testId] of pages) {
        await open(path, () => expectTestId(testId, 120_000))
        await page.waitForLoadState("networkidle").catch(() => undefined)
        const clipped = await clippedIn(page.locator("main").first(), { below: false })
        if (clipped.length) problems.push(`${path} at ${width} px: ${clipped.slice(0, 4).join("; ")}`)
        await screenshot(`page-${path.split("/").pop()}-${width}`)
        // The first record's own page, from its row (the lists that have one).
        const noun = {
          payouts: "payout",
          cardholders: "cardholder",
          cards: "card",
          groups: "group",
          subscriptions: "subscription",
        }[path.split("/").pop()]
        if (noun) {
          await page.getByTestId(testId).locator("tbody tr").first().click()
          await expectTestId(`${noun}-detail`, 60_000)
          await page.waitForLoadState("networkidle").catch(() => undefined)
          const inDetail = await clippedIn(page.locator("main").first(), { below: false })
          if (inDetail.length) problems.push(`${page.url()} at ${width} px: ${inDetail.slice(0, 4).join("; ")}`)
          await screenshot(`page-${noun}-detail-${width}`)
        }
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 })
    if (problems.length) throw new Error(`text cut off:\n${problems.join("\n")}`)
  })

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
