/**
 * The plugin module's options (the plugin entry's `options` in medusa-config.ts). Every part is optional:
 * - `payments`: the payment provider's options, the same object (src/domain/options.ts), for what the plugin
 *   does outside the payment module: the card route's caps, notifications, reconciliation, review, ranking;
 * - `issuing`: virtual cards, cardholders and groups (the issuing API);
 * - `payout`: payouts through the acquiring API;
 * - `notifications`: how much the notification route keeps of requests that do not verify, and how often one
 *   notification's deliveries have the gateway read.
 * - `alerts`: when an alert is raised, and where it goes besides the admin's notification feed.
 * - `dashboard`: the payments dashboard's chargeback-ratio threshold.
 * What is given is validated at boot with a message naming the option (here; the schemas are ./option-schemas.ts,
 * what the module reads from them ./option-readers.ts). The rules are the gateway library's;
 * every [assumed] wire name or value can be overridden per part (`field_names`, `field_values`,
 * `signature_overrides`, `paths`, `status_codes`).
 */
import { assertOptions, issuingWireCheck } from "../../domain/options"
import { minimumSettleSeconds, releaseAfterSeconds, settleAfterSeconds } from "./option-readers"
import { GatewayModuleOptions, MODULE_OPTION_SCHEMAS } from "./option-schemas"

export * from "./option-schemas"
export * from "./option-readers"

const PREFIX = "Gateway module"

/** The two deadlines against each other and the timeouts; throws naming the option. */
function checkReconciliationDeadlines(o: GatewayModuleOptions): void {
  const settle = settleAfterSeconds(o.reconciliation)
  const minimum = minimumSettleSeconds(o)
  if (settle < minimum) {
    throw new Error(
      `${PREFIX}: option "reconciliation.settle_after_seconds" (${settle}) must be at least ${minimum}: twice the longest a live gateway request may take (timeouts.connect_ms + total_ms); a shorter deadline would take a slow live capture for one cut short and send it again. Raise it, or lower the timeouts`
    )
  }
  const release = releaseAfterSeconds(o.reconciliation)
  if (release < settle) {
    throw new Error(
      `${PREFIX}: option "reconciliation.release_after_seconds" (${release}) must be at least "reconciliation.settle_after_seconds" (${settle}): a checkout is released only once nothing of it can still be running`
    )
  }
}

/** Throws an Error naming the first option that is missing or malformed. */
export function validateModuleOptions(options: unknown): GatewayModuleOptions {
  if (options === undefined || options === null) return {}
  if (typeof options !== "object")
    throw new Error(
      `${PREFIX}: options must be an object ({ payments?, issuing?, payout?, notifications?, alerts?, dashboard?, reconciliation? })`
    )
  const o = options as Record<string, unknown>
  const schema = MODULE_OPTION_SCHEMAS
  if (o.payments !== undefined) assertOptions(PREFIX, schema.payments, o.payments, "payments")
  if (o.payout !== undefined) assertOptions(PREFIX, schema.payout, o.payout, "payout")
  if (o.issuing !== undefined) assertOptions(PREFIX, schema.issuing, o.issuing, "issuing", issuingWireCheck)
  if (o.notifications !== undefined)
    assertOptions(PREFIX, schema.notifications, o.notifications, "notifications", () => {})
  if (o.alerts !== undefined) assertOptions(PREFIX, schema.alerts, o.alerts, "alerts", () => undefined)
  if (o.dashboard !== undefined) assertOptions(PREFIX, schema.dashboard, o.dashboard, "dashboard", () => undefined)
  if (o.reconciliation !== undefined)
    assertOptions(PREFIX, schema.reconciliation, o.reconciliation, "reconciliation", () => undefined)
  checkReconciliationDeadlines(o as GatewayModuleOptions)
  return o as GatewayModuleOptions
}
