import type {
  AdminGatewaySubscriptionResponse,
  AdminGatewaySubscriptionsResponse,
  GatewaySubscriptionCancelResponse,
} from "../../../types/http"
import { resource } from "./resource"

/** Subscriptions are recorded from card payments, never created here. */
const subscriptions = resource<AdminGatewaySubscriptionsResponse, AdminGatewaySubscriptionResponse>(
  "gateway_subscription",
  "/admin/gateway/subscriptions"
)

export const { keys: subscriptionKeys, useList: useSubscriptions, useDetail: useSubscription } = subscriptions

/** Cancels the contract at the gateway; `changed: false` when it was cancelled or ended already. */
export const useCancelSubscription = (id: string) =>
  subscriptions.useAction<GatewaySubscriptionCancelResponse>(id, "cancel")
