import { z } from "zod"
import { SUBSCRIPTION_STATUSES } from "../../../../domain/subscription-view"
import { GatewaySubscription } from "../../../../modules/gateway/models/gateway-subscription"
import { fieldsOf, listQuery, oneOrMany, statusFilter } from "../common-validators"

/** GET /admin/gateway/subscriptions */
export const AdminListSubscriptionsSchema = listQuery({
  status: statusFilter(SUBSCRIPTION_STATUSES),
  customer_id: oneOrMany(z.string()),
  order_id: oneOrMany(z.string()),
  recurring_id: oneOrMany(z.string()),
})

export const SUBSCRIPTION_FIELDS = fieldsOf(GatewaySubscription, [], ["created_at"])
