// Browser steps of the admin: a subscription on its order and its pages, reconciliation, released and refunded payments, go-live.
import {
  clippedTexts,
  confirmPrompt,
  elementShot,
  expectIn,
  expectTestId,
  expectText,
  expectToast,
  open,
  page,
  screenshot,
  selectOption,
  step,
} from "../admin-ui.mjs"

/**
 * The subscription the guest bought, the order sync, the ghost payment's release, the retried order's refund and the
 * go-live check (the orders and the release: the set-up's).
 */
export async function adminSubscriptionAndReconciliationSteps({ subscribed, ghost, ghostRelease, retried }) {
  await step("order widget: the subscription the order sold", async () => {
    await open(`/orders/${subscribed.order.id}`, () => expectTestId("gateway-order-subscription", 60_000))
    await expectIn("gateway-order-subscription", "Coffee Club monthly")
    await expectIn("gateway-order-subscription", "12.50 USD")
    await expectIn("gateway-order-subscription", "Active")
    await expectIn("gateway-subscription-deductions", "0")
    await expectTestId("order-cancel-subscription")
    await page.getByTestId("gateway-order-subscription").scrollIntoViewIfNeeded()
    await screenshot("order-subscription")
  })

  await step("subscriptions: list, status filter kept in the URL", async () => {
    await open("/gateway/subscriptions", () => expectTestId("subscriptions-table", 60_000))
    await expectIn("subscriptions-table", "Coffee Club monthly")
    await expectIn("subscriptions-table", "12.50 USD")
    await expectIn("subscriptions-table", "Every month")
    // Staff read who the customer is (a name or an e-mail), never a raw customer id.
    const listed = await page.getByTestId("subscriptions-table").innerText()
    if (/\bcus_[0-9A-Z]{10,}/.test(listed))
      throw new Error(`the subscriptions list shows a raw customer id: ${listed.slice(0, 300)}`)
    await screenshot("subscriptions-list")
    await selectOption(page.getByTestId("subscription-status-filter").getByRole("combobox"), "Cancelled")
    await expectText("No subscriptions match these filters")
    if (new URL(page.url()).searchParams.get("status") !== "cancelled")
      throw new Error(`the status filter is not in the URL: ${page.url()}`)
    await selectOption(page.getByTestId("subscription-status-filter").getByRole("combobox"), "Active")
    await expectIn("subscriptions-table", "Coffee Club monthly")
    // The contract found by the gateway's recurring id (kept in the URL), and another id finding nothing.
    const search = page.getByPlaceholder("Recurring id")
    await search.fill("R-no-such-contract")
    await expectText("No subscriptions match these filters")
    await search.fill(subscribed.session.data.subscription.recurring_id)
    await expectIn("subscriptions-table", "Coffee Club monthly")
    if (new URL(page.url()).searchParams.get("recurring_id") !== subscribed.session.data.subscription.recurring_id)
      throw new Error(`the recurring id search is not in the URL: ${page.url()}`)
    await search.fill("")
  })

  await step("subscriptions: detail, cancel through the prompt", async () => {
    await page.getByTestId("subscriptions-table").locator("tbody tr").first().click()
    await expectTestId("subscription-detail")
    await expectIn("subscription-status", "Active")
    await expectIn("subscription-detail", subscribed.order.id)
    await expectText("No deductions yet")
    await screenshot("subscription-detail")
    await page.getByTestId("cancel-subscription").click()
    await confirmPrompt("Cancel subscription")
    await expectToast("Subscription cancelled")
    await expectIn("subscription-status", "Cancelled")
    await page.getByTestId("cancel-subscription").waitFor({ state: "detached", timeout: 20_000 })
    await screenshot("subscription-cancelled")
    await open("/gateway/subscriptions?status=cancelled", () => expectTestId("subscriptions-table", 60_000))
    await expectIn("subscriptions-table", "Coffee Club monthly")
  })

  await step("reconciliation: run the order sync", async () => {
    await open("/gateway/reconciliation", () => expectTestId("sync-runs", 60_000))
    await screenshot("reconciliation-before")
    await page.getByTestId("run-order-sync").click()
    await expectToast("Order sync")
    await expectIn("sync-runs-table", "Order sync")
    await expectIn("sync-runs-table", "Succeeded")
    await screenshot("reconciliation")
  })

  await step(
    "released payments: on the Reconciliation page and the order's widget, readable at 1280 and 1920 px",
    async () => {
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 })
        await open("/gateway/reconciliation", () => expectTestId("released-payments", 60_000))
        await expectIn("released-payments", ghostRelease.transaction_id)
        await expectIn("released-payments", "Voided")
        const onPage = await clippedTexts("released-payments")
        if (onPage.length) throw new Error(`clipped on the Reconciliation page at ${width} px: ${onPage.join("; ")}`)
        await elementShot("released-payments", `reconciliation-released-${width}`)
        await open(`/orders/${ghost.order.id}`, () => expectTestId("gateway-released", 120_000))
        await expectIn("gateway-released", ghostRelease.transaction_id)
        await expectIn("gateway-released", "Payment session replaced")
        const inWidget = await clippedTexts("gateway-released")
        if (inWidget.length) throw new Error(`clipped in the order widget at ${width} px: ${inWidget.join("; ")}`)
        await elementShot("gateway-released", `order-released-${width}`)
      }
      await page.setViewportSize({ width: 1440, height: 900 })
    }
  )

  await step(
    "order widget: a captured and refunded payment readable at 1280 and 1920 px (no id, amount or status cut off)",
    async () => {
      for (const width of [1280, 1920]) {
        await page.setViewportSize({ width, height: 900 })
        await open(`/orders/${retried.order.id}`, () => expectTestId("gateway-refunds", 120_000))
        await expectIn("gateway-refunds", "5")
        await expectTestId("gateway-captures")
        const clipped = await clippedTexts("gateway-payment-widget")
        if (clipped.length) throw new Error(`clipped in the order widget at ${width} px: ${clipped.join("; ")}`)
        await elementShot("gateway-payment-widget", `order-refunded-${width}`)
      }
      await page.setViewportSize({ width: 1440, height: 900 })
    }
  )

  await step("go-live check: every check with its status and fix, the sandbox said plainly", async () => {
    await open("/gateway/go-live", () => expectTestId("go-live-checks", 120_000))
    await expectIn("go-live-summary", "Sandbox")
    await expectIn("go-live-environment", "is the plugin's sandbox")
    await expectIn("go-live-payments.credentials", "Pass")
    await expectIn("go-live-issuing.credentials", "Pass")
    // the order sync ran in the step before
    await expectIn("go-live-job.order_sync", "succeeded")
    await expectIn("go-live-regions", "pp_gateway_card")
    const text = await page.getByTestId("go-live").innerText()
    if (/sandbox_sign_key|sandbox_api_key/.test(text)) throw new Error("the go-live page shows a key")
    await screenshot("go-live")
    await page.getByTestId("go-live-run").click()
    await expectIn("go-live-summary", "checked")
  })
}
