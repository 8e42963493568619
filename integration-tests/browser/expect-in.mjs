// The browser tests' wait for a text inside a test id: polls the element's text until it shows `text`, or fails
// saying what it shows instead (the admin pages and the storefront example both load their data after render).
export async function expectIn(page, testId, text, timeout = 20_000) {
  const loc = page.getByTestId(testId).first()
  await loc.waitFor({ state: "visible", timeout })
  const end = Date.now() + timeout
  let content = ""
  while (Date.now() < end) {
    content = (await loc.innerText().catch(() => "")) ?? ""
    if (content.includes(text)) return content
    await page.waitForTimeout(250)
  }
  throw new Error(
    `[data-testid=${testId}] does not show "${text}"; it shows: ${content.replace(/\s+/g, " ").slice(0, 300)}`
  )
}
