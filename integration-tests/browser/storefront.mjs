// Browser test of the storefront example (examples/nextjs-storefront: a Next.js App Router storefront built in
// production mode, the way Medusa's Next.js starter is written, on the plugin's storefront kit), as a shopper sees
// it: card (approved, refused before sending, declined then paid), 3-D Secure passed (under /de/, the kit in German: the return keeps
// the shopper's country), confirmed late (the gateway's order query down: "still processing", then Check again) and
// failed (then paid again), the hosted page in a sandboxed iFrame on the gateway's
// origin, an APM, and saved cards in the one payment control. The cart id lives only in an httpOnly SameSite=Strict
// cookie and every return from the gateway's side is cross-site (the sandbox is on 127.0.0.1, the shop on
// localhost). Each card step also checks that the card number goes nowhere but the body of the plugin's card route
// (the hosted page's: only the gateway): no URL, no server action, no browser storage. The kit is screenshotted in a
// page with Tailwind's preflight and in a bare page.
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
const CARDS = {
  approve: "4242424242424242",
  decline: "4000000000000002",
  threeDS: "4000000000003220",
  review: "4000000000009995",
  typo: "4242424242424241",
}

/**
 * The storefront steps. `page`: a fresh page of the test's browser; `step(name, fn)` and `screenshot(name)`
 * are the caller's (a failing step is recorded and the run goes on); `pageErrors` collects uncaught errors.
 */
export async function storefrontSteps({
  page,
  storefrontUrl,
  storeUrl,
  gatewayUrl,
  step,
  screenshot,
  pageErrors,
  log = () => {},
}) {
  page.setDefaultTimeout(30_000)
  page.on("pageerror", (e) => pageErrors.push(`storefront: ${e.message}`))

  // Every request the page makes, to check where card data goes.
  const requests = []
  page.on("request", (r) => requests.push({ method: r.method(), url: r.url(), body: r.postData() ?? "" }))
  const cardRoute = /\/store\/gateway\/payment-sessions\/[^/]+\/card$/
  const assertCardDataOnlyInCardRoute = async (secrets) => {
    for (const r of requests) {
      for (const secret of secrets) {
        if (r.url.includes(secret))
          throw new Error(`card data in a URL: ${r.method} ${r.url.replace(secret, "<card>")}`)
        if (r.body.includes(secret) && !(r.method === "POST" && cardRoute.test(new URL(r.url).pathname))) {
          throw new Error(`card data sent to ${r.method} ${new URL(r.url).pathname}, not only to the card route`)
        }
      }
    }
    const stored = await page
      .evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + document.cookie)
      .catch(() => "")
    for (const secret of secrets) if (stored.includes(secret)) throw new Error("card data in the browser's storage")
  }
  const expectIn = (testId, text, timeout = 30_000) => expectInPage(page, testId, text, timeout)
  const cardPosts = () => requests.filter((r) => r.method === "POST" && cardRoute.test(new URL(r.url).pathname))

  /** Product → cart → address → delivery → the payment step, as the starter's checkout goes; picks `provider`. */
  const checkout = async (provider, country = "us") => {
    requests.length = 0
    await page.goto(`${storefrontUrl}/${country}`, { waitUntil: "domcontentloaded" })
    await page.getByTestId("buy-gateway-t-shirt").click()
    await page.waitForURL(/\/checkout/, { timeout: 60_000 })
    // From the address step even when the cart has one already (a step that failed earlier left its cart open).
    if (!(await page.getByTestId("address-form").count()))
      await page.goto(`${storefrontUrl}/${country}/checkout?step=address`, { waitUntil: "domcontentloaded" })
    await page.getByTestId("address-form").waitFor({ timeout: 60_000 })
    for (const [name, value] of Object.entries({
      email: "ada@example.com",
      first_name: "Ada",
      last_name: "Lovelace",
      address_1: "12 St James's Square",
      city: country === "de" ? "Berlin" : "New York",
      postal_code: country === "de" ? "10115" : "10001",
      phone: "+12125550100",
    })) {
      const input = page.getByTestId(`address-${name}`)
      if (!(await input.inputValue())) await input.fill(value)
    }
    await page.getByTestId("address-submit").click()
    await page.getByTestId("delivery-submit").click({ timeout: 60_000 })
    await page.getByTestId(`provider-${provider}`).check({ timeout: 60_000 })
  }
  const fillCard = async (number, cvv = "123") => {
    await page.getByTestId("card-number").fill(number)
    await page.getByTestId("card-expiry").fill(EXPIRY)
    await page.getByTestId("card-cvv").fill(cvv)
    await page.getByTestId("card-holder").fill("Ada Lovelace")
  }
  const payByCard = async (number, country = "us") => {
    await checkout("pp_gateway_card", country)
    await fillCard(number)
    await page.getByTestId("card-submit").click()
  }
  /** The issuer's page came by the documented POST hand-off, carrying return_url and notify_url only. */
  const handOff = () => {
    const posted = page.waitForRequest((r) => r.method() === "POST" && /\/sandbox\/issuer\//.test(r.url()), {
      timeout: 60_000,
    })
    posted.catch(() => {}) // a step that fails before awaiting it must not crash the whole run
    return posted
  }
  const checkHandOff = (posted) => {
    const fields = new URLSearchParams(posted.postData() ?? "")
    if (new URL(posted.url()).search) throw new Error(`the issuer was opened with a query: ${posted.url()}`)
    if (!fields.get("return_url") || !fields.get("notify_url"))
      throw new Error(`the hand-off POST lacks return_url / notify_url: ${posted.postData()}`)
    const extra = [...fields.keys()].filter((k) => !["return_url", "notify_url"].includes(k))
    if (extra.length)
      throw new Error(`the hand-off POST carries more than return_url / notify_url: ${extra.join(", ")}`)
    if (/cart/i.test(fields.get("return_url")))
      throw new Error(`the return URL carries the cart: ${fields.get("return_url")}`)
  }
  /** Back from the gateway's side (cross-site), the return hop ends on the country's return page, then the order. */
  const expectOrderAfterReturn = async (country = "us") => {
    await page.waitForURL(new RegExp(`/${country}/(checkout/return|order/)`), { timeout: 60_000 })
    await expectIn("confirmation", "confirmed", 90_000)
    if (!new URL(page.url()).pathname.startsWith(`/${country}/order/`))
      throw new Error(`the order confirmation is at ${page.url()}, not under /${country}/`)
  }

  await step(
    "storefront: card 4242 4242 4242 4242 gives an order confirmation (the cart id only in an httpOnly, SameSite=Strict cookie)",
    async () => {
      await checkout("pp_gateway_card")
      const cookie = (await page.context().cookies(storefrontUrl)).find((c) => c.name === "_medusa_cart_id")
      if (!cookie || !cookie.httpOnly || cookie.sameSite !== "Strict")
        throw new Error(
          `the cart cookie is ${JSON.stringify(cookie && { httpOnly: cookie.httpOnly, sameSite: cookie.sameSite })}`
        )
      if ((await page.evaluate(() => document.cookie)).includes("_medusa_cart_id"))
        throw new Error("page scripts can read the cart cookie")
      await fillCard(CARDS.approve)
      await page.getByTestId("card-submit").click()
      await expectIn("confirmation", "confirmed", 60_000)
      if (cardPosts().length !== 1) throw new Error(`expected one card post, saw ${cardPosts().length}`)
      await assertCardDataOnlyInCardRoute([CARDS.approve])
      if (await page.getByTestId("gateway-payment-under-review").count())
        throw new Error("a paid order's confirmation says its payment is under review")
      await screenshot("storefront-card-confirmed")
    }
  )

  await step(
    "storefront: a card held for risk review places the order; its confirmation says the payment is being reviewed, in German under /de/",
    async () => {
      await payByCard(CARDS.review, "de")
      await expectIn("confirmation", "confirmed", 60_000)
      await expectIn("gateway-payment-under-review", "Die Zahlung wird noch geprüft", 30_000)
      await assertCardDataOnlyInCardRoute([CARDS.review])
      await screenshot("storefront-review-confirmed-de")
    }
  )

  await step("storefront: the card form refuses a mistyped number under its field and sends nothing", async () => {
    await checkout("pp_gateway_card")
    await page.getByTestId("card-number").fill("4242 4242")
    await expectIn("card-brand", "Visa")
    await fillCard(CARDS.typo, "12")
    await page.getByTestId("card-submit").click()
    await expectIn("card-number-error", "not valid")
    await expectIn("card-cvv-error", "3 digits")
    const number = page.getByTestId("card-number")
    if ((await number.getAttribute("aria-invalid")) !== "true")
      throw new Error("the number field is not marked invalid")
    const describedBy = await number.getAttribute("aria-describedby")
    if (!describedBy || (await page.locator(`[id="${describedBy}"]`).innerText()).indexOf("not valid") < 0)
      throw new Error("the number's error is not tied to its field")
    await page.waitForTimeout(500)
    if (cardPosts().length) throw new Error("a card post was sent for an invalid card")
    await screenshot("storefront-card-invalid")
  })

  await step(
    "storefront: a declined card says why in the shopper's words; another card then pays the same checkout",
    async () => {
      await payByCard(CARDS.decline)
      await expectIn(
        "card-form-error",
        "Payment declined: The card was declined. Use another card or payment method.",
        60_000
      )
      if (await page.getByTestId("card-number").inputValue())
        throw new Error("the card number stays in the form after the post")
      await screenshot("storefront-card-declined")
      await fillCard(CARDS.approve)
      await page.getByTestId("card-submit").click()
      await expectIn("confirmation", "confirmed", 60_000)
      if (cardPosts().length !== 2) throw new Error(`expected two card posts, saw ${cardPosts().length}`)
      await assertCardDataOnlyInCardRoute([CARDS.decline, CARDS.approve])
    }
  )

  await step(
    "storefront: 3-D Secure for a German shopper: the kit in German, POST to the issuer, back cross-site, order under /de/",
    async () => {
      const posted = handOff()
      await checkout("pp_gateway_card", "de")
      // The example passes messages="de" under /de/: the kit's own texts, not the page's, are German.
      await page.getByText("Kartennummer", { exact: true }).first().waitFor({ timeout: 60_000 })
      await fillCard(CARDS.threeDS)
      await page.getByTestId("card-number").fill("4242")
      await page.getByTestId("card-submit").click()
      await expectIn("card-number-error", "Die Kartennummer hat 12 bis 19 Ziffern.")
      await fillCard(CARDS.threeDS)
      await page.getByTestId("card-submit").click()
      checkHandOff(await posted)
      await page.getByRole("button", { name: "Complete" }).click({ timeout: 60_000 })
      await expectOrderAfterReturn("de")
      await assertCardDataOnlyInCardRoute([CARDS.threeDS])
      await screenshot("storefront-3ds-confirmed-de")
    }
  )

  await step(
    "storefront: a confirmation the gateway has not given yet says 'still processing', and Check again then shows the order",
    async () => {
      const faults = (method, rules) =>
        fetch(`${gatewayUrl}/sandbox/faults`, {
          method,
          headers: { "content-type": "application/json" },
          ...(rules ? { body: JSON.stringify({ rules }) } : {}),
        })
      const posted = handOff()
      await payByCard(CARDS.threeDS)
      await posted
      // The gateway's order query is down when the shopper comes back: nothing can confirm the payment yet.
      await faults("POST", [{ path: "/v1/retrievalTrans", fault: "error5xx" }])
      try {
        await page.getByRole("button", { name: "Complete" }).click({ timeout: 60_000 })
        await page.waitForURL(/\/us\/checkout\/return/, { timeout: 60_000 })
        await expectIn("gateway-return-requires-more", "still being processed", 120_000)
        await screenshot("storefront-return-still-processing")
      } finally {
        await faults("DELETE")
      }
      await page.getByTestId("gateway-return-check-again").click()
      await expectOrderAfterReturn("us")
    }
  )

  await step("storefront: a failed 3-D Secure shows the decline with Pay again, which pays the same cart", async () => {
    const posted = handOff()
    await payByCard(CARDS.threeDS)
    await posted
    await page.getByRole("button", { name: "Fail" }).click({ timeout: 60_000 })
    await page.waitForURL(/\/us\/checkout\/return/, { timeout: 60_000 })
    await expectIn("gateway-return-declined", "Payment declined", 60_000)
    await screenshot("storefront-3ds-failed")
    await page.getByTestId("gateway-return-pay-again").click()
    await page.getByTestId("provider-pp_gateway_card").check({ timeout: 60_000 })
    await fillCard(CARDS.approve)
    await page.getByTestId("card-submit").click()
    await expectIn("confirmation", "confirmed", 60_000)
  })

  await step("storefront: the hosted page in an iFrame, then the order", async () => {
    await checkout("pp_gateway_hosted")
    const frame = page.frameLocator('[data-testid="hosted-frame"]')
    await frame.locator("#card").waitFor({ timeout: 60_000 })
    // H7-1: the frame was loaded from the gateway (a form posted into it, never the gateway's HTML in srcdoc),
    // sandboxed, and holds the gateway's origin: the store's page cannot read it, nor it the store's.
    const storeOrigin = new URL(page.url()).origin
    const gatewayOrigin = new URL(gatewayUrl).origin
    if (gatewayOrigin === storeOrigin)
      throw new Error(`the test needs the gateway on another origin than the store (${storeOrigin})`)
    const element = page.locator('[data-testid="hosted-frame"]')
    if ((await element.getAttribute("srcdoc")) !== null)
      throw new Error("the hosted frame renders HTML from the session (srcdoc)")
    const sandbox = ((await element.getAttribute("sandbox")) ?? "").split(/\s+/).sort().join(" ")
    if (sandbox !== "allow-forms allow-same-origin allow-scripts allow-top-navigation-by-user-activation")
      throw new Error(`the hosted frame's sandbox is "${sandbox}"`)
    const hostedFrame = await (await element.elementHandle()).contentFrame()
    if (new URL(hostedFrame.url()).origin !== gatewayOrigin)
      throw new Error(`the hosted frame is at ${hostedFrame.url()}, not on the gateway (${gatewayOrigin})`)
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
    if (fromStore.document !== "unreadable" || fromStore.href !== "unreadable")
      throw new Error(`the store's page can read the hosted frame: ${JSON.stringify(fromStore)}`)
    const action = await hostedFrame.evaluate(() => document.getElementById("cardForm").action)
    if (new URL(action).origin !== gatewayOrigin)
      throw new Error(`the card form inside posts to ${action}, not to the gateway`)
    await frame.locator("#card").fill(CARDS.approve)
    await frame.locator("#expiration_month").fill("12")
    await frame.locator("#expiration_year").fill(year)
    await frame.locator("#security_code").fill("123")
    await screenshot("storefront-hosted-page")
    requests.length = 0
    await frame.getByRole("button", { name: "Pay" }).click()
    await expectOrderAfterReturn("us")
    const carried = requests.filter((r) => r.body.includes(CARDS.approve))
    if (carried.length !== 1 || new URL(carried[0].url).origin !== gatewayOrigin) {
      throw new Error(
        `the card typed on the hosted page went to ${carried.map((r) => `${r.method} ${new URL(r.url).origin}${new URL(r.url).pathname}`).join(", ") || "nowhere"}, not once to the gateway`
      )
    }
    await screenshot("storefront-hosted-confirmed")
  })

  await step("storefront: an APM (Alipay) by the POST hand-off, back cross-site, then the order", async () => {
    await checkout("pp_gateway_apm")
    const posted = handOff()
    await page.getByTestId("apm-continue").click()
    checkHandOff(await posted)
    await page.getByRole("button", { name: "Complete" }).click({ timeout: 60_000 })
    await expectOrderAfterReturn("us")
    await screenshot("storefront-apm-confirmed")
  })

  const email = `shopper-${Date.now()}@example.com`
  await step(
    "storefront: a signed-in customer saves a card while paying (the card grant: no token in the page)",
    async () => {
      await page.goto(`${storefrontUrl}/us/account`, { waitUntil: "domcontentloaded" })
      await page.getByTestId("register-email").fill(email)
      await page.getByTestId("register-password").fill("shopper-password")
      await page.getByTestId("register-submit").click()
      await expectIn("account-status", email, 60_000)
      const jwt = (await page.context().cookies(storefrontUrl)).find((c) => c.name === "_medusa_jwt")
      if (!jwt?.httpOnly || jwt.sameSite !== "Strict")
        throw new Error("the customer's token is not in an httpOnly, SameSite=Strict cookie")
      await checkout("pp_gateway_card")
      await fillCard(CARDS.approve)
      await page.getByTestId("card-save").check()
      await page.getByTestId("card-submit").click()
      await expectIn("confirmation", "confirmed", 60_000)
      const post = cardPosts().at(-1)
      if (
        !post ||
        !/"card_grant":"cg1\./.test(post.body) ||
        /authorization/i.test(JSON.stringify(requests.filter((r) => r.url.startsWith(storeUrl)).map((r) => r.body)))
      )
        throw new Error("the card post did not carry a card grant")
      for (const r of requests)
        if (r.body.includes(jwt.value) || r.url.includes(jwt.value))
          throw new Error(`the customer's token left in ${r.method} ${r.url}`)
      await assertCardDataOnlyInCardRoute([CARDS.approve])
    }
  )
  await step(
    "storefront: the next order offers the saved card and a new card as one choice, and pays with the saved card",
    async () => {
      await checkout("pp_gateway_card")
      await expectIn("saved-card-picker", "4242")
      if ((await page.getByTestId("card-submit").count()) !== 1) throw new Error("more than one submit button")
      await screenshot("storefront-payment-control")
      await page.getByTestId("saved-card-code").fill("123")
      await page.getByTestId("card-submit").click()
      await expectIn("confirmation", "confirmed", 60_000)
      if (cardPosts().length) throw new Error("the saved card was paid from the page; it must go through server code")
    }
  )
  await step("storefront: the customer removes the saved card", async () => {
    await checkout("pp_gateway_card")
    await expectIn("saved-card-picker", "4242")
    await page.getByTestId("saved-card-remove").first().click()
    await page.getByTestId("saved-card-picker").waitFor({ state: "detached", timeout: 30_000 })
    await page.getByTestId("card-number").waitFor()
  })

  // The example's Tailwind page sets --gw-color-primary on :root (its theme); the bare page keeps the kit's default.
  for (const [kind, path, primary] of [
    ["with Tailwind's preflight, in the shop's theme", "/kit-preview", "rgb(79, 70, 229)"],
    ["in a bare page", "/kit-preview/bare", "rgb(17, 24, 39)"],
  ]) {
    await step(`storefront: the kit renders a finished form ${kind}`, async () => {
      await page.goto(`${storefrontUrl}${path}`, { waitUntil: "networkidle" })
      await page.getByTestId("saved-card-picker").waitFor()
      const look = await page.evaluate(() => {
        const style = (el) => getComputedStyle(el)
        const input = document.querySelector('[data-testid="preview-card-form"] input[data-testid="card-number"]')
        const button = document.querySelector('[data-testid="preview-card-form"] button[type="submit"]')
        const label = document.querySelector('[data-testid="preview-card-form"] label')
        // A saved card's label follows its radio: the shop's floating-label rule (`input ~ label`, as the starter's) must not move or shrink it.
        const option = document.querySelector(
          '[data-testid="preview-payment-control"] [data-testid="saved-card-gwsc_preview1"]'
        )
        const middle = (el) => (el.getBoundingClientRect().top + el.getBoundingClientRect().bottom) / 2
        return {
          inputBorder: style(input).borderTopWidth,
          inputHeight: input.getBoundingClientRect().height,
          buttonBackground: style(button).backgroundColor,
          labelDisplay: style(label).display,
          labelAboveInput: label.getBoundingClientRect().bottom <= input.getBoundingClientRect().top + 1,
          optionLabelSize: parseFloat(style(option.querySelector("label")).fontSize),
          optionLabelLevel:
            Math.abs(middle(option.querySelector("label")) - middle(option.querySelector('input[type="radio"]'))) <= 3,
          // The kit's text is the page's size (its root takes 1em of what it sits in), not a size of its own.
          kitSize: style(input.closest(".gw")).fontSize,
          pageSize: style(input.closest(".gw").parentElement).fontSize,
        }
      })
      if (
        look.inputBorder === "0px" ||
        look.inputHeight < 32 ||
        look.buttonBackground !== primary ||
        !look.labelAboveInput ||
        look.optionLabelSize < 13 ||
        !look.optionLabelLevel ||
        look.kitSize !== look.pageSize
      ) {
        throw new Error(`the kit is not styled ${kind}: ${JSON.stringify(look)}`)
      }
      await page.locator('[data-testid="preview-card-form"] button[type="submit"]').click()
      await expectIn("preview-card-form", "Enter the card number.")
      await screenshot(`storefront-kit-${path === "/kit-preview" ? "tailwind" : "bare"}`)
    })
  }
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
  const screenshot = async (name) =>
    page
      ?.screenshot({ path: join(shots, `${String(++n).padStart(2, "0")}-${name}.png`), fullPage: true })
      .catch(() => undefined)
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
    const ports = {
      store: await freePort(),
      sandbox: await freePort(),
      postgres: await freePort(),
      storefront: await freePort(),
    }
    // No admin here (its first build takes minutes): run.mjs covers it.
    stack = await startStack({
      ports,
      dataDir,
      env: { MEDUSA_ADMIN_DISABLE: "true" },
      log: (kind, text) => kind === "step" && log(text),
    })
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ["--no-sandbox", "--disable-gpu"],
    })
    page = await (
      await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US", timezoneId: "UTC" })
    ).newPage()
    const pageErrors = []
    await storefrontSteps({
      page,
      storefrontUrl: stack.storefrontUrl,
      storeUrl: stack.storeUrl,
      gatewayUrl: stack.sandbox.url,
      step,
      screenshot,
      pageErrors,
      log,
    })
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
  process.stdout.write(
    `\nStorefront browser test: ${passed} passed, ${failures.length} failed${failures.length ? `\n  ✗ ${failures.join("\n  ✗ ")}` : ""}\nScreenshots: ${shotsDir}\n`
  )
  process.exit(failures.length ? 1 : 0)
}
