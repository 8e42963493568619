// The kit's card calls through a real js-sdk client against a recording store server: card posts and saved cards.
import { deleteSavedCard, listSavedCards, payWithSavedCard, postCard } from "../store-api.js"
import { BROWSER, CARD, redirect, session, useStoreServer } from "./helpers/store-server.js"

const { seen, answers, sdk } = useStoreServer()

describe("card post", () => {
  it("posts the card once to the plugin's card route and nowhere else", async () => {
    answers["POST /store/gateway/payment-sessions/payses_1/card"] = () => ({
      json: session("authorized", { card_mask: "400000******3220" }),
    })
    const outcome = await postCard(sdk(), "payses_1", { cart_id: "cart_1", card: CARD, browser: BROWSER })
    expect(outcome.status).toBe("authorized")
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ method: "POST", path: "/store/gateway/payment-sessions/payses_1/card", query: {} })
    expect(seen[0].headers["x-publishable-api-key"]).toBe("pk_test")
    expect(seen[0].body).toEqual({ cart_id: "cart_1", card: CARD, browser: BROWSER })
  })

  it("asks to save the card only when told, with the customer's auth, and leaves out an empty holder name", async () => {
    answers["POST /store/gateway/payment-sessions/payses_1/card"] = () => ({
      json: session("authorized", { saved_card: { use: "save", id: "gwsc_1", brand: "visa", last4: "3220" } }),
    })
    const outcome = await postCard(sdk(), "payses_1", {
      cart_id: "cart_1",
      card: { ...CARD, holder_name: "" },
      save_card: true,
      browser: BROWSER,
      headers: { authorization: "Bearer customer-token" },
    })
    expect(seen[0].body).toEqual({
      cart_id: "cart_1",
      card: { number: CARD.number, exp_month: "12", exp_year: "2030", cvv: "123" },
      save_card: true,
      browser: BROWSER,
    })
    expect(seen[0].headers.authorization).toBe("Bearer customer-token")
    expect(outcome.session.data.saved_card).toEqual({ use: "save", id: "gwsc_1", brand: "visa", last4: "3220" })
  })

  it("answers 3-D Secure with the hand-off form", async () => {
    answers["POST /store/gateway/payment-sessions/payses_1/card"] = () => ({
      json: session("requires_more", { redirect, issuer_url: redirect.url }),
    })
    const outcome = await postCard(sdk(), "payses_1", { cart_id: "cart_1", card: CARD, browser: BROWSER })
    expect(outcome).toMatchObject({ status: "requires_more", redirect })
  })

  it("answers a decline with the session's reason (a shopper's category), and review and lost answers as go-on states", async () => {
    const decline = { code: "declined", message: "The card was declined. Use another card or payment method." }
    answers["POST /store/gateway/payment-sessions/payses_1/card"] = () => ({ json: session("error", { decline }) })
    expect(await postCard(sdk(), "payses_1", { cart_id: "cart_1", card: CARD, browser: BROWSER })).toMatchObject({
      status: "declined",
      decline,
    })
    answers["POST /store/gateway/payment-sessions/payses_1/card"] = () => ({ json: session("pending_authorization") })
    expect((await postCard(sdk(), "payses_1", { cart_id: "cart_1", card: CARD, browser: BROWSER })).status).toBe(
      "pending_authorization"
    )
    answers["POST /store/gateway/payment-sessions/payses_1/card"] = () => ({ json: session("pending") })
    expect((await postCard(sdk(), "payses_1", { cart_id: "cart_1", card: CARD, browser: BROWSER })).status).toBe(
      "pending"
    )
  })

  it("throws the route's refusal (which names the field, never the value)", async () => {
    answers["POST /store/gateway/payment-sessions/payses_1/card"] = () => ({
      status: 400,
      json: { type: "invalid_data", message: "card.cvv must be 3 or 4 digits" },
    })
    await expect(
      postCard(sdk(), "payses_1", { cart_id: "cart_1", card: CARD, browser: BROWSER })
    ).rejects.toMatchObject({ status: 400, message: "card.cvv must be 3 or 4 digits" })
  })

  it("never puts card data in a URL", async () => {
    answers["POST /store/gateway/payment-sessions/payses_1/card"] = () => ({ json: session("authorized") })
    await postCard(sdk(), "payses_1", { cart_id: "cart_1", card: CARD })
    for (const s of seen) {
      const url = `${s.path}?${new URLSearchParams(s.query)}`
      for (const secret of [CARD.number, CARD.cvv]) expect(url).not.toContain(secret)
    }
    expect(seen[0].body.browser).toEqual(expect.objectContaining({ time_zone: expect.any(String) }))
  })
})

describe("saved cards", () => {
  const saved = [
    {
      id: "gwsc_1",
      brand: "visa",
      last4: "4242",
      exp_month: 12,
      exp_year: 2030,
      expired: false,
      created_at: "2026-01-01T00:00:00Z",
      last_used_at: null,
    },
    {
      id: "gwsc_2",
      brand: "mastercard",
      last4: "4444",
      exp_month: 1,
      exp_year: 2020,
      expired: true,
      created_at: "2019-01-01T00:00:00Z",
      last_used_at: "2019-02-01T00:00:00Z",
    },
  ]
  const auth = { authorization: "Bearer customer-token" }

  it("lists the customer's cards with the customer's auth", async () => {
    answers["GET /store/gateway/saved-cards"] = (req) =>
      req.headers.authorization === auth.authorization
        ? { json: { saved_cards: saved } }
        : { status: 401, json: { message: "Unauthorized" } }
    expect(await listSavedCards(sdk(), { headers: auth })).toEqual(saved)
    await expect(listSavedCards(sdk())).rejects.toMatchObject({ status: 401 })
  })

  it("pays with a saved card: its id and the optional security code, no card number", async () => {
    answers["POST /store/gateway/payment-sessions/payses_1/card"] = () => ({
      json: session("authorized", { saved_card: { use: "pay", id: "gwsc_1", brand: "visa", last4: "4242" } }),
    })
    await payWithSavedCard(sdk(), "payses_1", {
      cart_id: "cart_1",
      saved_card_id: "gwsc_1",
      security_code: " 123 ",
      browser: BROWSER,
      headers: auth,
    })
    await payWithSavedCard(sdk(), "payses_1", {
      cart_id: "cart_1",
      saved_card_id: "gwsc_1",
      security_code: "",
      browser: BROWSER,
      headers: auth,
    })
    expect(seen.map((s) => s.body)).toEqual([
      { cart_id: "cart_1", saved_card_id: "gwsc_1", security_code: "123", browser: BROWSER },
      { cart_id: "cart_1", saved_card_id: "gwsc_1", browser: BROWSER },
    ])
    expect(seen.every((s) => s.headers.authorization === auth.authorization)).toBe(true)
  })

  it("refuses an expired card as the route does (400)", async () => {
    answers["POST /store/gateway/payment-sessions/payses_1/card"] = () => ({
      status: 400,
      json: { type: "invalid_data", message: "Saved card gwsc_2 has expired" },
    })
    await expect(
      payWithSavedCard(sdk(), "payses_1", { cart_id: "cart_1", saved_card_id: "gwsc_2", headers: auth })
    ).rejects.toMatchObject({ status: 400 })
  })

  it("deletes a card, and another customer's card is 404", async () => {
    answers["DELETE /store/gateway/saved-cards/gwsc_1"] = () => ({
      json: { id: "gwsc_1", object: "saved_card", deleted: true },
    })
    expect(await deleteSavedCard(sdk(), "gwsc_1", { headers: auth })).toEqual({ id: "gwsc_1", deleted: true })
    await expect(deleteSavedCard(sdk(), "gwsc_other", { headers: auth })).rejects.toMatchObject({ status: 404 })
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      "DELETE /store/gateway/saved-cards/gwsc_1",
      "DELETE /store/gateway/saved-cards/gwsc_other",
    ])
  })
})
