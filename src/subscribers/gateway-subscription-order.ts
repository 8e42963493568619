import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

/** A placed order that sold a subscription: its record gets the order and the customer (for the admin and the customer). */
export default async function gatewaySubscriptionOrderHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ["id", "customer_id", "payment_collections.payment_sessions.id"],
    filters: { id: event.data.id },
  })
  const order = data[0] as
    | { id: string; customer_id?: string | null; payment_collections?: { payment_sessions?: { id: string }[] }[] }
    | undefined
  const sessionIds = (order?.payment_collections ?? []).flatMap((c) => (c.payment_sessions ?? []).map((s) => s.id))
  if (!order || !sessionIds.length) return
  const gateway = container.resolve("gateway")
  const subs = await gateway.listGatewaySubscriptions(
    { order_no: sessionIds, order_id: null },
    { select: ["id", "customer_id"] }
  )
  if (subs.length) {
    await gateway.updateGatewaySubscriptions(
      subs.map((s) => ({ id: s.id, order_id: order.id, customer_id: s.customer_id ?? order.customer_id ?? null }))
    )
  }
}

export const config: SubscriberConfig = { event: "order.placed" }
