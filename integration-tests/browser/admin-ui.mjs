// The browser run's page helpers: the named step runner, screenshots, waits, admin forms and prompts, login, opening pages, clipped texts.
import { join } from "node:path"
import { expectIn as expectInPage } from "./expect-in.mjs"
import { waitFor as waitForHealthUrl } from "../../scripts/demo-stack.mjs"

const waitForHealth = (storeUrl, ms) => waitForHealthUrl(`${storeUrl}/health`, ms)

/** An idempotency key as the admin's forms send it: a random UUID. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

// The run's own, set by startRun: where screenshots go (tmpShots while running, shotsDir at the end), its log, its
// passed and failed steps.
let shotsDir
let tmpShots
let log
let passed
let failures
/** The page the steps drive (the admin's, or the storefront's while its steps run), set by setPage. */
export let page
/** The demo stack (its store URL and admin user) once started, set by setStack. */
export let stack

export function startRun(run) {
  ;({ shotsDir, tmpShots, log, passed, failures } = run)
}
export function setPage(p) {
  page = p
}
export function setStack(s) {
  stack = s
}

// Steps: each is named, timed, screenshotted; a failure is recorded (with a screenshot) and the run goes on
// where later steps do not depend on it.
let shot = 0
export async function screenshot(name) {
  const name_ = `${String(++shot).padStart(2, "0")}-${name}.png`
  await page.screenshot({ path: join(tmpShots, name_), fullPage: true }).catch(() => undefined)
  return join(shotsDir, name_)
}

/** A screenshot of one element (scrolled into view): what a page's full-page shot cuts off below Medusa's scroll area. */
export async function elementShot(testId, name) {
  const name_ = `${String(++shot).padStart(2, "0")}-${name}.png`
  const el = page.getByTestId(testId).first()
  await el.scrollIntoViewIfNeeded().catch(() => undefined)
  await el.screenshot({ path: join(tmpShots, name_) }).catch(() => undefined)
  return join(shotsDir, name_)
}

export async function step(name, fn, { required = false } = {}) {
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

export const expectText = async (text, timeout = 20_000) =>
  page.getByText(text, { exact: false }).first().waitFor({ state: "visible", timeout })
export const expectTestId = async (id, timeout = 20_000) =>
  page.getByTestId(id).first().waitFor({ state: "visible", timeout })
export const expectIn = (testId, text, timeout) => expectInPage(page, testId, text, timeout)
/** Expects a toast with this text (Medusa's Toaster), so success and failure are both checked. */
export async function expectToast(text) {
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
export async function confirmPrompt(label) {
  const dialog = page.getByRole("alertdialog").last()
  await dialog.waitFor({ state: "visible", timeout: 10_000 })
  await dialog.getByRole("button", { name: label, exact: true }).click()
}
/** Fills a form's fields by their ids (`{ first_name: "Grace" }` fills `#first_name`). */
export async function fillFields(values) {
  for (const [id, value] of Object.entries(values)) await page.locator(`#${id}`).fill(value)
}
/** Types an amount into the open amount prompt and confirms it. */
export async function submitAmount(amount) {
  await page.locator("#amount").fill(amount)
  await page.getByTestId("amount-prompt-confirm").click()
}
export async function selectOption(trigger, optionText) {
  await trigger.click()
  await page.getByRole("option", { name: optionText }).first().click()
}
export async function login() {
  await page.locator('input[name="email"]').fill(stack.admin.email)
  await page.locator('input[name="password"]').fill(stack.admin.password)
  await page.locator('button[type="submit"]').click()
  await page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: 60_000 })
}

/**
 * Opens an admin page. `medusa develop` restarts the server when a file of the project changes (and the
 * admin session, kept in memory, is then gone): wait for the server, log in again and retry.
 */
export async function open(path, waitFor) {
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

/**
 * Texts inside `testId` that do not fit their box (cut off, or past the edge of their container): each as
 * "text (scroll width > box width)". Empty when everything can be read.
 */
export async function clippedTexts(testId) {
  return clippedIn(page.getByTestId(testId).first())
}
/**
 * The same for any element. `below: false` for a whole page, which scrolls: what is below the fold is not cut off.
 */
export async function clippedIn(locator, { below = true } = {}) {
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
