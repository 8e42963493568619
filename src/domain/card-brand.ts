/**
 * A card's brand from its leading digits: the one table the storefront kit's card form (as the shopper types),
 * the saved cards (from the number) and the admin's labels use. Pure, with no import: the kit's browser build
 * and the admin bundle compile it as it is.
 */
export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "jcb" | "diners" | "unionpay" | "maestro"

export const BRAND_NAMES: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
  diners: "Diners Club",
  unionpay: "UnionPay",
  maestro: "Maestro",
}

/** Prefix ranges (issuer identification numbers); the first match wins, so narrower ranges come first. */
const BRAND_PREFIXES: [CardBrand, RegExp][] = [
  ["amex", /^3[47]/],
  ["diners", /^3(0[0-5]|[689])/],
  ["jcb", /^35(2[89]|[3-8])/],
  ["discover", /^(6011|64[4-9]|65)/],
  ["unionpay", /^62/],
  ["mastercard", /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/],
  ["maestro", /^(5[06-9]|6\d)/],
  ["visa", /^4/],
]

/**
 * The brand of a number as typed (spaces and dashes allowed, partial) or of the gateway's mask (the digits
 * before the first `*` are the BIN); null when unknown or not a number.
 */
export function cardBrand(typedOrMask: string | null | undefined): CardBrand | null {
  const digits = (typedOrMask ?? "").replace(/[\s-]/g, "").split("*")[0]!
  if (!/^\d+$/.test(digits)) return null
  return BRAND_PREFIXES.find(([, prefix]) => prefix.test(digits))?.[0] ?? null
}

/** A brand's name for people ("Visa", "American Express"); an unknown one as given, none as "Card". */
export const brandName = (brand: string | null | undefined): string =>
  brand ? (BRAND_NAMES[brand.toLowerCase() as CardBrand] ?? brand) : "Card"
