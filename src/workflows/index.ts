// Workflows of the plugin, exported as `medusa-plugin-card-gateway/workflows`.
// Payouts and virtual-card issuing (one workflow per operation):
export * from "./payouts"
export * from "./issuing"
// Subscriptions (the gateway's recurring contracts):
export * from "./subscriptions"
export type { OperationActor } from "./common/operation-context"
