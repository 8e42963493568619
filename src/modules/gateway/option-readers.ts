/**
 * What the module reads from its options, defaults filled in: the rules and limits each part sets, and the
 * issuing and payout clients' options.
 */
import { AcquiringClientOptions, DEFAULT_TIMEOUTS, IssuingClientOptions } from "../../lib/gateway"
import { acquiringClientOptions } from "../../domain/acquiring-client"
import type { GatewayProviderOptions } from "../../domain/options"
import type {
  GatewayAlertsOptions,
  GatewayDashboardOptions,
  GatewayIssuingOptions,
  GatewayModuleOptions,
  GatewayNotificationsOptions,
  GatewayPayoutOptions,
  GatewayReconciliationOptions,
} from "./option-schemas"

/** What a payout notification may re-send (option `payout.refresh_on_notification`), defaults filled in. */
export function payoutRefreshRule(o: GatewayPayoutOptions | undefined): {
  onNotification: boolean
  intervalSeconds: number
} {
  return { onNotification: o?.refresh_on_notification ?? false, intervalSeconds: o?.refresh_interval_seconds ?? 60 }
}

/** Seconds between two gateway reads for one notification record (option `notifications.read_interval_seconds`). */
export function notificationReadInterval(o: GatewayNotificationsOptions | undefined): number {
  return o?.read_interval_seconds ?? 60
}

/** Notifications one process handles at once (option `notifications.concurrency`). */
export function notificationConcurrency(o: GatewayNotificationsOptions | undefined): number {
  return o?.concurrency ?? 8
}

/** The notification route's limits on rejected requests, defaults filled in. */
export function rejectedNotificationLimits(o: GatewayNotificationsOptions | undefined): {
  perMinute: number
  retentionDays: number
} {
  return { perMinute: o?.rejected_samples_per_minute ?? 10, retentionDays: o?.rejected_retention_days ?? 7 }
}

/** The alert rules with their defaults. */
export interface AlertRules {
  unknown_after_minutes: number
  rejected_threshold: number
  rejected_window_minutes: number
  channels: string[]
  to: string | null
  template: string
  admin_url: string | null
}

export function alertRules(a: GatewayAlertsOptions | undefined): AlertRules {
  return {
    unknown_after_minutes: a?.unknown_after_minutes ?? 60,
    rejected_threshold: a?.rejected_notifications?.threshold ?? 5,
    rejected_window_minutes: a?.rejected_notifications?.window_minutes ?? 60,
    channels: a?.channels ?? [],
    to: a?.to ?? null,
    template: a?.template ?? "gateway-alert",
    admin_url: a?.admin_url ?? null,
  }
}

/** The chargeback ratio's threshold as a fraction (option `dashboard.chargeback_threshold_percent`, default 1 %). */
export function chargebackThreshold(d: GatewayDashboardOptions | undefined): number {
  // Rounded past float noise: 0.9 / 100 is 0.009000000000000001, which staff would read in the API's answer.
  return Number(((d?.chargeback_threshold_percent ?? 1) / 100).toPrecision(12))
}

/** Seconds after which an operation cut short is settled by the jobs (option `reconciliation.settle_after_seconds`). */
export function settleAfterSeconds(o: GatewayReconciliationOptions | undefined): number {
  return o?.settle_after_seconds ?? 600
}

/**
 * Seconds after which a checkout that holds money at the gateway but is no order has the money released (option
 * `reconciliation.release_after_seconds`; default the settling deadline plus an hour).
 */
export function releaseAfterSeconds(o: GatewayReconciliationOptions | undefined): number {
  return o?.release_after_seconds ?? settleAfterSeconds(o) + 3600
}

/**
 * The shortest settling deadline the store's timeouts allow: twice the longest a live money request may take
 * (connect plus the whole answer, `timeouts.connect_ms` + `total_ms`, of the payments and payout accounts; money
 * requests are never retried). A shorter one would take a slow live capture for one cut short and send it again.
 */
export function minimumSettleSeconds(o: Pick<GatewayModuleOptions, "payments" | "payout">): number {
  const accounts = [o.payments, o.payout].filter((a) => a !== undefined)
  const longest = Math.max(
    ...(accounts.length ? accounts : [{}]).map(({ timeouts: t }: { timeouts?: GatewayProviderOptions["timeouts"] }) => {
      const headers = t?.headers_ms ?? DEFAULT_TIMEOUTS.headersMs
      return (
        (t?.connect_ms ?? DEFAULT_TIMEOUTS.connectMs) +
        (t?.total_ms ?? headers + (t?.body_ms ?? DEFAULT_TIMEOUTS.bodyMs))
      )
    })
  )
  return Math.ceil((2 * longest) / 1000)
}

/** The issuing client's options from the module's `issuing` options. */
export function issuingClientOptions(i: GatewayIssuingOptions): IssuingClientOptions {
  return {
    baseUrl: i.base_url,
    ...(i.allow_insecure_http !== undefined ? { allowInsecureHttp: i.allow_insecure_http } : {}),
    companyId: i.company_id,
    apiKey: i.api_key,
    ...(i.sign_scheme ? { signScheme: i.sign_scheme } : {}),
    ...(i.field_names ? { fieldNames: i.field_names } : {}),
    ...(i.field_values ? { fieldValues: i.field_values } : {}),
    ...(i.signature_overrides ? { signatureOverrides: i.signature_overrides } : {}),
    ...(i.paths ? { paths: i.paths as IssuingClientOptions["paths"] } : {}),
    ...(i.status_codes?.ok ? { statusCodes: { ok: i.status_codes.ok } } : {}),
    ...(i.log_bodies !== undefined ? { logBodies: i.log_bodies } : {}),
  }
}

/** The payout (acquiring) client's options from the module's `payout` options: an acquiring account like the provider's. */
export function payoutClientOptions(p: GatewayPayoutOptions): AcquiringClientOptions {
  return acquiringClientOptions(p)
}

/** Who may reveal a virtual card's number and CVV, and how often (module option `issuing.reveal`). */
export interface RevealRules {
  per_user: number
  window_seconds: number
  /** null: any admin user. */
  user_ids: string[] | null
}

export const DEFAULT_REVEAL_RULES: RevealRules = { per_user: 10, window_seconds: 3600, user_ids: null }

export function revealRules(i: GatewayIssuingOptions | undefined): RevealRules {
  const r = i?.reveal ?? {}
  return {
    per_user: r.per_user ?? DEFAULT_REVEAL_RULES.per_user,
    window_seconds: r.window_seconds ?? DEFAULT_REVEAL_RULES.window_seconds,
    user_ids: r.user_ids ?? null,
  }
}
