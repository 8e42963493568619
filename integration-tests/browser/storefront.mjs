// Browser test of the storefront example (examples/storefront, React on the plugin's storefront kit), as a
// shopper sees it: card (approved, refused before sending, declined), 3-D Secure (passed and failed), the
// hosted page in a sandboxed iFrame on the gateway's origin, an APM, and saved cards (when the store has the
// saved-card routes). Each card step also checks that the card number and security code go nowhere but the
// body of the plugin's card route (the hosted page's: only the gateway): no URL, no other request, no browser
// storage.
//
// `run.mjs` calls storefrontSteps() after the admin steps, in the same stack and browser. Run alone (faster:
// no admin build), `node integration-tests/browser/storefront.mjs` starts its own stack.
import { mkdtempSync, mkdirSync, rmSync, chmodSync, existsSync, cpSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { expectIn as expectInPage } from "./expect-in.mjs"

const year = String(new Date().getUTCFullYear() + 3)
const EXPIRY = `12/${year.slice(-2)}`
const CARDS = { approve: "4242424242424242", decline: "4000000000000002", threeDS: "4000000000003220", typo: "4242424242424241" }

/**
 * The storefront steps. `page`: a fresh page of the test's browser; `step(name, fn)` and `screenshot(name)`
 * are the caller's (a failing step is recorded and the run goes on); `pageErrors` collects uncaught errors.
 */
export async function storefrontSteps({ page, storefrontUrl, storeUrl, gatewayUrl, step, screenshot, pageErrors, log = () => {} }) {
  page.setDefaultTimeout(30_000)
  page.on("pageerror", (e) => pageErrors.push(`storefront: ${e.message}`))

  // Every request the page makes, to check where card data goes.
  const requests = []
  page.on("request", (r) => requests.push({ method: r.method(), url: r.url(), body: r.postData() ?? "" }))
  const cardRoute = /\/store\/gateway\/payment-sessions\/[^/]+\/card$/
  const assertCardDataOnlyInCardRoute = async (secrets) => {
    for (const r of requests) {
      for (const secret of secrets) {
        if (r.url.includes(secret)) throw new Error(`card data in a URL: ${r.method} ${r.url.replace(secret, "<card>")}`)
        if (r.body.includes(secret) && !(r.method === "POST" && cardRoute.test(new URL(r.url).pathname))) {
          throw new Error(`card data sent to ${r.method} ${new URL(r.url).pathname}, not only to the card route`)
        }
      }
    }
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie).catch(() => "")
    for (const secret of secrets) if (stored.includes(secret)) throw new Error("card data in the browser's storage")
  }

  const expectIn = (testId, text, timeout = 30_000) => expectInPage(page, testId, text, timeout)

  const buy = async () => {
    requests.length = 0
    await page.goto(storefrontUrl, { waitUntil: "domcontentloaded" })
    await page.getByTestId("buy-t-shirt").click()
  }
  const fillCard = async (number, cvv = "123") => {
    await page.getByTestId("card-number").fill(number)
    await page.getByTestId("card-expiry").fill(EXPIRY)
    await page.getByTestId("card-cvv").fill(cvv)
    await page.getByTestId("card-holder").fill("Ada Lovelace")
  }
  const payByCard = async (number) => {
    await buy()
    await page.getByTestId("pay-card").click()
    await fillCard(number)
    await page.getByTestId("card-submit").click()
  }
  /** The issuer's page came by the documented POST hand-off, carrying return_url and notify_url only. */
  const handOff = () => page.waitForRequest((r) => r.method() === "POST" && /\/sandbox\/issuer\//.test(r.url()), { timeout: 60_000 })
  const checkHandOff = (posted) => {
    const fields = new URLSearchParams(posted.postData() ?? "")
    if (new URL(posted.url()).search) throw new Error(`the issuer was opened with a query: ${posted.url()}`)
    if (!fields.get("return_url") || !fields.get("notify_url")) throw new Error(`the hand-off POST lacks return_url / notify_url: ${posted.postData()}`)
    const extra = [...fields.keys()].filter((k) => !["return_url", "notify_url"].includes(k))
    if (extra.length) throw new Error(`the hand-off POST carries more than return_url / notify_url: ${extra.join(", ")}`)
  }

  await step("storefront: card 4242 4242 4242 4242 gives an order confirmation", async () => {
    await payByCard(CARDS.approve)
    await expectIn("confirmation", "confirmed", 60_000)
    const posts = requests.filter((r) => r.method === "POST" && cardRoute.test(new URL(r.url).pathname))
    if (posts.length !== 1) throw new Error(`expected one card post, saw ${posts.length}`)
    await assertCardDataOnlyInCardRoute([CARDS.approve])
    await screenshot("storefront-card-confirmed")
  })

  await step("storefront: the card form refuses a mistyped number under its field and sends nothing", async () => {
    await buy()
    await page.getByTestId("pay-card").click()
    await page.getByTestId("card-number").fill("4242 4242")
    await expectIn("card-brand", "Visa")
    await fillCard(CARDS.typo, "12")
    await page.getByTestId("card-submit").click()
    await expectIn("card-number-error", "not valid")
    await expectIn("card-cvv-error", "3 digits")
    const number = page.getByTestId("card-number")
    if ((await number.getAttribute("aria-invalid")) !== "true") throw new Error("the number field is not marked invalid")
    const describedBy = await number.getAttribute("aria-describedby")
    if (!describedBy || (await page.locator(`[id="${describedBy}"]`).innerText()).indexOf("not valid") < 0) throw new Error("the number's error is not tied to its field")
    await page.waitForTimeout(500)
    if (requests.some((r) => cardRoute.test(new URL(r.url).pathname))) throw new Error("a card post was sent for an invalid card")
    await screenshot("storefront-card-invalid")
  })

  await step("storefront: a declined card shows why, as a shopper's category (never the gateway's code)", async () => {
    await payByCard(CARDS.decline)
    await expectIn("card-form-error", "Payment declined: The card was declined. Use another card or payment method.", 60_000)
    if (await page.getByTestId("card-number").inputValue()) throw new Error("the card number stays in the form after the post")
    await assertCardDataOnlyInCardRoute([CARDS.decline])
    await screenshot("storefront-card-declined")
  })

  await step("storefront: 3-D Secure redirects to the issuer by POST and back to the order", async () => {
    const posted = handOff()
    await payByCard(CARDS.threeDS)
    checkHandOff(await posted)
    await page.getByRole("button", { name: "Complete" }).click({ timeout: 60_000 })
    await page.waitForURL(/\/return/, { timeout: 60_000 })
    await expectIn("confirmation", "confirmed", 60_000)
    await assertCardDataOnlyInCardRoute([CARDS.threeDS])
    await screenshot("storefront-3ds-confirmed")
  })

  await step("storefront: a failed 3-D Secure shows the decline on the return page", async () => {
    const posted = handOff()
    await payByCard(CARDS.threeDS)
    await posted
    await page.getByRole("button", { name: "Fail" }).click({ timeout: 60_000 })
    await page.waitForURL(/\/return/, { timeout: 60_000 })
    await expectIn("message", "Payment declined", 60_000)
    await screenshot("storefront-3ds-failed")
  })

  await step("storefront: the hosted page in an iFrame, then the order", async () => {
    await buy()
    await page.getByTestId("pay-hosted").click()
    const frame = page.frameLocator('[data-testid="hosted-frame"]')
    await frame.locator("#card").waitFor({ timeout: 60_000 })
    // H7-1: the frame was loaded from the gateway (a form posted into it, never the gateway's HTML in srcdoc),
    // sandboxed, and holds the gateway's origin: the store's page cannot read it, nor it the store's.
    const storeOrigin = new URL(page.url()).origin
    const gatewayOrigin = new URL(gatewayUrl).origin
    if (gatewayOrigin === storeOrigin) throw new Error(`the test needs the gateway on another origin than the store (${storeOrigin})`)
    const element = page.locator('[data-testid="hosted-frame"]')
    if ((await element.getAttribute("srcdoc")) !== null) throw new Error("the hosted frame renders HTML from the session (srcdoc)")
    const sandbox = ((await element.getAttribute("sandbox")) ?? "").split(/\s+/).sort().join(" ")
    if (sandbox !== "allow-forms allow-same-origin allow-scripts allow-top-navigation-by-user-activation") throw new Error(`the hosted frame's sandbox is "${sandbox}"`)
    const hostedFrame = await (await element.elementHandle()).contentFrame()
    if (new URL(hostedFrame.url()).origin !== gatewayOrigin) throw new Error(`the hosted frame is at ${hostedFrame.url()}, not on the gateway (${gatewayOrigin})`)
    if ((await hostedFrame.evaluate(() => location.origin)) !== gatewayOrigin) throw new Error("the hosted frame's document does not hold the gateway's origin")
    const fromStore = await page.evaluate(() => {
      const f = document.querySelector('[data-testid="hosted-frame"]')
      let href = "unreadable"
      try {
        href = f.contentWindow.location.href
      } catch {
        // another origin: unreadable, as it must be
      }
      return { document: f.contentDocument === null ? "unreadable" : "readable", href }
    })
    if (fromStore.document !== "unreadable" || fromStore.href !== "unreadable") throw new Error(`the store's page can read the hosted frame: ${JSON.stringify(fromStore)}`)
    const action = await hostedFrame.evaluate(() => document.getElementById("cardForm").action)
    if (new URL(action).origin !== gatewayOrigin) throw new Error(`the card form inside posts to ${action}, not to the gateway`)
    await frame.locator("#card").fill(CARDS.approve)
    await frame.locator("#expiration_month").fill("12")
    await frame.locator("#expiration_year").fill(year)
    await frame.locator("#security_code").fill("123")
    await screenshot("storefront-hosted-page")
    requests.length = 0
    await frame.getByRole("button", { name: "Pay" }).click()
    await page.waitForURL(/\/return/, { timeout: 60_000 })
    await expectIn("confirmation", "confirmed", 60_000)
    const carried = requests.filter((r) => r.body.includes(CARDS.approve))
    if (carried.length !== 1 || new URL(carried[0].url).origin !== gatewayOrigin) {
      throw new Error(`the card typed on the hosted page went to ${carried.map((r) => `${r.method} ${new URL(r.url).origin}${new URL(r.url).pathname}`).join(", ") || "nowhere"}, not once to the gateway`)
    }
    await screenshot("storefront-hosted-confirmed")
  })

  await step("storefront: an APM (Alipay) by the POST hand-off, then the order", async () => {
    await buy()
    await expectIn("ranking-source", "expected acceptance")
    await page.getByTestId("apm-method").selectOption("alipay")
    const posted = handOff()
    await page.getByTestId("pay-apm").click()
    checkHandOff(await posted)
    await page.getByRole("button", { name: "Complete" }).click({ timeout: 60_000 })
    await page.waitForURL(/\/return/, { timeout: 60_000 })
    await expectIn("confirmation", "confirmed", 60_000)
    await screenshot("storefront-apm-confirmed")
  })

  // Saved cards need the plugin's saved-card routes: without them (401/404 tell), the steps are skipped.
  const probe = await fetch(`${storeUrl}/store/gateway/saved-cards`, { headers: { "x-publishable-api-key": await publishableKeyOf(page) } }).catch(() => null)
  if (!probe || probe.status === 404) {
    log("storefront: the store has no saved-card routes (GET /store/gateway/saved-cards is 404): saved-card steps skipped")
    return
  }
  const email = `shopper-${Date.now()}@example.com`
  await step("storefront: a signed-in customer saves a card while paying", async () => {
    await page.goto(storefrontUrl, { waitUntil: "domcontentloaded" })
    await page.getByTestId("account-open").click()
    await page.getByTestId("account-email").fill(email)
    await page.getByTestId("account-password").fill("shopper-password")
    await page.getByTestId("account-register").click()
    await expectIn("account-status", email)
    await page.getByTestId("buy-t-shirt").click()
    await page.getByTestId("pay-card").click()
    await fillCard(CARDS.approve)
    await page.getByTestId("card-save").check()
    await page.getByTestId("card-submit").click()
    await expectIn("confirmation", "confirmed", 60_000)
    await assertCardDataOnlyInCardRoute([CARDS.approve])
  })
  await step("storefront: the next order is paid with the saved card", async () => {
    await buy()
    await page.getByTestId("pay-card").click()
    await expectIn("saved-card-picker", "4242")
    await screenshot("storefront-saved-card-picker")
    await page.getByTestId("saved-card-code").fill("123")
    await page.getByTestId("saved-card-pay").click()
    await expectIn("confirmation", "confirmed", 60_000)
    const posts = requests.filter((r) => r.method === "POST" && cardRoute.test(new URL(r.url).pathname))
    if (!posts.length || !/"saved_card_id":"gwsc_/.test(posts.at(-1).body) || posts.at(-1).body.includes(CARDS.approve)) throw new Error(`the saved-card post is not { saved_card_id }: ${posts.at(-1)?.body.replace(/\d{12,}/g, "<digits>")}`)
  })
  await step("storefront: the customer removes the saved card", async () => {
    await buy()
    await page.getByTestId("pay-card").click()
    await expectIn("saved-card-picker", "4242")
    await page.getByTestId("saved-card-remove").first().click()
    await page.getByTestId("saved-card-picker").waitFor({ state: "detached", timeout: 30_000 })
    await screenshot("storefront-saved-card-removed")
  })
}

/** The publishable key the example was given (its /config.json). */
async function publishableKeyOf(page) {
  const url = new URL("/config.json", page.url()).href
  return (await (await fetch(url)).json()).publishableKey
}

// ---------------------------------------------------------------------------------------------------------
// Run alone: its own stack and browser, the storefront steps only.
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium"
  if (!existsSync(CHROMIUM)) {
    process.stdout.write(`SKIPPED storefront browser test: no Chromium at ${CHROMIUM}\n`)
    process.exit(0)
  }
  const { chromium } = await import("playwright-core")
  const { freePort } = await import("../embedded-postgres.mjs")
  const { root, startStack } = await import("../../scripts/demo-stack.mjs")
  const t0 = Date.now()
  const log = (text) => process.stdout.write(`[storefront ${Math.round((Date.now() - t0) / 1000)}s] ${text}\n`)
  const dataDir = mkdtempSync(join(tmpdir(), "gateway-storefront-"))
  chmodSync(dataDir, 0o755)
  const shots = mkdtempSync(join(tmpdir(), "gateway-storefront-shots-"))
  const failures = []
  let passed = 0
  let n = 0
  let stack
  let browser
  let page
  const screenshot = async (name) => page?.screenshot({ path: join(shots, `${String(++n).padStart(2, "0")}-${name}.png`), fullPage: true }).catch(() => undefined)
  const step = async (name, fn) => {
    try {
      await fn()
      passed++
      log(`ok   ${name}`)
    } catch (err) {
      await screenshot(`FAILED-${name.replace(/[^a-z0-9]+/gi, "-").toLowerCase()}`)
      failures.push(`${name}: ${err.message.split("\n").slice(0, 4).join(" ")}`)
      log(`FAIL ${name}: ${err.message.split("\n")[0]}`)
    }
  }
  try {
    const ports = { store: await freePort(), sandbox: await freePort(), postgres: await freePort(), storefront: await freePort() }
    stack = await startStack({ ports, dataDir, log: (kind, text) => kind === "step" && log(text) })
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox", "--disable-gpu"] })
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US", timezoneId: "UTC" })).newPage()
    const pageErrors = []
    await storefrontSteps({ page, storefrontUrl: stack.storefrontUrl, storeUrl: stack.storeUrl, gatewayUrl: stack.sandbox.url, step, screenshot, pageErrors, log })
    if (pageErrors.length) failures.push(`uncaught errors in the page: ${pageErrors.slice(0, 5).join(" | ")}`)
  } catch (err) {
    failures.push(`setup: ${err.stack ?? err.message}`)
  }
  await browser?.close().catch(() => undefined)
  await stack?.stop().catch(() => undefined)
  const shotsDir = join(root, "screenshots", "browser-storefront")
  rmSync(shotsDir, { recursive: true, force: true })
  mkdirSync(shotsDir, { recursive: true })
  cpSync(shots, shotsDir, { recursive: true })
  rmSync(shots, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
  process.stdout.write(`\nStorefront browser test: ${passed} passed, ${failures.length} failed${failures.length ? `\n  ✗ ${failures.join("\n  ✗ ")}` : ""}\nScreenshots: ${shotsDir}\n`)
  process.exit(failures.length ? 1 : 0)
}
