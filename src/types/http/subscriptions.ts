/** HTTP answers of the subscription routes (store and admin). Pure types: the admin bundle and storefronts may import them. */
import type { SubscriptionDeductionView, SubscriptionView } from "../../domain/subscription-view"

export type GatewaySubscription = SubscriptionView
export type GatewaySubscriptionDeduction = SubscriptionDeductionView

/** The customer of a subscription as staff know them (null when the customer is gone, or for a guest). */
export interface GatewaySubscriptionCustomer {
  id: string
  email: string | null
  name: string | null
}
/** A subscription in the admin's answers: with its customer's name and e-mail. */
export type AdminGatewaySubscription = GatewaySubscription & { customer: GatewaySubscriptionCustomer | null }

export interface AdminGatewaySubscriptionsResponse {
  subscriptions: AdminGatewaySubscription[]
  count: number
  offset: number
  limit: number
}
export interface AdminGatewaySubscriptionResponse {
  subscription: AdminGatewaySubscription
}
export interface GatewaySubscriptionCancelResponse {
  subscription: GatewaySubscription
  /** false: it was cancelled or ended already, nothing was sent. */
  changed: boolean
}
export interface StoreGatewaySubscriptionsResponse {
  subscriptions: GatewaySubscription[]
}
