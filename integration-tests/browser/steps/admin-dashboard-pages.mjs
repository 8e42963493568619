// Browser steps of the admin, last: the payments dashboard, and every gateway page readable at 1280 and 1920 px.
import { clippedIn, expectIn, expectTestId, open, page, screenshot, selectOption, step } from "../admin-ui.mjs"

/** The payments dashboard (every payment of the run in it), then every gateway page and a record's page of each. */
export async function adminDashboardAndPagesSteps() {
  await step(
    "payments dashboard: figures and charts of today, the gateway's decline reasons, filters kept in the URL",
    async () => {
      await open("/gateway/payments", () => expectTestId("dashboard-tiles", 120_000))
      const attempts = Number((await page.getByTestId("tile-attempts").locator("h2").innerText()).trim())
      // The setup alone made 5 attempts: held, paid, Coffee Club, and the declined card and its retry.
      if (!(attempts >= 5)) throw new Error(`the dashboard counts ${attempts} attempts; the setup alone made 5`)
      await expectIn("dashboard-decline-D0002", "Card declined")
      await expectIn("dashboard-money-USD", "5.00")
      await expectIn("dashboard-by-provider", "Card")
      await expectIn("dashboard-by-card-brand", "Mastercard")
      await expectIn("tile-chargebacks", "threshold 1.00 %")
      for (const chart of ["dashboard-attempts-chart", "dashboard-money-chart"]) {
        await page.getByTestId(chart).locator("svg.recharts-surface").first().waitFor({ state: "visible" })
        // Today's bars are drawn (a bar of height 0 is drawn as nothing).
        await page.getByTestId(chart).locator("path.recharts-rectangle").first().waitFor({ state: "visible" })
      }
      // Each legend lists its bars in their order (recharts would sort it by name), and no chart has a second axis
      // a bar could be read against (the approval rate has its own chart).
      for (const [chart, order] of [
        ["dashboard-attempts-chart", ["Approved", "Declined", "Pending, review, canceled"]],
        ["dashboard-money-chart", ["Captured", "Refunded", "Charged back"]],
      ]) {
        const legend = await page.getByTestId(chart).locator(".recharts-legend-item-text").allInnerTexts()
        if (JSON.stringify(legend) !== JSON.stringify(order))
          throw new Error(`${chart}'s legend reads ${JSON.stringify(legend)}, its bars ${JSON.stringify(order)}`)
      }
      for (const chart of ["dashboard-attempts-chart", "dashboard-approval-chart", "dashboard-money-chart"]) {
        const axes = await page.getByTestId(chart).locator(".recharts-yAxis").count()
        if (axes !== 1) throw new Error(`${chart} has ${axes} value axes`)
      }
      const text = await page.getByTestId("payments-dashboard").innerText()
      for (const secret of ["4000000000000002", "5555555555554444", "4242424242424242"])
        if (text.includes(secret)) throw new Error("the dashboard shows a card number")
      // The admin scrolls inside its layout, so the whole dashboard is shot in a tall window.
      await page.setViewportSize({ width: 1440, height: 2600 })
      await screenshot("payments-dashboard")

      await selectOption(page.getByTestId("dashboard-brand-filter").getByRole("combobox"), "Mastercard")
      await page.waitForURL(/card_brand=mastercard/)
      await expectIn("dashboard-by-card-brand", "Mastercard")
      await page.reload({ waitUntil: "domcontentloaded" })
      await expectTestId("dashboard-tiles", 60_000)
      const filtered = Number((await page.getByTestId("tile-attempts").locator("h2").innerText()).trim())
      if (!(filtered >= 1 && filtered < attempts))
        throw new Error(`filtered by Mastercard the dashboard counts ${filtered} attempts of ${attempts}`)
      if ((await page.getByTestId("dashboard-by-card-brand").innerText()).includes("Visa"))
        throw new Error("the brand filter kept Visa")
      await screenshot("payments-dashboard-mastercard")
      await page.setViewportSize({ width: 1440, height: 900 })

      await selectOption(page.getByTestId("dashboard-period").getByRole("combobox"), "Last 7 days")
      await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=|to=.*from=/)
      await expectIn("dashboard-attempts", "Attempts per day")
    }
  )

  // Every gateway page as staff see it on a laptop and on a wide screen, the lists and a record's page of each:
  // no text cut off or past its container (a text that only fits by scrolling its table sideways counts as cut
  // off), each page screenshotted.
  await step("every gateway page readable at 1280 and 1920 px (no text cut off), screenshotted", async () => {
    const pages = [
      ["/gateway", "gateway-overview"],
      ["/gateway/payments", "payments-dashboard"],
      ["/gateway/payouts", "payouts-table"],
      ["/gateway/cardholders", "cardholders-table"],
      ["/gateway/cards", "cards-table"],
      ["/gateway/groups", "groups-table"],
      ["/gateway/subscriptions", "subscriptions-table"],
      ["/gateway/reconciliation", "sync-runs"],
      ["/gateway/go-live", "go-live-checks"],
    ]
    const problems = []
    for (const width of [1280, 1920]) {
      await page.setViewportSize({ width, height: 900 })
      for (const [path, testId] of pages) {
        await open(path, () => expectTestId(testId, 120_000))
        await page.waitForLoadState("networkidle").catch(() => undefined)
        const clipped = await clippedIn(page.locator("main").first(), { below: false })
        if (clipped.length) problems.push(`${path} at ${width} px: ${clipped.slice(0, 4).join("; ")}`)
        await screenshot(`page-${path.split("/").pop()}-${width}`)
        // The first record's own page, from its row (the lists that have one).
        const noun = {
          payouts: "payout",
          cardholders: "cardholder",
          cards: "card",
          groups: "group",
          subscriptions: "subscription",
        }[path.split("/").pop()]
        if (noun) {
          await page.getByTestId(testId).locator("tbody tr").first().click()
          await expectTestId(`${noun}-detail`, 60_000)
          await page.waitForLoadState("networkidle").catch(() => undefined)
          const inDetail = await clippedIn(page.locator("main").first(), { below: false })
          if (inDetail.length) problems.push(`${page.url()} at ${width} px: ${inDetail.slice(0, 4).join("; ")}`)
          await screenshot(`page-${noun}-detail-${width}`)
        }
      }
    }
    await page.setViewportSize({ width: 1440, height: 900 })
    if (problems.length) throw new Error(`text cut off:\n${problems.join("\n")}`)
  })
}
