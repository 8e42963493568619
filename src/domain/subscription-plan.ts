/**
 * A subscription plan as a variant's metadata describes it (./subscriptions.ts reads it). Its own file so that the
 * payment request's line items (./payment-request.ts) can name it without importing the subscriptions, which read
 * those line items.
 */
export const SUBSCRIPTION_INTERVALS = ["day", "week", "month", "year"] as const
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number]

export interface SubscriptionPlan {
  interval: SubscriptionInterval
  interval_count: number
  /** Deductions after the first payment; null: until cancelled. */
  billing_cycles: number | null
  /** Cycles at the promotion price (the gateway's `promotion_cycle`); null: none. */
  promotion_cycles: number | null
  contract_name: string | null
}
