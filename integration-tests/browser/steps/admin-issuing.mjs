// Browser steps of the admin's issuing pages: card groups tracked, created and refunded, cardholders, cards.
import { open, page, screenshot, step, UUID } from "../admin-ui.mjs"
import { confirmPrompt, fillFields, selectOption, submitAmount } from "../admin-ui.mjs"
import { expectIn, expectTestId, expectText, expectToast } from "../admin-ui.mjs"

/** Groups, cardholders and cards, each step on what the one before made; `keysOf`: the POSTs' idempotency keys. */
export async function adminIssuingSteps({ keysOf }) {
  await step("groups: track the sandbox's group 7001", async () => {
    await open("/gateway/groups", () => expectText("No card groups yet", 60_000))
    await screenshot("groups-empty")
    await page.getByTestId("track-group").click()
    await page.waitForURL((url) => url.pathname.endsWith("/gateway/groups/track"), { timeout: 20_000 })
    await page.locator("#gateway_group_id").fill("7001")
    await page.getByTestId("track-group-submit").click()
    await expectToast("Group tracked")
    await expectIn("groups-table", "7001")
    await expectIn("groups-table", "10000.00")
    await screenshot("groups-list")
  })

  await step("cardholders: create one", async () => {
    await open("/gateway/cardholders", () => expectText("No cardholders yet", 60_000))
    // The create form has its URL; closing it goes back to the list.
    await page.getByTestId("create-cardholder").click()
    await page.waitForURL((url) => url.pathname.endsWith("/gateway/cardholders/create"), { timeout: 20_000 })
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click()
    await page.waitForURL((url) => url.pathname.endsWith("/gateway/cardholders"), { timeout: 20_000 })
    await open("/gateway/cardholders/create", () => expectTestId("create-cardholder-submit", 60_000))
    await page.getByTestId("create-cardholder-submit").click()
    await expectTestId("error-email")
    await fillFields({ first_name: "Grace", last_name: "Hopper", email: "grace@example.com", billing_country: "US" })
    await page.getByTestId("create-cardholder-submit").click()
    await expectToast("Cardholder created")
    await expectIn("cardholder-detail", "Grace Hopper")
    await expectIn("cardholder-detail", "grace@example.com")
    await screenshot("cardholder-detail")
    await open("/gateway/cardholders", () => expectTestId("cardholders-table", 30_000))
    await expectIn("cardholders-table", "grace@example.com")
    await screenshot("cardholders-list")
  })

  await step("cardholders: create and delete another (confirmed)", async () => {
    await page.getByTestId("create-cardholder").click()
    await fillFields({ first_name: "Alan", last_name: "Turing", email: "alan@example.com" })
    await page.getByTestId("create-cardholder-submit").click()
    await expectToast("Cardholder created")
    await expectIn("cardholder-detail", "Alan Turing")
    await page.getByTestId("delete-cardholder").click()
    await confirmPrompt("Delete")
    await expectToast("Cardholder deleted")
    await expectIn("cardholder-detail", "Deleted")
  })

  let cardId
  await step("cards: create a card for the cardholder from group 7001", async () => {
    await open("/gateway/cards", () => expectText("No cards yet", 60_000))
    await screenshot("cards-empty")
    await page.getByTestId("create-cards").click()
    await selectOption(page.locator("#cardholder_id"), "Grace Hopper")
    await selectOption(page.locator("#group_id"), "7001")
    await page.locator("#charge_amount").fill("50.00")
    await page.locator("#pieces").fill("2")
    await page.locator("#alias").fill("Marketing")
    await page.getByTestId("create-cards-submit").click()
    await expectToast("2 cards created")
    await expectIn("cards-table", "Marketing")
    const rows = page.getByTestId("cards-table").locator("tbody tr")
    if ((await rows.count()) !== 2) throw new Error(`expected 2 cards in the list, found ${await rows.count()}`)
    cardId = await rows.first().getAttribute("data-row-id")
    // the cards are funded from the group: the creation carries the form's idempotency key
    const keys = keysOf(/^\/admin\/gateway\/cards$/)
    if (keys.length !== 1 || !UUID.test(keys[0] ?? ""))
      throw new Error(`the card creation carried no idempotency key: ${JSON.stringify(keys)}`)
    await screenshot("cards-list")
  })

  await step("cards: filter by status", async () => {
    await selectOption(page.getByTestId("card-status-filter").getByRole("combobox"), "Closed")
    await expectText("No cards match these filters")
    await selectOption(page.getByTestId("card-status-filter").getByRole("combobox"), "All statuses")
    await expectIn("cards-table", "Marketing")
  })

  await step("cards: detail, block (confirmed) and activate", async () => {
    if (!cardId) throw new Error("no card was created")
    await open(`/gateway/cards/${cardId}`, () => expectTestId("card-detail", 30_000))
    await expectIn("card-status", "Active")
    await expectIn("card-detail", "50.00 USD")
    await screenshot("card-detail")
    await page.getByTestId("card-block").click()
    await confirmPrompt("Block")
    await expectToast("Card blocked")
    await expectIn("card-status", "Blocked")
    await screenshot("card-blocked")
    await page.getByTestId("card-activate").click()
    await confirmPrompt("Activate")
    await expectToast("Card activated")
    await expectIn("card-status", "Active")
  })

  await step("cards: recharge (confirmed, validated)", async () => {
    await page.getByTestId("card-recharge").click()
    await submitAmount("abc")
    await expectText("decimal amount")
    await submitAmount("10.00")
    await expectToast("Card recharged")
    await expectIn("card-detail", "60.00 USD")
    const keys = keysOf(/\/recharge$/)
    if (keys.length !== 1 || !UUID.test(keys[0] ?? ""))
      throw new Error(`the recharge carried no idempotency key: ${JSON.stringify(keys)}`)
  })

  await step("cards: reveal details once, hidden again", async () => {
    await page.getByTestId("card-reveal").click()
    await confirmPrompt("Reveal")
    const shown = await expectIn("card-revealed", "CVV")
    if (!/\d{4} \d{4} \d{4} \d{4}/.test(shown)) throw new Error(`no card number in the revealed panel: ${shown}`)
    await screenshot("card-revealed")
    await page.getByTestId("card-revealed").getByRole("button", { name: "Hide" }).click()
    await page.getByTestId("card-revealed").waitFor({ state: "detached", timeout: 5_000 })
    if ((await page.getByTestId("card-detail").innerText()).match(/\d{4} \d{4} \d{4} \d{4}/))
      throw new Error("the card number is still shown after Hide")
  })

  await step("groups: detail shows the balance after the cards", async () => {
    await open("/gateway/groups", () => expectTestId("groups-table", 30_000))
    await page.getByTestId("groups-table").locator("tbody tr").first().click()
    await expectTestId("group-detail")
    await expectIn("group-detail", "9890.00")
    await screenshot("group-detail")
  })

  let groupUrl
  await step("groups: create a group at the gateway (validated, at its URL)", async () => {
    await open("/gateway/groups", () => expectTestId("groups-table", 30_000))
    await page.getByTestId("create-group").click()
    await page.waitForURL((url) => url.pathname.endsWith("/gateway/groups/create"), { timeout: 20_000 })
    await fillFields({ name: "Marketing", country_code: "gb", currency: "EUR", charge_amount: "500.125" })
    await page.getByTestId("create-group-submit").click()
    await expectIn("error-charge_amount", "at most 2 decimal places")
    await screenshot("group-create-validation")
    await page.locator("#charge_amount").fill("500")
    await page.getByTestId("create-group-submit").click()
    await expectToast("Group created")
    await expectIn("group-detail", "Marketing")
    await expectIn("group-balance", "500.00 EUR")
    // funded from the company's account: the creation carries the form's idempotency key
    const keys = keysOf(/^\/admin\/gateway\/groups$/)
    if (keys.length !== 1 || !UUID.test(keys[0] ?? ""))
      throw new Error(`the group creation carried no idempotency key: ${JSON.stringify(keys)}`)
    groupUrl = page.url()
    await screenshot("group-created")
  })

  await step("groups: refund part of the new group to the account (validated, confirmed)", async () => {
    if (!groupUrl) throw new Error("no group was created")
    await page.getByTestId("refund-group").click()
    await submitAmount("200.505")
    await expectText("at most 2 decimal places")
    await page.locator("#amount").fill("200.50")
    await screenshot("group-refund-prompt")
    await page.getByTestId("amount-prompt-confirm").click()
    await expectToast("Refunded to the account")
    await expectToast("New balance: 299.50 EUR")
    await expectIn("group-balance", "299.50 EUR")
    // more than the balance: the gateway's refusal, and the balance unchanged
    await page.getByTestId("refund-group").click()
    await submitAmount("300.00")
    await expectToast("Insufficient balance")
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel", exact: true }).click()
    await expectIn("group-balance", "299.50 EUR")
    // each opening of the prompt is its own request: its own key
    const keys = keysOf(/\/groups\/[^/]+\/refund$/)
    if (keys.length !== 2 || !keys.every((k) => UUID.test(k ?? "")) || keys[0] === keys[1])
      throw new Error(`the two refund prompts did not carry a key each: ${JSON.stringify(keys)}`)
    await screenshot("group-refunded")
  })
}
