// The kit's checkout calls through a real js-sdk client against a recording store server: payment methods, session, completing the cart.
import Medusa from "@medusajs/js-sdk"
import { completeCart, orderByRank, rankPaymentMethods, startPaymentSession } from "../store-api.js"
import { type Answer, redirect, useStoreServer } from "./helpers/store-server.js"

const { seen, answers, sdk } = useStoreServer()

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
    seen.length = 0
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
