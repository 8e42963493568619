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
 * What is given is validated at boot with a message naming the option. The rules are the gateway library's;
 * every [assumed] wire name or value can be overridden per part (`field_names`, `field_values`,
 * `signature_overrides`, `paths`, `status_codes`).
 */
import { z } from "zod"
import {
  AcquiringClientOptions,
  baseUrlOptionSchema,
  DEFAULT_TIMEOUTS,
  compileIssuingWireMap,
  httpsOnly,
  ISSUING_ENDPOINTS,
  ISSUING_PATH_ALIASES,
  ISSUING_SIGNATURE_FIELDS,
  IssuingClientOptions,
  pathOptionSchema,
  positiveIntOptionSchema,
  resolveSignatureTable,
  secretOptionSchema,
  signatureListsOptionSchema,
  statusListOptionSchema,
} from "../../lib/gateway"
import type { FieldNamesOption, FieldValuesOption } from "../../lib/gateway"
import { acquiringClientOptions } from "../../domain/acquiring-client"
import {
  acquiringAccountShape,
  assertOptions,
  GatewayProviderOptions,
  providerOptionsSchema,
  WireCheck,
} from "../../domain/options"

const PREFIX = "Gateway module"

const issuingSchema = z
  .strictObject(
    {
      /** Issuing API base URL, e.g. https://sandbox.example/api (endpoint paths are appended). https: unless on this machine. */
      base_url: baseUrlOptionSchema,
      /** Accept a plain http: base_url to another machine (warned at start-up). */
      allow_insecure_http: z.boolean({ error: "must be true or false" }).optional(),
      company_id: z.string({ error: "is required" }).trim().min(1, "is required"),
      /** The company's api key for `sign`. Never logged. */
      api_key: secretOptionSchema("the company's api key"),
      sign_scheme: z.enum(["fields", "sorted-json"], { error: 'must be "fields" or "sorted-json"' }).optional(),
      /** The gateway's names for our fields, per operation (cardQuery, cardCreate, ...; answer paths start at `data.`). */
      field_names: z.custom<FieldNamesOption>().optional(),
      /** Constant / omitted / translated values per operation, e.g. `{ cardStatus: { status: { "2": "0" } } }`. */
      field_values: z.custom<FieldValuesOption>().optional(),
      /** Per-endpoint `sign` field lists replacing the defaults (keys: operation names or paths). */
      signature_overrides: signatureListsOptionSchema.optional(),
      /** Per-operation paths; also turns on cardBinQuery, groupStatus, groupCharge. */
      paths: z
        .partialRecord(z.enum(Object.keys(ISSUING_ENDPOINTS) as [string, ...string[]]), pathOptionSchema)
        .optional(),
      /** `status` values of operation results meaning success (default ["1"]). */
      status_codes: z.strictObject({ ok: statusListOptionSchema.optional() }).optional(),
      /**
       * Revealing a card's full number and CVV: at most `per_user` reveals per admin user in `window_seconds`
       * (default 10 an hour, counted from the audit, so across instances); `user_ids`, when given, are the only
       * admin users who may (API keys never may).
       */
      reveal: z
        .strictObject(
          {
            per_user: positiveIntOptionSchema.optional(),
            window_seconds: positiveIntOptionSchema.optional(),
            user_ids: z
              .array(z.string({ error: "must be admin user ids" }).min(1, "must be admin user ids"), {
                error: "must be a list of admin user ids",
              })
              .optional(),
          },
          { error: "must be an object" }
        )
        .optional(),
      /** Log bodies (redacted) at debug level (default false); never those of the card creation and card query. */
      log_bodies: z.boolean({ error: "must be true or false" }).optional(),
    },
    { error: "must be an object" }
  )
  .superRefine(httpsOnly(["base_url"], "allow_insecure_http"))

const payoutSchema = z
  .strictObject(
    {
      base_url: acquiringAccountShape.base_url,
      merchant_id: acquiringAccountShape.merchant_id,
      account_id: acquiringAccountShape.account_id,
      sign_key: acquiringAccountShape.sign_key,
      allow_insecure_http: acquiringAccountShape.allow_insecure_http,
      /** Where the gateway sends payout notifications; unset: none are asked for. https: unless on this machine. */
      notify_url: baseUrlOptionSchema.optional(),
      field_names: acquiringAccountShape.field_names,
      field_values: acquiringAccountShape.field_values,
      signature_overrides: acquiringAccountShape.signature_overrides,
      content_types: acquiringAccountShape.content_types,
      paths: acquiringAccountShape.paths,
      /** As the payments' `timeouts`: connect_ms, headers_ms, body_ms, total_ms. */
      timeouts: providerOptionsSchema.shape.timeouts,
      /** `return_status` values meaning accepted (default ["1"]). */
      status_codes: z.strictObject({ return_status_ok: statusListOptionSchema.optional() }).optional(),
      /** Log bodies (redacted) at debug level (default false). */
      log_bodies: z.boolean({ error: "must be true or false" }).optional(),
      /**
       * What a payout notification does. The API has no payout query: reading a payout means sending its request
       * again (same request_id), which pays nothing more only if the gateway de-duplicates request_id [assumed].
       * `refresh_on_notification` (default false: nothing is sent, staff refresh it; read the assumed de-duplication
       * the way whose failure is loud, since a re-sent payout cannot be taken back): true lets an open payout's
       * notification re-read it, at most once per payout every `refresh_interval_seconds` (default 60).
       */
      refresh_on_notification: z.boolean({ error: "must be true or false" }).optional(),
      refresh_interval_seconds: positiveIntOptionSchema.optional(),
    },
    { error: "must be an object" }
  )
  .superRefine(httpsOnly(["base_url", "notify_url"], "allow_insecure_http"))

/** What a payout notification may re-send (option `payout.refresh_on_notification`), defaults filled in. */
export function payoutRefreshRule(o: GatewayPayoutOptions | undefined): {
  onNotification: boolean
  intervalSeconds: number
} {
  return { onNotification: o?.refresh_on_notification ?? false, intervalSeconds: o?.refresh_interval_seconds ?? 60 }
}

/**
 * Requests to the notification route that do not verify are counted per minute (`gateway_notification_rejection`)
 * and kept only as samples without their body: at most `rejected_samples_per_minute` a minute (default 10; 0
 * keeps none), both pruned after `rejected_retention_days` (default 7). A flood of forged posts leaves the tables
 * bounded: samples ≤ per minute × minutes of retention, counts ≤ one row a minute.
 */
const notificationsSchema = z.strictObject(
  {
    /**
     * Verified deliveries of one notification record (same signed content: the gateway's later notifications of a
     * transaction, its retries, replays) have the gateway read at most once per this many seconds (default 60;
     * 0: after every delivery). A delivery within it is counted and answered, and one read after the interval
     * covers every delivery of it.
     */
    read_interval_seconds: z
      .number({ error: "must be a whole number of seconds from 0 to 3600" })
      .int("must be a whole number of seconds from 0 to 3600")
      .min(0, "must be a whole number of seconds from 0 to 3600")
      .max(3600, "must be a whole number of seconds from 0 to 3600")
      .optional(),
    /**
     * Notifications processed at once by this process (default 8): each reads the gateway and writes the payment, so
     * a storm (the gateway's retries after an outage) queues here instead of opening as many database connections,
     * locks and gateway requests as there are deliveries.
     */
    concurrency: z
      .number({ error: "must be a whole number from 1 to 64" })
      .int("must be a whole number from 1 to 64")
      .min(1, "must be a whole number from 1 to 64")
      .max(64, "must be a whole number from 1 to 64")
      .optional(),
    /**
     * Verified deliveries of one notification record handled within a minute (default 10). A delivery beyond it is
     * answered 200 `duplicate: true` without an event (no handling), but only while a read of the record after it is
     * already due (the record waits for its read interval): one signed message re-posted in a loop costs a row
     * update per post. The gateway's own retries (after 1 s, then doubling) are a handful a minute.
     */
    max_deliveries_per_minute: z
      .number({ error: "must be a whole number from 1 to 1000" })
      .int("must be a whole number from 1 to 1000")
      .min(1, "must be a whole number from 1 to 1000")
      .max(1000, "must be a whole number from 1 to 1000")
      .optional(),
    rejected_samples_per_minute: z
      .number({ error: "must be a whole number from 0 to 1000" })
      .int("must be a whole number from 0 to 1000")
      .min(0, "must be a whole number from 0 to 1000")
      .max(1000, "must be a whole number from 0 to 1000")
      .optional(),
    rejected_retention_days: z
      .number({ error: "must be a whole number of days from 1 to 365" })
      .int("must be a whole number of days from 1 to 365")
      .min(1, "must be a whole number of days from 1 to 365")
      .max(365, "must be a whole number of days from 1 to 365")
      .optional(),
  },
  { error: "must be an object" }
)

export type GatewayNotificationsOptions = z.input<typeof notificationsSchema>

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

const wholeMinutes = z
  .number({ error: "must be a whole number of minutes (0 or more)" })
  .int("must be a whole number of minutes (0 or more)")
  .min(0, "must be a whole number of minutes (0 or more)")

/**
 * Alerts (src/alerts): what needs a person becomes a notification in the admin's feed, once per event, and
 * optionally on other Notification Module channels (e.g. e-mail to `to`).
 */
const alertsSchema = z
  .strictObject(
    {
      /** An outcome still unknown (a lost answer) this many minutes after it happened is alerted (default 60). */
      unknown_after_minutes: wholeMinutes.optional(),
      /** Notifications failing verification: `threshold` of them within `window_minutes` raise an alert (default 5 in 60). */
      rejected_notifications: z
        .strictObject(
          { threshold: positiveIntOptionSchema.optional(), window_minutes: positiveIntOptionSchema.optional() },
          { error: "must be an object" }
        )
        .optional(),
      /** Notification Module channels that get each alert too, besides "feed" (e.g. ["email"]; a provider must serve each). */
      channels: z
        .array(
          z
            .string({ error: "must be channel names" })
            .trim()
            .min(1, "must be channel names")
            .refine((c) => c !== "feed", 'need not list "feed" (alerts always go there)'),
          { error: "must be a list of channel names" }
        )
        .optional(),
      /** The recipient on those channels (an e-mail address for "email"). */
      to: z
        .string({ error: "must be a recipient (e.g. an e-mail address)" })
        .trim()
        .min(1, "must be a recipient (e.g. an e-mail address)")
        .optional(),
      /** The template those channels' provider renders (default "gateway-alert"). */
      template: z.string({ error: "must be a template name" }).trim().min(1, "must be a template name").optional(),
      /** The admin's public address (e.g. https://shop.example/app), for absolute links; default: admin paths ("/app/orders/..."). */
      admin_url: baseUrlOptionSchema.optional(),
    },
    { error: "must be an object" }
  )
  .superRefine((a, ctx) => {
    if (a.channels?.length && !a.to)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "is required when channels are given (who gets the alerts)",
      })
  })

export type GatewayAlertsOptions = z.input<typeof alertsSchema>

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

/** The payments dashboard (src/dashboard). */
const dashboardSchema = z.strictObject(
  {
    /**
     * The chargeback ratio (chargebacks ÷ approved attempts over the period shown) at or over which the dashboard
     * warns, in percent (default 1): the store's own limit, below its card schemes' and acquirer's thresholds.
     */
    chargeback_threshold_percent: z
      .number({ error: "must be a percentage greater than 0 and at most 100 (e.g. 0.9)" })
      .gt(0, "must be a percentage greater than 0 and at most 100 (e.g. 0.9)")
      .max(100, "must be a percentage greater than 0 and at most 100 (e.g. 0.9)")
      .optional(),
  },
  { error: "must be an object" }
)

export type GatewayDashboardOptions = z.input<typeof dashboardSchema>

/** The chargeback ratio's threshold as a fraction (option `dashboard.chargeback_threshold_percent`, default 1 %). */
export function chargebackThreshold(d: GatewayDashboardOptions | undefined): number {
  // Rounded past float noise: 0.9 / 100 is 0.009000000000000001, which staff would read in the API's answer.
  return Number(((d?.chargeback_threshold_percent ?? 1) / 100).toPrecision(12))
}

const issuingWireCheck: WireCheck = (i, at) => {
  compileIssuingWireMap(i.field_names, i.field_values, { names: at("field_names"), values: at("field_values") })
  resolveSignatureTable(
    ISSUING_SIGNATURE_FIELDS,
    i.signature_overrides,
    ISSUING_PATH_ALIASES,
    at("signature_overrides")
  )
}

export type GatewayIssuingOptions = z.input<typeof issuingSchema>
export type GatewayPayoutOptions = z.input<typeof payoutSchema>

const SECONDS = "must be a whole number of seconds from 1 to 86400"
const seconds = () => z.number({ error: SECONDS }).int(SECONDS).min(1, SECONDS).max(86400, SECONDS).optional()

/**
 * Operations cut short (the process stopped between sending a request and recording its answer: a crash, a
 * killed worker) are settled by the reconciliation jobs once they are older than `settle_after_seconds` (default
 * 600: far past any request's timeout, so that no live request is taken for a dead one; never less than
 * `minimumSettleSeconds`). A checkout whose payment is held at the gateway but which has not become an order
 * within `release_after_seconds` (default: the settling deadline plus an hour) has the money released instead of
 * being completed later (src/reconciliation/release.ts).
 */
const reconciliationSchema = z.strictObject(
  { settle_after_seconds: seconds(), release_after_seconds: seconds() },
  { error: "must be an object" }
)

export type GatewayReconciliationOptions = z.input<typeof reconciliationSchema>

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

export interface GatewayModuleOptions {
  payments?: GatewayProviderOptions
  issuing?: GatewayIssuingOptions
  payout?: GatewayPayoutOptions
  notifications?: GatewayNotificationsOptions
  alerts?: GatewayAlertsOptions
  dashboard?: GatewayDashboardOptions
  reconciliation?: GatewayReconciliationOptions
}

/** Each part of the module's options and the schema it is checked with (docs/install-and-options.md has a table of each). */
export const MODULE_OPTION_SCHEMAS = {
  payments: providerOptionsSchema,
  issuing: issuingSchema,
  payout: payoutSchema,
  notifications: notificationsSchema,
  alerts: alertsSchema,
  dashboard: dashboardSchema,
  reconciliation: reconciliationSchema,
} as const satisfies Record<keyof GatewayModuleOptions, unknown>

/** Throws an Error naming the first option that is missing or malformed. */
export function validateModuleOptions(options: unknown): GatewayModuleOptions {
  if (options === undefined || options === null) return {}
  if (typeof options !== "object")
    throw new Error(
      `${PREFIX}: options must be an object ({ payments?, issuing?, payout?, notifications?, alerts?, dashboard?, reconciliation? })`
    )
  const o = options as Record<string, unknown>
  if (o.payments !== undefined) assertOptions(PREFIX, providerOptionsSchema, o.payments, "payments")
  if (o.payout !== undefined) assertOptions(PREFIX, payoutSchema, o.payout, "payout")
  if (o.issuing !== undefined) assertOptions(PREFIX, issuingSchema, o.issuing, "issuing", issuingWireCheck)
  if (o.notifications !== undefined)
    assertOptions(PREFIX, notificationsSchema, o.notifications, "notifications", () => {})
  if (o.alerts !== undefined) assertOptions(PREFIX, alertsSchema, o.alerts, "alerts", () => undefined)
  if (o.dashboard !== undefined) assertOptions(PREFIX, dashboardSchema, o.dashboard, "dashboard", () => undefined)
  if (o.reconciliation !== undefined)
    assertOptions(PREFIX, reconciliationSchema, o.reconciliation, "reconciliation", () => undefined)
  checkReconciliationDeadlines(o as GatewayModuleOptions)
  return o as GatewayModuleOptions
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
