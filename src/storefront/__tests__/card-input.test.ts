import { formatCardNumber, luhnValid, parseExpiry, validateCardForm, validateSecurityCode } from "../card-input.js"

const NOW = new Date(Date.UTC(2026, 4, 15)) // May 2026

describe("card input", () => {
  it("checks numbers with Luhn", () => {
    expect(luhnValid("4242424242424242")).toBe(true)
    expect(luhnValid("4000000000003220")).toBe(true)
    expect(luhnValid("378282246310005")).toBe(true)
    expect(luhnValid("4242424242424241")).toBe(false)
    expect(luhnValid("42424242a4242424")).toBe(false)
    expect(luhnValid("")).toBe(false)
  })

  it("groups the number for display, 4-6-5 for American Express", () => {
    expect(formatCardNumber("4242424242424242")).toBe("4242 4242 4242 4242")
    expect(formatCardNumber("4242-4242 42")).toBe("4242 4242 42")
    expect(formatCardNumber("378282246310005")).toBe("3782 822463 10005")
    expect(formatCardNumber("42x4")).toBe("424")
  })

  it("reads the expiry as MM/YY or MM/YYYY", () => {
    expect(parseExpiry("12/29")).toEqual({ exp_month: "12", exp_year: "2029" })
    expect(parseExpiry("1 / 2031")).toEqual({ exp_month: "01", exp_year: "2031" })
    expect(parseExpiry("0630")).toEqual({ exp_month: "06", exp_year: "2030" })
    expect(parseExpiry("13/29")).toBeNull()
    expect(parseExpiry("00/29")).toBeNull()
    expect(parseExpiry("soon")).toBeNull()
  })

  it("answers the card the card route takes", () => {
    const res = validateCardForm(
      { number: "4242 4242 4242 4242", expiry: "05/26", cvv: "123", holder_name: " Ada Lovelace " },
      NOW
    )
    expect(res).toEqual({
      card: { number: "4242424242424242", exp_month: "05", exp_year: "2026", cvv: "123", holder_name: "Ada Lovelace" },
      errors: null,
    })
    const noHolder = validateCardForm({ number: "4242424242424242", expiry: "12/30", cvv: "123", holder_name: "" }, NOW)
    expect(noHolder.card).not.toHaveProperty("holder_name")
  })

  it("names each wrong field without repeating what was typed", () => {
    const res = validateCardForm(
      { number: "4242424242424241", expiry: "04/26", cvv: "12", holder_name: "x".repeat(101) },
      NOW
    )
    expect(res.card).toBeNull()
    expect(Object.keys(res.errors ?? {}).sort()).toEqual(["cvv", "expiry", "holder_name", "number"])
    expect(res.errors?.number).toMatch(/not valid/)
    expect(res.errors?.expiry).toMatch(/expired/)
    const text = JSON.stringify(res.errors)
    for (const typed of ["4242424242424241", "424242", "04/26", "12"]) expect(text).not.toContain(typed)
  })

  it("asks for four digits of an American Express security code and three of others", () => {
    expect(validateCardForm({ number: "378282246310005", expiry: "12/30", cvv: "123" }, NOW).errors?.cvv).toMatch(
      /4 digits/
    )
    expect(validateCardForm({ number: "378282246310005", expiry: "12/30", cvv: "1234" }, NOW).errors).toBeNull()
    expect(validateCardForm({ number: "4242424242424242", expiry: "12/30", cvv: "1234" }, NOW).errors?.cvv).toMatch(
      /3 digits/
    )
    expect(validateCardForm({ number: "", expiry: "", cvv: "" }, NOW).errors).toEqual({
      number: "Enter the card number.",
      expiry: "Enter the expiry date (MM/YY).",
      cvv: "Enter the security code.",
    })
  })

  it("checks a saved card's optional security code", () => {
    expect(validateSecurityCode("", "visa")).toBeNull()
    expect(validateSecurityCode("123", "visa")).toBeNull()
    expect(validateSecurityCode("12", "visa")).toMatch(/3 digits/)
    expect(validateSecurityCode("123", "amex")).toMatch(/4 digits/)
  })
})
