// Storefront browser steps of the kit's look: a finished form with Tailwind's preflight in the shop's theme, and in a bare page.

/** The kit's preview pages, styled and usable, each screenshotted. */
export async function storefrontKitLookSteps({ page, storefrontUrl, step, screenshot, shopper }) {
  const { expectIn } = shopper

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
