// Storefront browser steps paying by card: approved, held for review, mistyped, declined then paid, 3-D Secure passed, late and failed.
import { CARDS } from "./storefront-shopper.mjs"

/** The card steps, each on a new checkout of the storefront's shopper. */
export async function storefrontCardSteps({ page, storefrontUrl, gatewayUrl, step, screenshot, shopper }) {
  // What the shopper does, then what the steps check of it.
  const { checkout, fillCard, payByCard, handOff } = shopper
  const { assertCardDataOnlyInCardRoute, expectIn, cardPosts, checkHandOff, expectOrderAfterReturn } = shopper

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
}
