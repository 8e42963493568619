import { isCardExpired, last4Of, SavedCardRow, savedCardView } from "../saved-cards"

describe("saved cards", () => {
  it("keeps the last 4 digits of a number or of the gateway's mask", () => {
    expect(last4Of("4242424242424242")).toBe("4242")
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
