// Storefront browser steps leaving for the gateway: the hosted page in a sandboxed iFrame on its origin, and an APM by the POST hand-off.
import { CARDS, year } from "./storefront-shopper.mjs"

/** The hosted page and the APM, each to the order. */
export async function storefrontRedirectSteps({ page, gatewayUrl, step, screenshot, shopper }) {
  const { requests, checkout, handOff, checkHandOff, expectOrderAfterReturn } = shopper

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
}
