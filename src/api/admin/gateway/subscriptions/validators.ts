import { z } from "@medusajs/framework/zod"
import { SUBSCRIPTION_STATUSES } from "../../../../domain/subscriptions"
import { listParams, oneOrMany } from "../common-validators"

/** GET /admin/gateway/subscriptions */
export const AdminListSubscriptionsSchema = listParams().extend({
  id: oneOrMany(z.string()),
  status: oneOrMany(z.enum(SUBSCRIPTION_STATUSES, { error: `status must be one of ${SUBSCRIPTION_STATUSES.join(", ")}` })),
  customer_id: oneOrMany(z.string()),
  order_id: oneOrMany(z.string()),
  recurring_id: oneOrMany(z.string()),
})

export const SUBSCRIPTION_FIELDS = [
  "id",
  "recurring_id",
  "order_no",
  "order_id",
  "customer_id",
  "contract_name",
  "interval",
  "interval_count",
  "billing_cycles",
  "promotion_cycles",
  "amount",
  "currency",
  "status",
  "next_deduction_at",
  "cancelled_at",
  "created_at",
]
