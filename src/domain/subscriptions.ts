/**
 * Subscriptions: a product variant marked with the plan's metadata makes the card payment carry the gateway's
 * `subscription` object (interface.md) for that line; the gateway answers a `recurring_id` and deducts on its own
 * schedule. What the plugin records of a contract and how the gateway's word moves it (forward only) live here.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { ACQUIRING_FIELD_LIMITS, fromMinorUnits, toMinorUnits } from "../lib/gateway"
import type { OrderItem } from "./payment-request"
import type { SubscriptionStatus } from "./subscription-view"
import { SUBSCRIPTION_INTERVALS, type SubscriptionInterval, type SubscriptionPlan } from "./subscription-plan"

// The plan's shape lives in ./subscription-plan.ts, which the payment request's line items name too.
export * from "./subscription-plan"

/** The variant metadata keys of a subscription plan (strings, as Medusa's admin edits metadata). */
export const SUBSCRIPTION_METADATA = {
  interval: "gateway_subscription_interval",
  interval_count: "gateway_subscription_interval_count",
  billing_cycles: "gateway_subscription_billing_cycles",
  promotion_cycles: "gateway_subscription_promotion_cycles",
  contract_name: "gateway_subscription_contract_name",
} as const

const invalid = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)

function count(metadata: Record<string, unknown>, key: string, min: number): number | null {
  const v = metadata[key]
  if (v === undefined || v === null || v === "") return null
  const n = Number(v)
  if (!Number.isInteger(n) || n < min || n > 9999)
    throw invalid(`Variant metadata ${key} must be a whole number from ${min} to 9999`)
  return n
}

/** The plan a variant's metadata describes; null when it is not a subscription. Bad values name their key. */
export function subscriptionPlanOf(metadata: Record<string, unknown> | null | undefined): SubscriptionPlan | null {
  const m = metadata ?? {}
  const interval = m[SUBSCRIPTION_METADATA.interval]
  if (interval === undefined || interval === null || interval === "") return null
  if (!SUBSCRIPTION_INTERVALS.includes(interval as SubscriptionInterval)) {
    throw invalid(
      `Variant metadata ${SUBSCRIPTION_METADATA.interval} must be one of ${SUBSCRIPTION_INTERVALS.join(", ")}`
    )
  }
  const name = m[SUBSCRIPTION_METADATA.contract_name]
  if (
    name !== undefined &&
    name !== null &&
    (typeof name !== "string" || name.length > ACQUIRING_FIELD_LIMITS.contract_name)
  ) {
    throw invalid(
      `Variant metadata ${SUBSCRIPTION_METADATA.contract_name} must be text of at most ${ACQUIRING_FIELD_LIMITS.contract_name} characters`
    )
  }
  return {
    interval: interval as SubscriptionInterval,
    interval_count: count(m, SUBSCRIPTION_METADATA.interval_count, 1) ?? 1,
    billing_cycles: count(m, SUBSCRIPTION_METADATA.billing_cycles, 1),
    promotion_cycles: count(m, SUBSCRIPTION_METADATA.promotion_cycles, 0),
    contract_name: typeof name === "string" && name.trim() ? name.trim() : null,
  }
}

/** What the session keeps of the subscription it sells (shown to the shopper: nothing secret). */
export interface SessionSubscription {
  contract_name: string
  interval: SubscriptionInterval
  interval_count: number
  billing_cycles: number | null
  promotion_cycles: number | null
  /** The recurring amount, exact in the currency. */
  amount: string
  variant_id: string | null
  customer_id: string | null
  cart_id: string | null
  /** The gateway's contract id, from its answer or the order query. */
  recurring_id: string | null
}

/** The cart's one subscription line, or null; more than one is refused (one contract per payment). */
export function subscriptionLineOf(
  items: OrderItem[] | null | undefined
): (OrderItem & { subscription: SubscriptionPlan }) | null {
  const lines = (items ?? []).filter(
    (i): i is OrderItem & { subscription: SubscriptionPlan } => Boolean(i?.subscription) && i.quantity > 0
  )
  if (lines.length > 1) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      "A cart can hold one subscription line: check out the other subscriptions in separate orders"
    )
  }
  return lines[0] ?? null
}

/** The session's record of the subscription sold by `line`: name, schedule and the recurring amount (unit price × quantity). */
export function sessionSubscriptionOf(
  line: OrderItem & { subscription: SubscriptionPlan },
  currency: string,
  owner: { customer_id?: string | null; cart_id?: string | null }
): SessionSubscription {
  const plan = line.subscription
  const unit = toMinorUnits(line.unit_price, currency, { rounding: "half-even" })
  const title = [line.product_title ?? line.title, line.variant_title]
    .filter((t, i, all) => t && all.indexOf(t) === i)
    .join(" ")
  return {
    contract_name: (plan.contract_name ?? (title || "Subscription")).slice(0, ACQUIRING_FIELD_LIMITS.contract_name),
    interval: plan.interval,
    interval_count: plan.interval_count,
    billing_cycles: plan.billing_cycles,
    promotion_cycles: plan.promotion_cycles,
    amount: fromMinorUnits(unit * BigInt(line.quantity), currency),
    variant_id: line.variant_id ?? null,
    customer_id: owner.customer_id ?? null,
    cart_id: owner.cart_id ?? null,
    recurring_id: null,
  }
}

/** The gateway's `subscription` object (interface.md); `contract_start` as YYYY-MM-DD is [assumed]. */
export function subscriptionRequest(sub: SessionSubscription, now = new Date()): Record<string, unknown> {
  return {
    contract_name: sub.contract_name,
    interval: sub.interval,
    interval_count: String(sub.interval_count),
    ...(sub.billing_cycles !== null ? { billing_cycle: sub.billing_cycles } : {}),
    ...(sub.promotion_cycles !== null ? { promotion_cycle: sub.promotion_cycles } : {}),
    contract_start: now.toISOString().slice(0, 10),
    contract_amount: sub.amount,
  }
}

// ------------------------------------------------------------------ the contract's status, forward only

// The statuses (SUBSCRIPTION_STATUSES) live with the view (./subscription-view.ts), which the admin bundle imports.

const RANK: Record<SubscriptionStatus, number> = { pending: 0, active: 1, cancelled: 2, ended: 2 }

/**
 * The status after the gateway's `recurring_status` ("1" active, "0" inactive: interface.md shows "1"; "0" is
 * [assumed]). Never backwards: a late "active" does not revive a cancelled or ended contract. Why an inactive
 * contract stopped is the gateway's own count: once it made all its billing cycles of deductions (a declined one
 * counts, docs/gateway-contract.md) it has ended; otherwise it was cancelled. Deductions may be read after the
 * record that says inactive (several at once, notifications out of order), so a contract marked cancelled whose
 * deductions then reach its billing cycles is corrected to ended (isCorrection: the caller audits it).
 */
export function nextSubscriptionStatus(
  current: SubscriptionStatus,
  recurringStatus: string | null | undefined,
  cycles: { billing_cycles: number | null; deducted: number },
  codes: { active: string[]; inactive: string[] } = { active: ["1"], inactive: ["0"] }
): SubscriptionStatus {
  let reported: SubscriptionStatus | null = null
  if (recurringStatus && codes.active.includes(recurringStatus)) reported = "active"
  else if (recurringStatus && codes.inactive.includes(recurringStatus)) {
    reported = cycles.billing_cycles !== null && cycles.deducted >= cycles.billing_cycles ? "ended" : "cancelled"
  }
  if (reported === "ended" && current === "cancelled") return "ended"
  return reported && RANK[reported] > RANK[current] ? reported : current
}

/** A move the forward-only order does not allow by itself: a contract marked cancelled found to have ended. */
export const isCorrection = (from: SubscriptionStatus, to: SubscriptionStatus) => from === "cancelled" && to === "ended"

/** The gateway's "YYYY-MM-DD hh:mm:ss" (UTC [assumed]) as a Date; null when empty or malformed. */
export function gatewayDateTime(text: string | null | undefined): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text ?? "")
  if (!m) return null
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!))
  return Number.isNaN(d.getTime()) ? null : d
}

/** What the provider needs of the plugin module's subscriptions (the module's service is one). */
export interface SubscriptionStore {
  /** Records (once, by recurring_id) the contract a payment sold; its status becomes active. */
  recordSubscription(input: {
    order_no: string
    transaction_id: string | null
    currency: string
    subscription: SessionSubscription
  }): Promise<string>
}

/** Why a store cannot sell subscriptions yet, and what to change (the card post refuses before paying). */
export const SUBSCRIPTIONS_NEED_MODULE =
  'Selling a subscription needs the payment module to reach the plugin\'s module (the contract is recorded there): add `dependencies: ["gateway"]` to the "@medusajs/medusa/payment" entry of medusa-config.ts'
