/**
 * Alerts: what needs a person (a discrepancy, an outcome still unknown, a chargeback, a failed payout or card
 * operation, notifications failing verification) becomes a notification in Medusa's admin feed, once per event,
 * and on the channels of the `alerts` option. Checked by the `gateway-alerts` job (src/jobs).
 */
export { checkAlerts, LOOKBACK_DAYS } from "./check"
export type { AlertCheckSummary } from "./check"
export { alertUrl, FEED_CHANNEL, FEED_TEMPLATE, sendAlerts } from "./send"
export * from "./kinds"
