import { model } from "@medusajs/framework/utils"
import { SUBSCRIPTION_STATUSES } from "../../../domain/subscription-view"

/**
 * A recurring contract the gateway runs for a subscription sold by card (`recurring_id` from its answer or the
 * order query). `order_no` and `transaction_id` are the first payment's; the gateway's later deductions are
 * `gateway_subscription_deduction` rows. The status moves forward only: pending → active → cancelled | ended.
 */
export const GatewaySubscription = model
  .define("gateway_subscription", {
    id: model.id({ prefix: "gwsub" }).primaryKey(),
    recurring_id: model.text().unique(),
    order_no: model.text().index(),
    transaction_id: model.text().nullable(),
    cart_id: model.text().nullable(),
    order_id: model.text().index().nullable(),
    customer_id: model.text().index().nullable(),
    variant_id: model.text().nullable(),
    contract_name: model.text(),
    interval: model.text(),
    interval_count: model.number(),
    billing_cycles: model.number().nullable(),
    promotion_cycles: model.number().nullable(),
    /** The recurring amount, exact in `currency`. */
    amount: model.text(),
    currency: model.text(),
    status: model.enum([...SUBSCRIPTION_STATUSES]).default("pending"),
    deduction_period: model.text().nullable(),
    next_deduction_at: model.dateTime().nullable(),
    cancelled_at: model.dateTime().nullable(),
    last_synced_at: model.dateTime().nullable(),
  })
  .indexes([{ on: ["status", "created_at"] }])
