/** Reads a cart through Medusa's query and turns it into the provider's OrderContext. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { BrowserData, OrderContext, subscriptionPlanOf } from "../../domain"

/** What the order context reads (orderContextOf); the cart's grand total is not one of them. */
const CART_FIELDS = [
  "id",
  "email",
  "customer_id",
  // whether the cart's customer is registered (a guest's cart has a guest customer): the card route's owner check
  "customer.has_account",
  "currency_code",
  "completed_at",
  "item_subtotal",
  "shipping_subtotal",
  "tax_total",
  "discount_subtotal",
  "items.id",
  "items.title",
  "items.product_title",
  "items.variant_title",
  "items.variant_sku",
  "items.variant_id",
  "items.product_id",
  "items.product_type",
  "items.product_handle",
  "items.variant.metadata",
  "items.unit_price",
  "items.quantity",
  "shipping_address.*",
  "billing_address.*",
]

export type CartForPayment = Record<string, any> & { id: string; completed_at?: string | Date | null }

export async function cartOfPaymentCollection(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<CartForPayment | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "payment_collection",
    fields: ["id", ...CART_FIELDS.map((f) => `cart.${f}`)],
    filters: { id: paymentCollectionId },
  })
  return ((data[0] as any)?.cart as CartForPayment) ?? null
}

export async function retrieveCart(container: MedusaContainer, cartId: string): Promise<CartForPayment | null> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: [...CART_FIELDS, "total"], filters: { id: cartId } })
  return (data[0] as CartForPayment) ?? null
}

export function orderContextOf(
  cart: CartForPayment | null,
  shopperIp: string | undefined,
  browser: BrowserData | undefined
): OrderContext {
  if (!cart) return { shopper_ip: shopperIp ?? null, browser: browser ?? null }
  return {
    cart_id: cart.id,
    email: cart.email ?? null,
    customer_id: cart.customer_id ?? null,
    totals: {
      item_subtotal: cart.item_subtotal,
      shipping_subtotal: cart.shipping_subtotal,
      tax_total: cart.tax_total,
      discount_subtotal: cart.discount_subtotal,
    },
    items: (cart.items ?? []).map((i: any) => ({
      id: i.id,
      product_handle: i.product_handle ?? null,
      title: i.title,
      product_title: i.product_title,
      variant_title: i.variant_title ?? null,
      variant_sku: i.variant_sku,
      variant_id: i.variant_id,
      product_id: i.product_id,
      product_type: i.product_type,
      unit_price: i.unit_price,
      quantity: Number(i.quantity),
      subscription: subscriptionPlanOf(i.variant?.metadata),
    })),
    billing_address: cart.billing_address ?? null,
    shipping_address: cart.shipping_address ?? null,
    shopper_ip: shopperIp ?? null,
    browser: browser ?? null,
  }
}
