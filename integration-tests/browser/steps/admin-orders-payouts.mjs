// Browser steps of the admin: logging in, the sidebar, the order widget (a held payment approved, a paid one), payouts.
import { confirmPrompt, fillFields, login, open, page, screenshot, selectOption, step, UUID } from "../admin-ui.mjs"
import { expectIn, expectTestId, expectText, expectToast } from "../admin-ui.mjs"

/** From logging in to the payouts list: `held` and `paid` are orders of the set-up, `keysOf` the POSTs' idempotency keys. */
export async function adminOrderAndPayoutSteps({ storeUrl, held, paid, keysOf }) {
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
}
