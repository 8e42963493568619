/**
 * The `items` text of a payment request, as the public docs' Items page gives it: per item six components,
 * `name#,#goods id#,#unit price#,#quantity#,#goods URL#,#id`, items joined by `#;#`, an empty component
 * written `0`, unit prices in the order currency, at most 5000 characters.
 *
 * The delimiters must never appear inside a component. Both delimiters begin and end with `#`, so removing
 * every `#` from a component makes it impossible for a component to contain a delimiter; trimming "," and ";"
 * from its ends stops it from forming one with the `#` of the delimiters around it ("#,#" + ";" + "#,#").
 * Control characters (new lines, tabs) become spaces.
 */
import { GatewayValidationError } from "./errors"
import { AmountInput, toGatewayAmount } from "./money"

export const ITEM_SEPARATOR = "#;#"
export const COMPONENT_SEPARATOR = "#,#"
export const ITEMS_MAX_LENGTH = 5000

/** Components per item (docs' Items page: name, goods id, unit price, quantity, goods URL, id). */
export const ITEM_COMPONENTS = 6

export interface GatewayItem {
  /** Goods name. */
  name?: string | null
  /** Goods id (SKU, variant id). */
  number?: string | null
  /** Unit price in major units of the order currency. */
  unitPrice?: AmountInput | null
  /** Quantity (a positive integer). */
  quantity?: number | string | null
  /** Goods URL (the product's page); "0" when absent. */
  url?: string | null
  /** The item's id (e.g. the cart line id); "0" when absent. */
  id?: string | null
}

export interface EncodeItemsOptions {
  /** Order currency: unit prices are formatted with its exponent (e.g. "12.50" USD, "1200" JPY). */
  currency: string
  /** Maximum length of the whole text (default 5000). */
  maxLength?: number
  /**
   * What to do when the text would exceed `maxLength`: "error" (default) throws GatewayValidationError;
   * "truncate" keeps as many whole items as fit (items are descriptive: the amount is what is charged).
   */
  overflow?: "error" | "truncate"
}

/** Cleans one component: no `#`, no control characters, trimmed; empty becomes "0". */
export function cleanItemComponent(value: unknown): string {
  if (value === undefined || value === null) return "0"
  const text = String(value)
    .replace(/#/g, "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    // a component that is just "," or ";" would form a delimiter with the "#" of its neighbours
    .replace(/^[\s,;]+|[\s,;]+$/g, "")
  return text.length === 0 ? "0" : text
}

function encodeItem(item: GatewayItem, index: number, currency: string): string {
  let price = "0"
  if (item.unitPrice !== undefined && item.unitPrice !== null && item.unitPrice !== "") {
    price = toGatewayAmount(item.unitPrice, currency, { field: `items[${index}].unitPrice` })
  }
  let quantity = "0"
  if (item.quantity !== undefined && item.quantity !== null && item.quantity !== "") {
    const q = String(item.quantity).trim()
    if (!/^\d+$/.test(q)) {
      throw new GatewayValidationError({
        field: `items[${index}].quantity`,
        rule: `must be a whole number (got "${q}")`,
      })
    }
    quantity = q.replace(/^0+(?=\d)/, "")
  }
  return [
    cleanItemComponent(item.name),
    cleanItemComponent(item.number),
    price,
    quantity,
    cleanItemComponent(item.url),
    cleanItemComponent(item.id),
  ].join(COMPONENT_SEPARATOR)
}

/** Builds the gateway's `items` text from a list of goods. */
export function encodeItems(items: readonly GatewayItem[], options: EncodeItemsOptions): string {
  const max = options.maxLength ?? ITEMS_MAX_LENGTH
  const encoded = items.map((item, i) => encodeItem(item, i, options.currency))
  const text = encoded.join(ITEM_SEPARATOR)
  if (text.length <= max) return text
  if (options.overflow === "truncate") {
    let out = ""
    for (const e of encoded) {
      const next = out.length === 0 ? e : out + ITEM_SEPARATOR + e
      if (next.length > max) break
      out = next
    }
    return out
  }
  throw new GatewayValidationError({
    field: "items",
    rule: `must be at most ${max} characters (got ${text.length} for ${items.length} items); pass overflow: "truncate" to keep the items that fit`,
  })
}

export interface DecodedItem {
  name: string
  number: string
  unitPrice: string
  quantity: string
  /** "" when the text has the older four components. */
  url: string
  id: string
}

/** Splits an `items` text back into its items (for logs and tests); four-component items are read too. */
export function decodeItems(text: string): DecodedItem[] {
  if (!text) return []
  return text.split(ITEM_SEPARATOR).map((part) => {
    const [name = "", number = "", unitPrice = "", quantity = "", url = "", id = ""] = part.split(COMPONENT_SEPARATOR)
    return { name, number, unitPrice, quantity, url, id }
  })
}
