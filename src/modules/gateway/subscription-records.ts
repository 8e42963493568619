/**
 * Subscriptions (`gateway_subscription`): the recurring contract a payment sold, recorded once per the gateway's
 * recurring_id by whichever path sees it first (the provider or the reconciliation), and their deductions.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { SessionSubscription, subscriptionView, SubscriptionView } from "../../domain"
import type { Crud } from "./crud"
import type { GatewaySubscription } from "./models/gateway-subscription"
import type { GatewaySubscriptionDeduction } from "./models/gateway-subscription-deduction"

export type SubscriptionStore = Pick<
  Crud<{
    GatewaySubscription: typeof GatewaySubscription
    GatewaySubscriptionDeduction: typeof GatewaySubscriptionDeduction
  }>,
  | "listGatewaySubscriptions"
  | "createGatewaySubscriptions"
  | "updateGatewaySubscriptions"
  | "listGatewaySubscriptionDeductions"
>

/** Records the contract a payment sold, once per recurring_id; an existing record only moves forward to active. */
export async function recordSubscription(
  store: SubscriptionStore,
  input: { order_no: string; transaction_id: string | null; currency: string; subscription: SessionSubscription }
): Promise<string> {
  const sub = input.subscription
  if (!sub.recurring_id)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, "recordSubscription: the gateway gave no recurring_id")
  const [existing] = await store.listGatewaySubscriptions({ recurring_id: sub.recurring_id })
  if (existing) {
    if (existing.status === "pending") await store.updateGatewaySubscriptions({ id: existing.id, status: "active" })
    return existing.id
  }
  const row = await store
    .createGatewaySubscriptions({
      recurring_id: sub.recurring_id,
      order_no: input.order_no,
      transaction_id: input.transaction_id,
      cart_id: sub.cart_id,
      customer_id: sub.customer_id,
      variant_id: sub.variant_id,
      contract_name: sub.contract_name,
      interval: sub.interval,
      interval_count: sub.interval_count,
      billing_cycles: sub.billing_cycles,
      promotion_cycles: sub.promotion_cycles,
      amount: sub.amount,
      currency: input.currency,
      status: "active",
    })
    .catch(async (err) => {
      // Recorded at the same moment by the other path (provider and reconciliation): the unique recurring_id holds.
      const [again] = await store.listGatewaySubscriptions({ recurring_id: sub.recurring_id })
      if (again) return again
      throw err
    })
  return row.id
}

/** Subscriptions as they may be shown, each with its deductions (one query for all of them). */
export async function subscriptionViews(
  store: SubscriptionStore,
  rows: Record<string, unknown>[]
): Promise<SubscriptionView[]> {
  const ids = rows.map((r) => String(r.id))
  const deductions = ids.length ? await store.listGatewaySubscriptionDeductions({ subscription_id: ids }) : []
  return rows.map((r) =>
    subscriptionView(r, deductions.filter((d) => d.subscription_id === r.id) as Record<string, unknown>[])
  )
}
