import type {
  AdminGatewaySubscriptionResponse,
  AdminGatewaySubscriptionsResponse,
  GatewaySubscriptionCancelResponse,
} from "../../../types/http"
import { resource, useChange } from "./resource"

/** Subscriptions are recorded from card payments, never created here (no body). */
const subscriptions = resource<
  AdminGatewaySubscriptionsResponse,
  AdminGatewaySubscriptionResponse,
  Record<string, never>
>("gateway_subscription", "/admin/gateway/subscriptions")

export const subscriptionKeys = subscriptions.keys
export const useSubscriptions = subscriptions.useList
export const useSubscription = subscriptions.useDetail

/** Cancels the contract at the gateway; `changed: false` when it was cancelled or ended already. */
export const useCancelSubscription = (id: string) =>
  useChange<GatewaySubscriptionCancelResponse>(
    () => ({ path: `${subscriptions.path}/${id}/cancel` }),
    [subscriptionKeys]
  )
