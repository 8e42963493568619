/** Reads a cart for the store routes and turns it into the provider's OrderContext. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { BrowserData, OrderContext, subscriptionPlanOf } from "../../domain"

/**
 * The cart's own columns the order context reads (orderContextOf); the parts of its total come from the cart
 * module, which computes them when they are asked for. Its grand total only when asked (the payment-methods route).
 */
const CART_TOTALS = ["item_subtotal", "shipping_subtotal", "tax_total", "discount_subtotal"]
const CART_SELECT = [
  "id",
  "email",
  "customer_id",
  "currency_code",
  "completed_at",
  ...CART_TOTALS,
  "items.*",
  "shipping_address.*",
  "billing_address.*",
]
const CART_RELATIONS = ["items", "shipping_address", "billing_address"]

/**
 * A cart as the store routes read it, with `customer.has_account` (whether its customer is registered) and each
 * item's `variant.metadata`.
 */
export type CartForPayment = Record<string, any> & { id: string; completed_at?: string | Date | null }

/**
 * Reads cart `cartId` from the modules that hold it, not through Medusa's query: the card post is on the shopper's
 * path, and the query's joins cost more than the reads themselves (the cart 16-24 ms through query.graph, 13-16
 * here, nearly all of it processor time). The cart and its totals first, then its customer (whether registered:
 * the card route's owner check) and its items' variants (subscription plans in their metadata) side by side.
 */
export async function retrieveCart(
  container: MedusaContainer,
  cartId: string,
  { total = false }: { total?: boolean } = {}
): Promise<CartForPayment | null> {
  const [cart] = await container
    .resolve(Modules.CART)
    .listCarts({ id: cartId }, { select: [...CART_SELECT, ...(total ? ["total"] : [])], relations: CART_RELATIONS })
  if (!cart) return null
  const items: Record<string, any>[] = (cart.items as Record<string, any>[] | undefined) ?? []
  const variantIds = [...new Set(items.map((i) => i.variant_id).filter(Boolean))] as string[]
  const [customers, variants] = await Promise.all([
    cart.customer_id
      ? container.resolve(Modules.CUSTOMER).listCustomers({ id: cart.customer_id }, { select: ["id", "has_account"] })
      : [],
    variantIds.length
      ? container.resolve(Modules.PRODUCT).listProductVariants({ id: variantIds }, { select: ["id", "metadata"] })
      : [],
  ])
  const metadata = new Map(variants.map((v) => [v.id, v.metadata ?? null]))
  return {
    ...cart,
    customer: customers[0] ? { has_account: customers[0].has_account } : null,
    items: items.map((i) => ({
      ...i,
      variant: i.variant_id ? { metadata: metadata.get(i.variant_id) ?? null } : null,
    })),
  } as CartForPayment
}

/** The id of the payment collection of cart `cartId` (Medusa's cart-payment collection link), null when none. */
async function paymentCollectionOfCart(container: MedusaContainer, cartId: string): Promise<string | null> {
  const { data } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
    entity: "cart_payment_collection",
    fields: ["payment_collection_id"],
    filters: { cart_id: cartId },
  })
  return (data[0] as { payment_collection_id?: string } | undefined)?.payment_collection_id ?? null
}

/**
 * Cart `cartId` and the id of its payment collection, read side by side (null when the cart does not exist). A
 * route checks that collection against the payment session's: a cart id does not pay into another cart's session.
 */
export async function cartWithPaymentCollection(
  container: MedusaContainer,
  cartId: string
): Promise<{ cart: CartForPayment; paymentCollectionId: string | null } | null> {
  const [cart, paymentCollectionId] = await Promise.all([
    retrieveCart(container, cartId),
    paymentCollectionOfCart(container, cartId),
  ])
  return cart ? { cart, paymentCollectionId } : null
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
