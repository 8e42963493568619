/**
 * The kit's store calls through a real `@medusajs/js-sdk` client over a real socket, against a small server
 * that answers as the plugin's store routes and Medusa's checkout routes do (their documented contract) and
 * records every request: method, path, query, headers and body as they arrive on the wire.
 */
import Medusa from "@medusajs/js-sdk"
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import {
  completeCart,
  deleteSavedCard,
  listSavedCards,
  orderByRank,
  payWithSavedCard,
  postCard,
  rankPaymentMethods,
  startPaymentSession,
} from "../store-api.js"

type Seen = {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingMessage["headers"]
  body: any
}
type Answer = { status?: number; json: unknown }

let server: Server
let baseUrl: string
let seen: Seen[] = []
let answers: Record<string, (req: Seen) => Answer> = {}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    let raw = ""
    for await (const chunk of req) raw += chunk
    const url = new URL(req.url ?? "/", "http://x")
    const entry: Seen = {
      method: req.method ?? "",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: raw ? JSON.parse(raw) : undefined,
    }
    seen.push(entry)
    const answer = answers[`${entry.method} ${entry.path}`]?.(entry) ?? {
      status: 404,
      json: { type: "not_found", message: `${entry.method} ${entry.path} not found` },
    }
    res.writeHead(answer.status ?? 200, { "content-type": "application/json" }).end(JSON.stringify(answer.json))
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  seen = []
  answers = {}
})

const sdk = () => new Medusa({ baseUrl, publishableKey: "pk_test" })
const CARD = { number: "4000000000003220", exp_month: "12", exp_year: "2030", cvv: "123", holder_name: "Ada Lovelace" }
const BROWSER = { user_agent: "jest", browser_lang: "en-US" }
const session = (status: string, data: Record<string, unknown> = {}) => ({
  payment_session: { id: "payses_1", status, data },
})
const redirect = {
  url: "https://issuer.example/3ds/1",
  method: "POST",
  fields: {
    return_url: "https://shop.example/return",
    notify_url: "https://api.shop.example/hooks/gateway/notifications",
  },
}

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

describe("payment methods", () => {
  it("reads the gateway's ranking for the cart, best first", async () => {
    answers["GET /store/gateway/payment-methods"] = (req) => ({
      json:
        req.query.cart_id === "cart_1"
          ? {
              payment_methods: [
                { payment_method: "alipay", acceptance_rate: 0.7, rank: 2 },
                { payment_method: "card", acceptance_rate: 0.93, rank: 1 },
              ],
              source: "gateway",
            }
          : { payment_methods: [], source: "default" },
    })
    const ranking = await rankPaymentMethods(sdk(), "cart_1")
    expect(ranking.payment_methods.map((m) => m.payment_method)).toEqual(["card", "alipay"])
    expect(ranking.source).toBe("gateway")
    const choices = [
      { id: "apm-wechat", method: "wechatpay" },
      { id: "apm-alipay", method: "alipay" },
      { id: "card", method: "card" },
    ]
    expect(orderByRank(choices, (c) => c.method, ranking).map((c) => c.id)).toEqual([
      "card",
      "apm-alipay",
      "apm-wechat",
    ])
    expect(orderByRank(choices, (c) => c.method, { payment_methods: [], source: "default" })).toEqual(choices)
  })
})

describe("payment session", () => {
  it("creates the payment collection when the cart has none, then the provider's session with its data", async () => {
    answers["POST /store/payment-collections"] = () => ({ json: { payment_collection: { id: "paycol_1" } } })
    answers["POST /store/payment-collections/paycol_1/payment-sessions"] = (req) => ({
      json: {
        payment_collection: {
          id: "paycol_1",
          payment_sessions: [
            { id: "payses_9", provider_id: req.body.provider_id, status: "pending", data: { redirect } },
          ],
        },
      },
    })
    const s = await startPaymentSession(sdk(), { id: "cart_1" }, "apm", { data: { payment_method: "alipay" } })
    expect(s).toMatchObject({ id: "payses_9", provider_id: "pp_gateway_apm" })
    expect(seen.map((x) => [x.method, x.path, x.body])).toEqual([
      ["POST", "/store/payment-collections", { cart_id: "cart_1" }],
      [
        "POST",
        "/store/payment-collections/paycol_1/payment-sessions",
        { provider_id: "pp_gateway_apm", data: { payment_method: "alipay" } },
      ],
    ])
    seen = []
    await startPaymentSession(sdk(), { id: "cart_1", payment_collection: { id: "paycol_1" } }, "apm")
    expect(seen.map((x) => x.path)).toEqual(["/store/payment-collections/paycol_1/payment-sessions"])
  })
})

describe("completing the cart", () => {
  it("answers the order", async () => {
    answers["POST /store/carts/cart_1/complete"] = () => ({
      json: { type: "order", order: { id: "order_1", display_id: 7 } },
    })
    expect(await completeCart(sdk(), "cart_1")).toEqual({ type: "order", order: { id: "order_1", display_id: 7 } })
  })

  it("tells a payment the shopper has not finished", async () => {
    answers["POST /store/carts/cart_1/complete"] = () => ({
      json: {
        type: "cart",
        cart: { id: "cart_1" },
        error: { type: "payment_requires_more_error", name: "Error", message: "More information is required" },
      },
    })
    expect(await completeCart(sdk(), "cart_1")).toEqual({
      type: "requires_more",
      message: "More information is required",
    })
  })

  // When no order is made, the kit reads the cart's payment session to tell the shopper why: the store's answer to
  // the completion, what the cart read answers, and what the shopper is told.
  const notAuthorized = {
    status: 400,
    json: { type: "not_allowed", message: "Session: payses_1 was not authorized with the provider." },
  }
  const storeFailure = { status: 500, json: { type: "unknown_error", message: "An unknown error occurred." } }
  const cartWith = (paymentSession: Record<string, unknown>): Answer => ({
    json: { cart: { id: "cart_1", payment_collection: { payment_sessions: [paymentSession] } } },
  })
  const gatewaySession = (status: string, data: Record<string, unknown>) =>
    cartWith({ id: "payses_1", provider_id: "pp_gateway_card", status, data })
  const notConfirmed = { type: "requires_more", message: "The payment could not be confirmed yet." }

  it.each<[string, Answer, Answer, unknown]>([
    [
      "shows the decline recorded on the session (a shopper's category) when no order is made",
      notAuthorized,
      gatewaySession("error", {
        decline: { code: "declined", message: "The card was declined. Use another card or payment method." },
      }),
      {
        type: "declined",
        message: "The card was declined. Use another card or payment method.",
        code: "declined",
      },
    ],
    [
      "says the payment was not approved when the gateway session failed without a reason",
      { status: 400, json: { type: "invalid_data", message: "Payment sessions are required to complete cart" } },
      gatewaySession("error", { gateway_state: "failed", decline: null }),
      { type: "declined", message: "The payment was not approved by the bank or the payment method." },
    ],
    [
      "tells 'not confirmed yet', never a decline, when the store fails",
      storeFailure,
      gatewaySession("error", { gateway_state: "failed" }),
      notConfirmed,
    ],
    [
      "tells 'not confirmed yet', never a decline, when the store refuses a completion while a gateway session may hold money (N-5)",
      notAuthorized,
      gatewaySession("pending_authorization", { gateway_state: "review" }),
      notConfirmed,
    ],
    [
      // The cart cannot be read either: nothing says the payment failed.
      "tells 'not confirmed yet', never a decline, when the store refuses a completion and the cart cannot be read (N-5)",
      notAuthorized,
      storeFailure,
      notConfirmed,
    ],
    [
      "says a released checkout's payment was not completed and holds nothing",
      notAuthorized,
      gatewaySession("canceled", { gateway_state: "canceled" }),
      {
        type: "declined",
        code: "not_completed",
        message: "The payment was not completed in time, and nothing is held for it. You can pay again.",
      },
    ],
    [
      "falls back to the store's message when the session has no reason",
      { status: 400, json: { type: "not_allowed", message: "Payment authorization failed" } },
      cartWith({
        id: "s",
        provider_id: "pp_system_default",
        status: "error",
        data: { decline: { code: "x", message: "not ours" } },
      }),
      { type: "declined", message: "Payment authorization failed" },
    ],
  ])("%s", async (_name, completion, cart, told) => {
    answers["POST /store/carts/cart_1/complete"] = () => completion
    answers["GET /store/carts/cart_1"] = () => cart
    expect(await completeCart(sdk(), "cart_1")).toEqual(told)
    // A store that fails (5xx) is not asked for the cart; a cart read asks for the sessions.
    for (const cartRead of seen.slice(1)) expect(cartRead.query.fields).toContain("payment_collection.payment_sessions")
  })

  it("tells 'not confirmed yet', never a decline, when the store does not answer", async () => {
    const unreachable = new Medusa({ baseUrl: "http://127.0.0.1:1", publishableKey: "pk_test" })
    expect(await completeCart(unreachable as any, "cart_1")).toEqual(notConfirmed)
  })
})
