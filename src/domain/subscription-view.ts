/**
 * A subscription as staff and its customer see it, built from a whitelist of the record's fields. Pure (no
 * server import): the admin bundle types its pages with it.
 */
/** A contract moves forward only: pending → active → cancelled or ended. */
export const SUBSCRIPTION_STATUSES = ["pending", "active", "cancelled", "ended"] as const
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number]

/** A subscription that is over (cancelled or ended): it has no next deduction. */
export const isOver = (s: SubscriptionStatus) => s === "cancelled" || s === "ended"

export interface SubscriptionDeductionView {
  transaction_id: string
  amount: string
  currency: string
  outcome: "approved" | "declined"
  deducted_at: string
}

export interface SubscriptionView {
  id: string
  recurring_id: string
  order_id: string | null
  customer_id: string | null
  contract_name: string
  interval: string
  interval_count: number
  billing_cycles: number | null
  promotion_cycles: number | null
  amount: string
  currency: string
  status: SubscriptionStatus
  next_deduction_at: string | null
  cancelled_at: string | null
  created_at: string
  /** Oldest first; only in a single subscription's answer and the customer's list. */
  deductions?: SubscriptionDeductionView[]
}

type Row = Record<string, unknown>
const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString())

export function subscriptionView(row: Row, deductions?: Row[]): SubscriptionView {
  return {
    id: String(row.id),
    recurring_id: String(row.recurring_id),
    order_id: (row.order_id as string | null) ?? null,
    customer_id: (row.customer_id as string | null) ?? null,
    contract_name: String(row.contract_name),
    interval: String(row.interval),
    interval_count: Number(row.interval_count),
    billing_cycles: (row.billing_cycles as number | null) ?? null,
    promotion_cycles: (row.promotion_cycles as number | null) ?? null,
    amount: String(row.amount),
    currency: String(row.currency),
    status: row.status as SubscriptionView["status"],
    next_deduction_at: isOver(row.status as SubscriptionStatus) ? null : iso(row.next_deduction_at),
    cancelled_at: iso(row.cancelled_at),
    created_at: iso(row.created_at)!,
    ...(deductions
      ? {
          deductions: deductions
            .map((d) => ({
              transaction_id: String(d.transaction_id),
              amount: String(d.amount),
              currency: String(d.currency),
              outcome: d.outcome as SubscriptionDeductionView["outcome"],
              deducted_at: iso(d.deducted_at)!,
            }))
            .sort(
              (a, b) => a.deducted_at.localeCompare(b.deducted_at) || a.transaction_id.localeCompare(b.transaction_id)
            ),
        }
      : {}),
  }
}
