/**
 * Builds the gateway's payment request (shared by /v1/authorise, the APM call and /v1/checkout) from what
 * Medusa knows of the cart. The session's amount is the truth: the amount parts are sent only when they add
 * up to it exactly (the gateway checks amount = item_total + shipping + tax_total − discount).
 */
import {
  ACQUIRING_FIELD_LIMITS as LIMITS,
  AmountInput,
  encodeItems,
  fromGatewayAmount,
  fromMinorUnits,
  toGatewayAmount,
  toMinorUnits,
} from "../lib/gateway"
import type { GatewayProviderOptions } from "./options"
import type { SubscriptionPlan } from "./subscription-plan"

export interface OrderAddress {
  first_name?: string | null
  last_name?: string | null
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  postal_code?: string | null
  country_code?: string | null
  phone?: string | null
}

export interface OrderItem {
  /** The cart line item's id (the `id` component of `items`). */
  id?: string | null
  title?: string | null
  product_title?: string | null
  variant_title?: string | null
  variant_sku?: string | null
  variant_id?: string | null
  product_id?: string | null
  /** The product's handle, for the `product_url` option's `{handle}`. */
  product_handle?: string | null
  product_type?: string | null
  unit_price: AmountInput
  quantity: number
  /** The variant's subscription plan (its metadata), when it sells one. */
  subscription?: SubscriptionPlan | null
}

/** Browser and device data a storefront may pass (used by 3-D Secure and risk checks). */
export interface BrowserData {
  user_agent?: string
  accept?: string
  browser_lang?: string
  time_zone?: string
  resolution?: string
  color_depth?: string
  os?: string
  browser?: string
  device_fingerprint?: string
  session_id?: string
  challenge_window_size?: string
}

/** What the plugin's store routes gather from the cart; every part is optional. */
export interface OrderContext {
  cart_id?: string | null
  email?: string | null
  customer_id?: string | null
  totals?: {
    item_subtotal?: AmountInput | null
    shipping_subtotal?: AmountInput | null
    tax_total?: AmountInput | null
    discount_subtotal?: AmountInput | null
  } | null
  items?: OrderItem[] | null
  billing_address?: OrderAddress | null
  shipping_address?: OrderAddress | null
  shopper_ip?: string | null
  browser?: BrowserData | null
}

const clip = (v: string | null | undefined, max = 200): string | undefined => {
  if (v === null || v === undefined) return undefined
  const t = String(v).replace(/\s+/g, " ").trim()
  return t ? t.slice(0, max) : undefined
}

const line = (a: OrderAddress) => clip([a.address_1, a.address_2].filter(Boolean).join(" "))

/** Amount parts that add up to `amount`, or none when Medusa's totals do not (gift cards, credit lines...). */
export function amountParts(amount: string, currency: string, totals: OrderContext["totals"]) {
  if (!totals) return {}
  const part = (v: AmountInput | null | undefined) =>
    v === null || v === undefined ? 0n : toMinorUnits(v, currency, { rounding: "half-even" })
  try {
    const items = part(totals.item_subtotal)
    const shipping = part(totals.shipping_subtotal)
    const tax = part(totals.tax_total)
    const discount = part(totals.discount_subtotal)
    if (items + shipping + tax - discount !== toMinorUnits(amount, currency)) return {}
    return {
      item_total: fromMinorUnits(items, currency),
      shipping: fromMinorUnits(shipping, currency),
      tax_total: fromMinorUnits(tax, currency),
      discount: fromMinorUnits(discount, currency),
    }
  } catch {
    return {}
  }
}

/**
 * The goods URL of an item from the `product_url` option (placeholders {product_id}, {variant_id}, {sku},
 * {handle}); null when the option is unset or a placeholder it uses has no value (the component is then "0").
 */
export function productUrl(options: GatewayProviderOptions, item: OrderItem): string | null {
  const template = options.product_url
  if (!template) return null
  const values: Record<string, string | null | undefined> = {
    product_id: item.product_id,
    variant_id: item.variant_id,
    sku: item.variant_sku,
    handle: item.product_handle,
  }
  let missing = false
  const url = template.replace(/\{(product_id|variant_id|sku|handle)\}/g, (_m, k: string) => {
    const v = values[k]
    if (v === null || v === undefined || String(v).trim() === "") {
      missing = true
      return ""
    }
    return encodeURIComponent(String(v).trim())
  })
  return missing ? null : url
}

export function notifyUrl(options: GatewayProviderOptions): string | undefined {
  return options.store_url ? `${options.store_url.replace(/\/+$/, "")}/hooks/gateway/notifications` : undefined
}

/** The payment request without merchant ids and signature (the client adds those) and without card fields. */
export function buildPaymentRequest(args: {
  options: GatewayProviderOptions
  order_no: string
  amount: string
  currency: string
  context?: OrderContext | null
  customer?: {
    id?: string
    email?: string
    phone?: string | null
    first_name?: string | null
    last_name?: string | null
    billing_address?: OrderAddress | null
  } | null
}) {
  const { options, order_no, amount, currency } = args
  const ctx = args.context ?? {}
  const billing = ctx.billing_address ?? args.customer?.billing_address ?? ctx.shipping_address ?? null
  const delivery = ctx.shipping_address ?? null
  const items = (ctx.items ?? []).filter((i) => i && i.quantity > 0)
  const email = clip(ctx.email ?? args.customer?.email, LIMITS.shopper_email)
  const browser = ctx.browser ?? {}
  const notify = notifyUrl(options)

  const request: Record<string, unknown> = {
    order_no,
    currency,
    amount,
    ...amountParts(amount, currency, ctx.totals),
    website: options.website,
    return_url: options.return_url,
    ...(notify ? { notify_url: notify } : {}),
    platform_source: "medusa",
    order_type: "WEB",
    checkout_time: Math.floor(Date.now() / 1000),
    shopper_id: clip(ctx.customer_id ?? args.customer?.id, LIMITS.shopper_id),
    shopper_email: email,
    shopper_ip: clip(ctx.shopper_ip, LIMITS.shopper_ip),
    shopper_phone: clip(billing?.phone ?? args.customer?.phone, LIMITS.shopper_phone),
    first_name: clip(billing?.first_name ?? args.customer?.first_name, 100),
    last_name: clip(billing?.last_name ?? args.customer?.last_name, 100),
  }
  if (billing) {
    Object.assign(request, {
      billing_country: clip(billing.country_code?.toUpperCase(), 2),
      billing_state: clip(billing.province),
      billing_city: clip(billing.city),
      billing_address: line(billing),
      billing_postal_code: clip(billing.postal_code, 20),
    })
  }
  if (delivery) {
    Object.assign(request, {
      delivery_firstname: clip(delivery.first_name, 100),
      delivery_lastname: clip(delivery.last_name, 100),
      delivery_country: clip(delivery.country_code?.toUpperCase(), 2),
      delivery_state: clip(delivery.province),
      delivery_city: clip(delivery.city),
      delivery_address: line(delivery),
      delivery_postal_code: clip(delivery.postal_code, 20),
    })
  }
  if (items.length) {
    request.items = encodeItems(
      // docs' Items page: name, goods id, unit price, quantity, goods URL, id ("0" when empty)
      items.map((i) => ({
        name:
          i.product_title && i.title && i.product_title !== i.title
            ? `${i.product_title} ${i.title}`
            : (i.title ?? i.product_title),
        number: i.variant_sku || i.variant_id,
        unitPrice: i.unit_price,
        quantity: i.quantity,
        url: productUrl(options, i),
        id: i.id,
      })),
      { currency, overflow: "truncate" }
    )
    request.cart_items = items.slice(0, 100).map((i) => ({
      basic_item_data: {
        name: clip(i.title ?? i.product_title) ?? "item",
        quantity: String(i.quantity),
        type: clip(i.product_type) ?? "physical",
        price: {
          amount_local_currency: fromGatewayAmount(
            toGatewayAmount(i.unit_price, currency, { rounding: "half-even" }),
            currency
          ),
          currency: currency.toUpperCase(),
        },
        ...(i.product_id ? { productId: clip(i.product_id) } : {}),
      },
    }))
  }
  for (const key of [
    "user_agent",
    "accept",
    "browser_lang",
    "time_zone",
    "resolution",
    "color_depth",
    "os",
    "browser",
    "device_fingerprint",
    "session_id",
    "challenge_window_size",
  ] as const) {
    const v = clip(browser[key], 500)
    if (v) request[key] = v
  }
  if (request.user_agent)
    request.device_type = /mobile|android|iphone|ipad/i.test(String(request.user_agent)) ? "MOBILE" : "PC"
  for (const k of Object.keys(request)) if (request[k] === undefined) delete request[k]
  return request
}
