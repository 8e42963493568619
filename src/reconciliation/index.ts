/**
 * Reconciliation: moving Medusa to the gateway's truth. Notifications are hints (process-notification.ts);
 * the order query and the refund search decide (order-sync.ts, refund-sync.ts, under sync-run.ts's lock and
 * record); apply-gateway-state.ts is the one place a gateway state is applied to Medusa (forward only, through
 * Medusa's own workflows), refund-status.ts records refunds, chargebacks.ts books lost chargebacks as refunds.
 * Used by the jobs (src/jobs), the notification subscriber (src/subscribers) and the admin's review and
 * sync-run routes.
 */
export { applyGatewayState } from "./apply-gateway-state"
export { upsertGatewayPayment } from "./gateway-payment-record"
export { paymentLockKey } from "./payment-lock"
export type { ApplyResult } from "./apply-gateway-state"
export { processGatewayNotification } from "./process-notification"
export { runOrderSync } from "./order-sync"
export { runRefundSync } from "./refund-sync"
export type { SyncOptions, SyncSummary } from "./sync-run"
export { runSubscriptionSync } from "./subscription-sync"
