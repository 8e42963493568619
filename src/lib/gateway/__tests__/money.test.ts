import fc from "fast-check"
import {
  amountToDecimalText,
  checkGatewayAmount,
  compareAmounts,
  currencyExponent,
  fromGatewayAmount,
  fromMinorUnits,
  sumAmounts,
  toGatewayAmount,
  toMinorUnits,
} from "../money"
import { GatewayValidationError } from "../errors"

describe("currency exponents (ISO 4217)", () => {
  it.each([
    ["USD", 2],
    ["eur", 2],
    ["JPY", 0],
    ["KRW", 0],
    ["KWD", 3],
    ["BHD", 3],
    ["CLF", 4],
  ])("%s has %i decimals", (c, e) => expect(currencyExponent(c)).toBe(e))

  it("an unknown currency is a validation error naming the field", () => {
    expect(() => currencyExponent("XXX")).toThrow(GatewayValidationError)
    expect(() => currencyExponent("ABC")).toThrow(/currency.*ISO 4217/)
  })
})

describe("toGatewayAmount (Medusa major units → gateway decimal text)", () => {
  it.each<[unknown, string, string]>([
    [10, "USD", "10.00"],
    [10.5, "USD", "10.50"],
    [10.36, "usd", "10.36"],
    ["10.360000000000000000", "USD", "10.36"],
    [0.1 + 0.2 - 0.00000000000000004, "USD", "0.30"],
    [1000, "JPY", "1000"],
    ["1000.0", "JPY", "1000"],
    [1.25, "KWD", "1.250"],
    ["0.005", "KWD", "0.005"],
    ["1e3", "USD", "1000.00"],
    ["1.0000000000000000000e+21", "USD", "1000000000000000000000.00"],
    [0, "USD", "0.00"],
    ["-0", "USD", "0.00"],
    [12345678901234567890n, "JPY", "12345678901234567890"],
  ])("%p %s → %s", (input, currency, expected) => {
    expect(toGatewayAmount(input as never, currency)).toBe(expected)
  })

  it("reads Medusa BigNumber-like objects exactly (raw.value first)", () => {
    const bn = { raw: { value: "19.990000000000000000", precision: 20 }, numeric: 19.99, toString: () => "19.99" }
    expect(toGatewayAmount(bn, "USD")).toBe("19.99")
    expect(toGatewayAmount({ value: "5.5" }, "EUR")).toBe("5.50")
    const onlyString = { toString: () => "7.10" }
    expect(toGatewayAmount(onlyString, "USD")).toBe("7.10")
    const bignumberJs = { toFixed: () => "3.14", toString: () => "3.14" }
    expect(toGatewayAmount(bignumberJs as never, "USD")).toBe("3.14")
  })

  it("rejects more decimals than the currency allows instead of rounding", () => {
    expect(() => toGatewayAmount(10.005, "USD")).toThrow(GatewayValidationError)
    expect(() => toGatewayAmount(10.005, "USD")).toThrow(/at most 2 decimal places for USD/)
    expect(() => toGatewayAmount("1.5", "JPY")).toThrow(/at most 0 decimal places for JPY/)
    expect(() => toGatewayAmount("1.0001", "KWD")).toThrow(/at most 3 decimal places/)
    expect(() => toGatewayAmount(0.1 + 0.2, "USD")).toThrow(/at most 2/) // 0.30000000000000004
  })

  it("rounds only when asked to", () => {
    expect(toGatewayAmount("10.005", "USD", { rounding: "half-up" })).toBe("10.01")
    expect(toGatewayAmount("10.005", "USD", { rounding: "half-even" })).toBe("10.00")
    expect(toGatewayAmount("10.015", "USD", { rounding: "half-even" })).toBe("10.02")
    expect(toGatewayAmount("10.0051", "USD", { rounding: "half-even" })).toBe("10.01")
    expect(toGatewayAmount("10.004", "USD", { rounding: "half-up" })).toBe("10.00")
    expect(toGatewayAmount(0.1 + 0.2, "USD", { rounding: "half-up" })).toBe("0.30")
  })

  it("rejects negatives, non-numbers and non-finite numbers", () => {
    expect(() => toGatewayAmount(-1, "USD")).toThrow(/must not be negative/)
    expect(() => toGatewayAmount("abc", "USD")).toThrow(/decimal number/)
    expect(() => toGatewayAmount(NaN, "USD")).toThrow(/finite/)
    expect(() => toGatewayAmount(Infinity, "USD")).toThrow(/finite/)
    expect(() => toGatewayAmount("", "USD")).toThrow(/decimal number/)
    expect(() => amountToDecimalText({} as never)).toThrow(GatewayValidationError)
  })
})

describe("minor units", () => {
  it("converts both ways", () => {
    expect(toMinorUnits("10.36", "USD")).toBe(1036n)
    expect(toMinorUnits("1000", "JPY")).toBe(1000n)
    expect(toMinorUnits("1.234", "KWD")).toBe(1234n)
    expect(fromMinorUnits(1036n, "USD")).toBe("10.36")
    expect(fromMinorUnits(5, "USD")).toBe("0.05")
    expect(fromMinorUnits("7", "KWD")).toBe("0.007")
    expect(fromMinorUnits(-5n, "USD")).toBe("-0.05")
    expect(fromMinorUnits(1000n, "JPY")).toBe("1000")
  })

  it("fromGatewayAmount gives a number for Medusa", () => {
    expect(fromGatewayAmount("10.36", "USD")).toBe(10.36)
    expect(fromGatewayAmount("1000", "JPY")).toBe(1000)
  })

  it("sums and compares exactly", () => {
    expect(sumAmounts("USD", ["0.10", "0.20"])).toBe("0.30")
    expect(sumAmounts("USD", ["10.00", "-0.01"])).toBe("9.99")
    expect(compareAmounts("0.30", 0.3, "USD")).toBe(0)
    expect(compareAmounts("0.29", "0.3", "USD")).toBe(-1)
  })

  it("checkGatewayAmount states the rule", () => {
    expect(checkGatewayAmount("10.36", "USD")).toBeNull()
    expect(checkGatewayAmount("10.365", "USD")).toMatch(/at most 2 decimal/)
    expect(checkGatewayAmount("1234567890123.45", "USD")).toMatch(/at most 15 characters/)
    expect(checkGatewayAmount("-1", "USD")).toMatch(/non-negative decimal/)
    expect(checkGatewayAmount("1", "QQQ")).toMatch(/unknown currency/)
  })
})

describe("properties", () => {
  const currencies = ["USD", "JPY", "KWD"] as const
  const exponent = { USD: 2, JPY: 0, KWD: 3 }

  it("minor units → text → minor units is the identity (USD, JPY, KWD)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), fc.bigInt({ min: 0n, max: 10n ** 30n }), (c, minor) => {
        const text = fromMinorUnits(minor, c)
        expect(toMinorUnits(text, c)).toBe(minor)
        // exactly the exponent's decimals
        const frac = text.split(".")[1] ?? ""
        expect(frac.length).toBe(exponent[c])
      })
    )
  })

  it("decimal text with at most the exponent's decimals is kept exactly", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.bigInt({ min: 0n, max: 10n ** 18n }),
        fc.integer({ min: 0, max: 3 }),
        (c, intPart, fracLen) => {
          const e = exponent[c]
          const len = Math.min(fracLen, e)
          const frac = len ? "7".repeat(len) : ""
          const text = frac ? `${intPart}.${frac}` : `${intPart}`
          const out = toGatewayAmount(text, c)
          expect(out.startsWith(`${intPart}`)).toBe(true)
          expect(toMinorUnits(out, c)).toBe(toMinorUnits(text, c))
          expect(out.split(".")[1] ?? "").toBe(e ? (frac + "0".repeat(e)).slice(0, e) : "")
        }
      )
    )
  })

  it("a JS number of cents (USD) converts to the same cents without float error", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
        const n = cents / 100 // the nearest double to the decimal; String(n) is its shortest decimal
        expect(toMinorUnits(n, "USD")).toBe(BigInt(cents))
      })
    )
  })

  it("more decimals than allowed is always rejected, never rounded", () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencies), fc.nat(10 ** 9), fc.integer({ min: 1, max: 9 }), (c, i, last) => {
        const text = `${i}.${"0".repeat(exponent[c])}${last}`
        expect(() => toMinorUnits(text, c)).toThrow(GatewayValidationError)
      })
    )
  })

  it("sum of parts equals the sum of minor units", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...currencies),
        fc.array(fc.bigInt({ min: 0n, max: 10n ** 12n }), { maxLength: 10 }),
        (c, parts) => {
          const total = parts.reduce((a, b) => a + b, 0n)
          expect(
            sumAmounts(
              c,
              parts.map((p) => fromMinorUnits(p, c))
            )
          ).toBe(fromMinorUnits(total, c))
        }
      )
    )
  })
})
