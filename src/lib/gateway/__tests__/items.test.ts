import fc from "fast-check"
import { encodeItems, decodeItems, cleanItemComponent } from "../items"
import { COMPONENT_SEPARATOR, ITEM_COMPONENTS, ITEM_SEPARATOR, ITEMS_MAX_LENGTH } from "../items"
import { GatewayValidationError } from "../errors"

describe("items text", () => {
  it("encodes name#,#goods id#,#unit price#,#quantity#,#goods URL#,#id joined by #;# (docs' Items page)", () => {
    const text = encodeItems(
      [
        {
          name: "T-shirt",
          number: "SKU-1",
          unitPrice: 12.5,
          quantity: 2,
          url: "https://shop.example/p/t-shirt",
          id: "cali_1",
        },
        { name: "Mug", number: "SKU-2", unitPrice: "3", quantity: "1" },
      ],
      { currency: "USD" }
    )
    expect(text).toBe(
      "T-shirt#,#SKU-1#,#12.50#,#2#,#https://shop.example/p/t-shirt#,#cali_1#;#Mug#,#SKU-2#,#3.00#,#1#,#0#,#0"
    )
    expect(text.split(ITEM_SEPARATOR).every((i) => i.split(COMPONENT_SEPARATOR).length === ITEM_COMPONENTS)).toBe(true)
  })

  it("decodes six components, and the older four", () => {
    expect(decodeItems("A#,#N1#,#1.00#,#2#,#https://x.example/a#,#li_1")).toEqual([
      { name: "A", number: "N1", unitPrice: "1.00", quantity: "2", url: "https://x.example/a", id: "li_1" },
    ])
    expect(decodeItems("huawei#,#NUM1#,#230.00#,#1")).toEqual([
      { name: "huawei", number: "NUM1", unitPrice: "230.00", quantity: "1", url: "", id: "" },
    ])
  })

  it("writes an empty component as 0", () => {
    expect(
      encodeItems([{ name: "", number: null, unitPrice: undefined, quantity: undefined, url: "", id: null }], {
        currency: "USD",
      })
    ).toBe("0#,#0#,#0#,#0#,#0#,#0")
    expect(encodeItems([{ name: "  ", number: "#", url: "#", id: " ; " }], { currency: "USD" })).toBe(
      "0#,#0#,#0#,#0#,#0#,#0"
    )
  })

  it("formats unit prices with the currency exponent", () => {
    expect(encodeItems([{ name: "A", unitPrice: 1200, quantity: 1 }], { currency: "JPY" })).toBe(
      "A#,#0#,#1200#,#1#,#0#,#0"
    )
    expect(encodeItems([{ name: "A", unitPrice: "1.5", quantity: 1 }], { currency: "KWD" })).toBe(
      "A#,#0#,#1.500#,#1#,#0#,#0"
    )
  })

  it("strips the delimiters out of components", () => {
    const text = encodeItems(
      [
        {
          name: "Evil#;#Name#,#x",
          number: "N#1",
          unitPrice: "1",
          quantity: 1,
          url: "https://x.example/a#,#b",
          id: "id#;#2",
        },
        { name: "ends with #", number: "#starts", unitPrice: "2", quantity: 3, url: "https://x.example/b,", id: ";id" },
        { name: "line\nbreak\ttab", number: "ok", unitPrice: "0", quantity: 1 },
      ],
      { currency: "USD" }
    )
    const items = decodeItems(text)
    expect(items).toHaveLength(3)
    expect(items[0]).toEqual({
      name: "Evil;Name,x",
      number: "N1",
      unitPrice: "1.00",
      quantity: "1",
      url: "https://x.example/a,b",
      id: "id;2",
    })
    expect(items[1]).toEqual({
      name: "ends with",
      number: "starts",
      unitPrice: "2.00",
      quantity: "3",
      url: "https://x.example/b",
      id: "id",
    })
    expect(items[2]!.name).toBe("line break tab")
  })

  it("never lets a delimiter form inside or across components (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            name: fc.string({ unit: fc.constantFrom("#", ",", ";", "a", " ", "\n"), maxLength: 12 }),
            number: fc.string({ unit: fc.constantFrom("#", ",", ";", "1"), maxLength: 6 }),
            unitPrice: fc.nat(100000).map((c) => (c / 100).toFixed(2)),
            quantity: fc.integer({ min: 1, max: 99 }),
            url: fc.string({ unit: fc.constantFrom("#", ",", ";", "h", "/", ":"), maxLength: 10 }),
            id: fc.option(fc.string({ unit: fc.constantFrom("#", ",", ";", "i", "_"), maxLength: 8 })),
          }),
          { minLength: 1, maxLength: 8 }
        ),
        (items) => {
          const text = encodeItems(items, { currency: "USD" })
          const decoded = decodeItems(text)
          expect(decoded).toHaveLength(items.length)
          decoded.forEach((d, i) => {
            expect(d.unitPrice).toBe(items[i]!.unitPrice)
            expect(d.quantity).toBe(String(items[i]!.quantity))
            expect(d.name).toBe(cleanItemComponent(items[i]!.name))
            expect(d.url).toBe(cleanItemComponent(items[i]!.url))
            expect(d.id).toBe(cleanItemComponent(items[i]!.id))
          })
        }
      ),
      { numRuns: 500 }
    )
  })

  it("rejects a bad quantity or price naming the item", () => {
    expect(() => encodeItems([{ name: "A", unitPrice: "1", quantity: 1.5 }], { currency: "USD" })).toThrow(
      /items\[0\]\.quantity/
    )
    expect(() => encodeItems([{ name: "A", unitPrice: "1.001", quantity: 1 }], { currency: "USD" })).toThrow(
      /items\[0\]\.unitPrice/
    )
  })

  it("keeps the text within 5000 characters: error by default, or truncation of whole items", () => {
    const many = Array.from({ length: 200 }, (_, i) => ({
      name: "x".repeat(30),
      number: `N${i}`,
      unitPrice: "1",
      quantity: 1,
    }))
    expect(() => encodeItems(many, { currency: "USD" })).toThrow(GatewayValidationError)
    expect(() => encodeItems(many, { currency: "USD" })).toThrow(/"items".*at most 5000 characters/)
    const cut = encodeItems(many, { currency: "USD", overflow: "truncate" })
    expect(cut.length).toBeLessThanOrEqual(ITEMS_MAX_LENGTH)
    const decoded = decodeItems(cut)
    expect(decoded.length).toBeGreaterThan(0)
    expect(decoded.length).toBeLessThan(200)
    expect(decoded[decoded.length - 1]!.quantity).toBe("1")
  })
})
