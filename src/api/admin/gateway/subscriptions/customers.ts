/**
 * Who a subscription belongs to, as staff know them: the customer's name and e-mail from Medusa's customer module
 * (a subscription row keeps only the customer's id). One query for a page of subscriptions.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { GatewaySubscription, GatewaySubscriptionCustomer } from "../../../../types/http"

export async function withCustomers(
  scope: MedusaContainer,
  subscriptions: GatewaySubscription[]
): Promise<(GatewaySubscription & { customer: GatewaySubscriptionCustomer | null })[]> {
  const ids = [...new Set(subscriptions.map((s) => s.customer_id).filter((id): id is string => !!id))]
  const byId = new Map<string, GatewaySubscriptionCustomer>()
  if (ids.length) {
    const query = scope.resolve(ContainerRegistrationKeys.QUERY)
    const { data } = await query.graph({
      entity: "customer",
      fields: ["id", "email", "first_name", "last_name"],
      filters: { id: ids },
    })
    for (const c of data as {
      id: string
      email?: string | null
      first_name?: string | null
      last_name?: string | null
    }[]) {
      const name = [c.first_name, c.last_name].filter(Boolean).join(" ") || null
      byId.set(c.id, { id: c.id, email: c.email ?? null, name })
    }
  }
  return subscriptions.map((s) => ({ ...s, customer: s.customer_id ? (byId.get(s.customer_id) ?? null) : null }))
}
