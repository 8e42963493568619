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
import { storefrontShopper } from "./steps/storefront-shopper.mjs"
import { storefrontCardSteps } from "./steps/storefront-cards.mjs"
import { storefrontKitLookSteps } from "./steps/storefront-kit-look.mjs"
import { storefrontRedirectSteps } from "./steps/storefront-redirects.mjs"
import { storefrontSavedCardSteps } from "./steps/storefront-saved-cards.mjs"

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
  const shopper = storefrontShopper({ page, storefrontUrl })
  const steps = { page, storefrontUrl, storeUrl, gatewayUrl, step, screenshot, shopper }
  await storefrontCardSteps(steps)
  await storefrontRedirectSteps(steps)
  await storefrontSavedCardSteps(steps)
  await storefrontKitLookSteps(steps)
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
