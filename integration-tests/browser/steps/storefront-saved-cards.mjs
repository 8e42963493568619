// Storefront browser steps of a signed-in customer: a card saved while paying (the card grant), paid with again, then removed.
import { CARDS } from "./storefront-shopper.mjs"

/** A new customer's saved card, from saving it to removing it. */
export async function storefrontSavedCardSteps({ page, storefrontUrl, storeUrl, step, screenshot, shopper }) {
  const { requests, assertCardDataOnlyInCardRoute, expectIn, cardPosts, checkout, fillCard } = shopper

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
}
