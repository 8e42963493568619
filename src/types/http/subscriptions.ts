/** HTTP answers of the subscription routes (store and admin). Pure types: the admin bundle and storefronts may import them. */
import type { SubscriptionDeductionView, SubscriptionView } from "../../domain/subscription-view"

export type GatewaySubscription = SubscriptionView
export type GatewaySubscriptionDeduction = SubscriptionDeductionView

export interface AdminGatewaySubscriptionsResponse {
  subscriptions: GatewaySubscription[]
  count: number
  offset: number
  limit: number
}
export interface AdminGatewaySubscriptionResponse {
  subscription: GatewaySubscription
}
export interface GatewaySubscriptionCancelResponse {
  subscription: GatewaySubscription
  /** false: it was cancelled or ended already, nothing was sent. */
  changed: boolean
}
export interface StoreGatewaySubscriptionsResponse {
  subscriptions: GatewaySubscription[]
}
