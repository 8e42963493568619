/** The cart and order a payment session belongs to (through its payment collection), once Medusa has them. */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

export async function orderOfPaymentCollection(
  container: MedusaContainer,
  paymentCollectionId: string
): Promise<{ cartId: string | null; orderId: string | null; customerId: string | null }> {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data: links } = await query.graph({
    entity: "cart_payment_collection",
    fields: ["cart_id"],
    filters: { payment_collection_id: paymentCollectionId },
  })
  const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id ?? null
  if (!cartId) return { cartId, orderId: null, customerId: null }
  const { data: orders } = await query.graph({
    entity: "order_cart",
    fields: ["order_id", "order.customer_id"],
    filters: { cart_id: cartId },
  })
  const row = orders[0] as { order_id?: string; order?: { customer_id?: string | null } } | undefined
  return { cartId, orderId: row?.order_id ?? null, customerId: row?.order?.customer_id ?? null }
}
