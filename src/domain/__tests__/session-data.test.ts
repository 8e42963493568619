import { readSessionData, toProviderData, emptySessionData } from "../session-data"
import { amountMismatch, refundStatusOf } from "../status"
import { AddressAttempts, cardAttemptLimits } from "../card-attempts"
import { toMinorUnits } from "../../lib/gateway"

const toMinor = (a: string, c: string) => toMinorUnits(a, c)

describe("session data is read and written key by key", () => {
  const stored = {
    ...toProviderData({ ...emptySessionData("payses_1", "card", "10.00", "USD"), transaction_id: "T1", gateway_state: "pending", card_mask: "424242******4242" }),
    // what the card route passes in, and what a storefront could add at creation
    card_submission: { number: "4242424242424242", exp_month: "12", exp_year: "2030", cvv: "123" },
    order_context: { email: "ada@example.com" },
    cvv: "123",
    hosted: { action: "https://g/v1/checkout", inputs: { a: "1", b: 2 }, html: "<p>", extra: "x" },
    captures: [{ id: "capt_1", amount: "1.00", status: "unknown", secret: "s" }, { id: 5 }],
    refunds: [{ reference: "ref_1", amount: "2.00", status: "bogus", refund_reference_id: null }],
  }

  it("never returns a key it does not own, whatever came in", () => {
    const out = toProviderData(readSessionData(stored)!)
    const text = JSON.stringify(out)
    expect(text).not.toContain("4242424242424242")
    expect(text).not.toContain("card_submission")
    expect(text).not.toContain("order_context")
    expect(Object.keys(out)).not.toContain("cvv")
    // the hosted page's HTML never: Medusa serves session data with the cart, and the kit never renders it (H7-1)
    expect(out.hosted).toEqual({ action: "https://g/v1/checkout", inputs: { a: "1" } })
    expect(out.captures).toEqual([{ id: "capt_1", amount: "1.00", status: "unknown", by: "plugin" }])
    // an unreadable refund status is never taken for a settled one
    expect(out.refunds).toEqual([{ reference: "ref_1", amount: "2.00", status: "unknown", refund_reference_id: null }])
    expect(out).toMatchObject({ order_no: "payses_1", transaction_id: "T1", gateway_state: "pending", card_mask: "424242******4242" })
  })

  it("is not ours without an order_no and a known method", () => {
    expect(readSessionData({ order_no: "x", method: "paypal" })).toBeNull()
    expect(readSessionData({ method: "card" })).toBeNull()
  })
})

describe("a gateway record for another amount or currency", () => {
  const session = { amount: "10.00", currency: "USD" }
  it("agrees when the amounts are equal in minor units", () => {
    expect(amountMismatch({ amount: "10", currency: "usd" }, session, toMinor)).toBeNull()
    expect(amountMismatch({}, session, toMinor)).toBeNull()
  })
  it("names the difference otherwise", () => {
    expect(amountMismatch({ amount: "1.00", currency: "USD" }, session, toMinor)).toMatch(/amount 1.00 USD is not the session's 10.00 USD/)
    expect(amountMismatch({ amount: "10.00", currency: "EUR" }, session, toMinor)).toMatch(/currency EUR/)
    expect(amountMismatch({ amount: "ten", currency: "USD" }, session, toMinor)).toMatch(/cannot be read/)
  })
})

describe("refund status codes", () => {
  it("1 refunded, 2 failed, anything else pending", () => {
    expect([refundStatusOf("1"), refundStatusOf("2"), refundStatusOf("0"), refundStatusOf(null)]).toEqual(["refunded", "failed", "pending", "pending"])
  })
})

describe("card posts per client address", () => {
  it("allows per_address posts in the window, then refuses until the window moves on", () => {
    const limits = cardAttemptLimits({ per_address: 3, window_seconds: 60 })
    const a = new AddressAttempts()
    const t0 = 1_000_000
    expect([1, 2, 3, 4].map((i) => a.take("1.2.3.4", limits, t0 + i))).toEqual([true, true, true, false])
    expect(a.take("5.6.7.8", limits, t0 + 5)).toBe(true) // another address has its own allowance
    expect(a.take("1.2.3.4", limits, t0 + 61_000)).toBe(true)
  })
  it("defaults to 5 per session and 20 per address an hour", () => {
    expect(cardAttemptLimits(undefined)).toEqual({ per_session: 5, per_address: 20, window_seconds: 3600 })
  })
})
