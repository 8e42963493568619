/**
 * The domain layer between the gateway library (src/lib/gateway) and Medusa's adapters (provider, routes,
 * jobs, subscribers, workflows): the provider ids, the status mapping, the session data and its whitelist,
 * the order lookup, the payment request, the one error mapping, the options and the card-post caps.
 *
 * The payment provider imports it (it lives in the payment module's container); everything else reaches it
 * through the plugin module's service (`container.resolve("gateway")`, src/modules/gateway/service.ts), which
 * also owns the acquiring client of the `payments` option.
 */
export * from "./acquiring-client"
export * from "./card-attempts"
export * from "./card-brand"
export * from "./card-grant"
export * from "./card-submission"
export * from "./client-address"
export * from "./deleted-session"
export * from "./errors"
export * from "./lost-capture"
export * from "./money-requests"
export * from "./notifications"
export * from "./options"
export * from "./order-lookup"
export * from "./payment-attempts"
export * from "./payment-request"
export * from "./providers"
export * from "./redirect-policy"
export * from "./session-data"
export * from "./shopper-decline"
export * from "./short-cache"
export * from "./handed-order-queries"
export * from "./status"
export * from "./saved-cards"
export * from "./subscriptions"
export * from "./subscription-view"
