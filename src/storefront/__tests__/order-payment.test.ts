/**
 * The confirmation page's notice for a gateway payment held for risk review (`orderPaymentNotice`, and the
 * component rendered to markup by react-dom/server). The order shapes are what Medusa's store API answers with
 * `ORDER_PAYMENT_FIELDS` (integration-tests/http/checkout.spec.ts reads one from a real order held for review).
 */
import * as React from "react"
import { renderToStaticMarkup } from "react-dom/server"
import { ORDER_PAYMENT_FIELDS, orderPaymentNotice } from "../order-payment.js"
import { messagesDe, messagesEn } from "../messages.js"

type Component = typeof import("../react/order-payment-notice.js")
let OrderPaymentNotice: Component["OrderPaymentNotice"]

beforeAll(async () => {
  Object.assign(globalThis, { React })
  ;({ OrderPaymentNotice } = (await import("../react/order-payment-notice.tsx" as string)) as Component)
})

const held = {
  payment_collections: [
    {
      payments: [],
      payment_sessions: [{ status: "pending_authorization", provider_id: "pp_gateway_card" }],
    },
  ],
}

describe("the order confirmation's payment notice", () => {
  it("names a gateway payment held for review, and nothing else", () => {
    expect(orderPaymentNotice(held)).toBe("under_review")
    const recorded = { payment_collections: [{ ...held.payment_collections[0], payments: [{ id: "pay_1" }] }] }
    expect(orderPaymentNotice(recorded)).toBeNull()
    const authorised = {
      payment_collections: [
        { payments: [], payment_sessions: [{ status: "authorized", provider_id: "pp_gateway_card" }] },
      ],
    }
    expect(orderPaymentNotice(authorised)).toBeNull()
    const otherProvider = {
      payment_collections: [
        { payments: [], payment_sessions: [{ status: "pending_authorization", provider_id: "pp_stripe_stripe" }] },
      ],
    }
    expect(orderPaymentNotice(otherProvider)).toBeNull()
    expect(orderPaymentNotice({})).toBeNull()
    expect(orderPaymentNotice(null)).toBeNull()
    expect(ORDER_PAYMENT_FIELDS.split(",")).toEqual([
      "*payment_collections.payments",
      "*payment_collections.payment_sessions",
    ])
  })

  it("renders the notice in the shopper's language, and nothing for a recorded payment", () => {
    const en = renderToStaticMarkup(React.createElement(OrderPaymentNotice, { order: held }))
    expect(en).toContain(messagesEn.paymentUnderReview)
    expect(en).toContain('role="status"')
    expect(en).toContain('class="gw gw-order-payment"')
    const de = renderToStaticMarkup(React.createElement(OrderPaymentNotice, { order: held, messages: "de" }))
    expect(de).toContain(messagesDe.paymentUnderReview)
    expect(renderToStaticMarkup(React.createElement(OrderPaymentNotice, { order: { payment_collections: [] } }))).toBe(
      ""
    )
  })
})
