import { cardBrand } from "../card-brand"
import { isCardExpired, last4Of, SavedCardRow, savedCardView } from "../saved-cards"

describe("saved cards", () => {
  it("tells the brand from the leading digits, of a number or of the gateway's mask", () => {
    expect(cardBrand("4242424242424242")).toBe("visa")
    expect(cardBrand("5555555555554444")).toBe("mastercard")
    expect(cardBrand("2223003122003222")).toBe("mastercard")
    expect(cardBrand("378282246310005")).toBe("amex")
    expect(cardBrand("3530111333300000")).toBe("jcb")
    expect(cardBrand("6011111111111117")).toBe("discover")
    expect(cardBrand("555555******4444")).toBe("mastercard")
    expect(cardBrand("9999999999999995")).toBeNull()
    expect(cardBrand("**** 4242")).toBeNull()
    expect(cardBrand("")).toBeNull()
    expect(last4Of("424242******4242")).toBe("4242")
  })

  it("treats a card as valid to the end of its expiry month", () => {
    const now = new Date(Date.UTC(2026, 10, 23)) // November 2026
    expect(isCardExpired("11", "2026", now)).toBe(false)
    expect(isCardExpired("10", "2026", now)).toBe(true)
    expect(isCardExpired("01", "2027", now)).toBe(false)
    expect(isCardExpired("12", "2025", now)).toBe(true)
  })

  it("shows a saved card from a whitelist: the token never goes with it", () => {
    const row: SavedCardRow = {
      id: "gwsc_1",
      customer_id: "cus_1",
      token: "TKSECRET",
      brand: "visa",
      last4: "4242",
      exp_month: "12",
      exp_year: "2030",
      status: "active",
      order_no: "payses_1",
      last_used_at: null,
      created_at: new Date(Date.UTC(2026, 0, 2)),
    }
    const view = savedCardView(row, new Date(Date.UTC(2026, 10, 23)))
    expect(view).toEqual({
      id: "gwsc_1",
      brand: "visa",
      last4: "4242",
      exp_month: "12",
      exp_year: "2030",
      expired: false,
      created_at: "2026-01-02T00:00:00.000Z",
      last_used_at: null,
    })
    expect(JSON.stringify(view)).not.toContain("TKSECRET")
  })
})
