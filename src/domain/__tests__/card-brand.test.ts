import { brandName, cardBrand } from "../card-brand"

describe("card brand (the kit's form, the saved cards and their labels)", () => {
  it("tells the brand from the first digits as typed, partial or grouped", () => {
    const cases: [string, string | null][] = [
      ["4", "visa"],
      ["4242 4242", "visa"],
      ["5555555555554444", "mastercard"],
      ["2223-0031-2200-3222", "mastercard"],
      ["378282246310005", "amex"],
      ["6011111111111117", "discover"],
      ["3530111333300000", "jcb"],
      ["36227206271667", "diners"],
      ["6200000000000005", "unionpay"],
      ["9999999999999995", null],
      ["abc", null],
      ["", null],
    ]
    for (const [typed, brand] of cases) expect({ typed, brand: cardBrand(typed) }).toEqual({ typed, brand })
  })

  it("reads the BIN of the gateway's mask, and nothing from a mask without one", () => {
    expect(cardBrand("555555******4444")).toBe("mastercard")
    expect(cardBrand("**** 4242")).toBeNull()
    expect(cardBrand(null)).toBeNull()
  })

  it("names brands for people", () => {
    expect(brandName("amex")).toBe("American Express")
    expect(brandName("VISA")).toBe("Visa")
    expect(brandName("elo")).toBe("elo")
    expect(brandName(null)).toBe("Card")
  })
})
