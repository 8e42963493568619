// The storefront steps' shopper: the test cards, every request recorded, and the checkout, card and hand-off helpers on one page.
import { expectIn as expectInPage } from "../expect-in.mjs"

export const year = String(new Date().getUTCFullYear() + 3)
const EXPIRY = `12/${year.slice(-2)}`
export const CARDS = {
  approve: "4242424242424242",
  decline: "4000000000000002",
  threeDS: "4000000000003220",
  review: "4000000000009995",
  typo: "4242424242424241",
}

/**
 * The shopper on `page` (the storefront at `storefrontUrl`): records every request the page makes from now on
 * (`requests`, emptied by each checkout) and answers the steps' helpers.
 */
export function storefrontShopper({ page, storefrontUrl }) {
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

  return {
    requests,
    assertCardDataOnlyInCardRoute,
    expectIn,
    cardPosts,
    checkout,
    fillCard,
    payByCard,
    handOff,
    checkHandOff,
    expectOrderAfterReturn,
  }
}
