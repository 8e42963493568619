/**
 * The payment request shared by the direct payment (`/v1/authorise`), the APM payment (the same endpoint with
 * `payment_method`) and the hosted page (`/v1/checkout`): the interface's field list, the notes' length limits,
 * and the amount rule (amount = item_total + shipping + handling + tax_total + insurance − shipping_discount −
 * discount, when item_total is given; every amount in the currency's exponent).
 */
import { z } from "zod"
import { fromMinorUnits, isKnownCurrency, toMinorUnits } from "../../money"
import {
  checkAmounts,
  currencyCode,
  decimal,
  dmyDate,
  httpUrl,
  optText,
  positiveDecimal,
  reqText,
} from "../../schema-helpers"
import { LIMITS, merchantFields } from "./common"

const num = z.number()

export const cartItemSchema = z.strictObject({
  basic_item_data: z.strictObject({
    name: optText(),
    quantity: optText(),
    type: optText(),
    price: z
      .strictObject({
        amount_usd: num.optional(),
        amount_local_currency: num.optional(),
        currency: optText(3),
      })
      .optional(),
    category: optText(),
    productId: optText(),
  }),
})

export const accountOwnerSchema = z.strictObject({
  first_name: optText(),
  last_name: optText(),
  email: optText(),
  account_id: optText(),
  created: num.optional(),
  past_orders_count: num.optional(),
  past_orders_sum: num.optional(),
  lastLogin_ip: optText(50),
  registration_ip: optText(50),
})

export const totalDiscountSchema = z.strictObject({
  coupon_code_used: optText(),
  discount_type: optText(),
})

export const additionalInformationSchema = z.strictObject({
  mpi_info: z.strictObject({
    eci: optText(),
    cavv: optText(),
    xid: optText(),
    dsTransID: optText(),
  }),
})

export const subscriptionSchema = z.strictObject({
  contract: optText(),
  contract_name: optText(LIMITS.contract_name),
  interval: optText(),
  interval_count: optText(),
  billing_cycle: z.number().int().optional(),
  promotion_cycle: z.number().int().optional(),
  contract_start: optText(),
  contract_end: optText(),
  contract_amount: decimal().optional(),
  price_id: optText(),
})

/** Amount parts of a payment request; all in the order currency. */
export const AMOUNT_PART_FIELDS = [
  "item_total",
  "shipping",
  "handling",
  "tax_total",
  "insurance",
  "shipping_discount",
  "discount",
] as const

/** Fields of every payment request (authorise, APM, checkout). */
export const paymentFields = {
  ...merchantFields,
  order_no: reqText(LIMITS.order_no),
  currency: currencyCode,
  amount: positiveDecimal(LIMITS.amount),
  item_total: decimal().optional(),
  shipping: decimal().optional(),
  handling: decimal().optional(),
  tax_total: decimal().optional(),
  insurance: decimal().optional(),
  shipping_discount: decimal().optional(),
  discount: decimal().optional(),
  website: optText(LIMITS.website),
  items: z
    .string()
    .max(LIMITS.items)
    .refine(
      // six components (docs' Items page); four, as in the docs' direct-payment sample, are accepted too
      (v) => v === "" || v.split("#;#").every((item) => [4, 6].includes(item.split("#,#").length)),
      "each item needs name#,#goods id#,#unit price#,#quantity#,#goods URL#,#id (build it with encodeItems)"
    )
    .optional(),
  note: optText(LIMITS.note),
  custom: optText(LIMITS.custom),
  shopper_id: optText(LIMITS.shopper_id),
  shopper_email: optText(LIMITS.shopper_email),
  shopper_ip: optText(LIMITS.shopper_ip),
  shopper_phone: optText(LIMITS.shopper_phone),
  shopper_level: optText(),
  open3d: z.enum(["do3DS", "no3DS"], { error: 'must be "do3DS" or "no3DS"' }).optional(),
  token_flag: z.enum(["YES", "NO"], { error: 'must be "YES" or "NO"' }).optional(),
  token_id: optText(LIMITS.token_id),
  first_name: optText(),
  last_name: optText(),
  document: optText(),
  birth_date: dmyDate.optional(),
  billing_country: optText(),
  billing_state: optText(),
  billing_city: optText(),
  billing_address: optText(),
  billing_postal_code: optText(),
  delivery_firstname: optText(),
  delivery_lastname: optText(),
  delivery_country: optText(),
  delivery_state: optText(),
  delivery_city: optText(),
  delivery_address: optText(),
  delivery_postal_code: optText(),
  os: optText(),
  browser: optText(),
  browser_lang: optText(),
  time_zone: optText(),
  resolution: optText(),
  color_depth: optText(),
  user_agent: optText(),
  cookie_new: optText(),
  cookie_old: optText(),
  challenge_window_size: optText(),
  session_id: optText(),
  device_fingerprint: optText(),
  notify_url: httpUrl(LIMITS.return_url).optional(),
  return_url: httpUrl(LIMITS.return_url).optional(),
  installments: optText(),
  installments_id: optText(),
  platform_source: optText(),
  device_type: optText(),
  order_type: optText(),
  checkout_time: z.number().int().nonnegative().optional(),
  antifraud_token_cookie: optText(),
  price_id: optText(),
  quote_id: optText(),
  quote_price: optText(),
  storefront_domains: optText(),
  cart_items: z.array(cartItemSchema).optional(),
  account_owner: z.array(accountOwnerSchema).optional(),
  total_discount: z.array(totalDiscountSchema).optional(),
  additional_information: z.array(additionalInformationSchema).optional(),
  subscription: subscriptionSchema.optional(),
}

type Ctx = { addIssue: (issue: { code: "custom"; message: string; path: PropertyKey[] }) => void }

/**
 * What the amount must be when item_total is given, in minor units: item_total + shipping + handling + tax_total
 * + insurance - shipping_discount - discount (a part left out or empty counts 0). Throws on a malformed part.
 */
export function partsTotal(value: Record<string, unknown>, currency: string): bigint {
  const part = (f: string) =>
    typeof value[f] === "string" && value[f] !== "" ? toMinorUnits(value[f] as string, currency) : 0n
  return (
    part("item_total") +
    part("shipping") +
    part("handling") +
    part("tax_total") +
    part("insurance") -
    part("shipping_discount") -
    part("discount")
  )
}

/** Currency exponent of every amount, and the amount = sum of parts rule when item_total is given. */
export function checkPaymentAmounts(value: Record<string, unknown>, ctx: Ctx): void {
  checkAmounts(value, ctx, ["amount", ...AMOUNT_PART_FIELDS])
  const currency = value.currency
  if (typeof currency !== "string" || !isKnownCurrency(currency)) return
  if (typeof value.item_total !== "string") return
  try {
    const expected = partsTotal(value, currency)
    const amount = toMinorUnits(value.amount as string, currency)
    if (amount !== expected) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message:
          `must equal item_total + shipping + handling + tax_total + insurance - shipping_discount - discount ` +
          `(${fromMinorUnits(expected, currency)})`,
      })
    }
  } catch {
    // a malformed part is reported by its own rule
  }
}

/** 3-D Secure / APM result URLs must not hold "&": the gateway's signature breaks on it (I0013). */
export function checkReturnUrl(value: Record<string, unknown>, ctx: Ctx): void {
  if (typeof value.return_url === "string" && value.return_url.includes("&")) {
    ctx.addIssue({
      code: "custom",
      path: ["return_url"],
      message: 'must not contain "&" (the gateway rejects the signature, I0013): carry parameters in the path instead',
    })
  }
}
