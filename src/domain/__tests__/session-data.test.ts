import { readSessionData, toProviderData, emptySessionData, waitsForCard } from "../session-data"
import { amountMismatch, refundStatusOf } from "../status"
import { GatewayApiError, toMinorUnits } from "../../lib/gateway"
import { SHOPPER_DECLINES, shopperCategoryOf } from "../shopper-decline"

const toMinor = (a: string, c: string) => toMinorUnits(a, c)

describe("session data is read and written key by key", () => {
  const stored = {
    ...toProviderData({
      ...emptySessionData("payses_1", "card", "10.00", "USD"),
      transaction_id: "T1",
      gateway_state: "pending",
      card_mask: "424242******4242",
    }),
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
    expect(out).toMatchObject({
      order_no: "payses_1",
      transaction_id: "T1",
      gateway_state: "pending",
      card_mask: "424242******4242",
    })
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
    expect(amountMismatch({ amount: "1.00", currency: "USD" }, session, toMinor)).toMatch(
      /amount 1.00 USD is not the session's 10.00 USD/
    )
    expect(amountMismatch({ amount: "10.00", currency: "EUR" }, session, toMinor)).toMatch(/currency EUR/)
    expect(amountMismatch({ amount: "ten", currency: "USD" }, session, toMinor)).toMatch(/cannot be read/)
  })
})

describe("refund status codes", () => {
  it("1 refunded, 2 failed, anything else pending", () => {
    expect([refundStatusOf("1"), refundStatusOf("2"), refundStatusOf("0"), refundStatusOf(null)]).toEqual([
      "refunded",
      "failed",
      "pending",
      "pending",
    ])
  })
})

describe("what a shopper is told about a refusal (L2-5)", () => {
  it("session data holds a category, never the gateway's code or message, even when one was stored before", () => {
    const stored = {
      ...toProviderData(emptySessionData("payses_1", "card", "10.00", "USD")),
      decline: { code: "D0051", message: "Insufficient funds" },
    }
    const out = toProviderData(readSessionData(stored)!)
    expect(out.decline).toEqual({ code: "declined", message: SHOPPER_DECLINES.declined })
    expect(JSON.stringify(out)).not.toMatch(/D0051|Insufficient/)
    const category = { ...stored, decline: { code: "check_card_details", message: "anything" } }
    expect(toProviderData(readSessionData(category)!).decline).toEqual({
      code: "check_card_details",
      message: SHOPPER_DECLINES.check_card_details,
    })
  })

  it("a gateway refusal naming a card field or the token is declined; the rest is try again later", () => {
    const refused = (source: string | undefined, httpStatus = 400) =>
      new GatewayApiError({
        operation: "authorise",
        code: "I0002",
        message: "CVV wrong",
        httpStatus,
        ...(source ? { source } : {}),
      })
    // the gateway's refusal of a card field is a decline: which field it was is no shopper's business (L-6)
    expect(shopperCategoryOf(refused("security_code"))).toBe("declined")
    expect(shopperCategoryOf(refused("expiration_year"))).toBe("declined")
    expect(shopperCategoryOf(refused("token_id", 404))).toBe("declined")
    expect(shopperCategoryOf(refused(undefined))).toBe("try_again_later")
    expect(shopperCategoryOf(refused("card", 503))).toBe("try_again_later")
    expect(shopperCategoryOf(new Error("socket hang up"))).toBe("try_again_later")
  })
})

describe("a card session waits for a card only while no attempt of it is known", () => {
  const fresh = emptySessionData("payses_1", "card", "10.00", "USD")
  it("waits when nothing was posted, or the last attempt failed or was canceled without a transaction", () => {
    expect(waitsForCard(fresh)).toBe(true)
    expect(waitsForCard({ ...fresh, gateway_state: "failed" })).toBe(true)
    expect(waitsForCard({ ...fresh, gateway_state: "canceled" })).toBe(true)
    expect(waitsForCard({ ...fresh, gateway_state: "not_found" })).toBe(true)
  })
  it("never waits with money held or an attempt open, even without the transaction id (an answer lost)", () => {
    for (const state of ["review", "authorized", "captured", "pending", "unknown"] as const)
      expect([state, waitsForCard({ ...fresh, gateway_state: state })]).toEqual([state, false])
    expect(waitsForCard({ ...fresh, outcome_unknown: true })).toBe(false)
    expect(waitsForCard({ ...fresh, gateway_state: "failed", transaction_id: "T1" })).toBe(false)
  })
})
