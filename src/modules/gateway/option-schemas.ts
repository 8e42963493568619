/**
 * The schemas of the plugin module's options, one per part (./options.ts validates with them; the option tables of
 * docs/install-and-options.md are checked against MODULE_OPTION_SCHEMAS). The rules are the gateway library's.
 */
import { z } from "zod"
import {
  baseUrlOptionSchema,
  httpsOnly,
  ISSUING_ENDPOINTS,
  pathOptionSchema,
  positiveIntOptionSchema,
  secretOptionSchema,
  signatureListsOptionSchema,
  statusListOptionSchema,
} from "../../lib/gateway"
import type { FieldNamesOption, FieldValuesOption } from "../../lib/gateway"
import { acquiringAccountShape, GatewayProviderOptions, providerOptionsSchema } from "../../domain/options"

/** A whole number from `min` to `max`, refused with `message` otherwise. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message)

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
    read_interval_seconds: wholeNumber(0, 3600, "must be a whole number of seconds from 0 to 3600").optional(),
    /**
     * Notifications processed at once by this process (default 8): each reads the gateway and writes the payment, so
     * a storm (the gateway's retries after an outage) queues here instead of opening as many database connections,
     * locks and gateway requests as there are deliveries.
     */
    concurrency: wholeNumber(1, 64, "must be a whole number from 1 to 64").optional(),
    /**
     * Verified deliveries of one notification record handled within a minute (default 10). A delivery beyond it is
     * answered 200 `duplicate: true` without an event (no handling), but only while a read of the record after it is
     * already due (the record waits for its read interval): one signed message re-posted in a loop costs a row
     * update per post. The gateway's own retries (after 1 s, then doubling) are a handful a minute.
     */
    max_deliveries_per_minute: wholeNumber(1, 1000, "must be a whole number from 1 to 1000").optional(),
    rejected_samples_per_minute: wholeNumber(0, 1000, "must be a whole number from 0 to 1000").optional(),
    rejected_retention_days: wholeNumber(1, 365, "must be a whole number of days from 1 to 365").optional(),
  },
  { error: "must be an object" }
)

export type GatewayNotificationsOptions = z.input<typeof notificationsSchema>

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

export type GatewayIssuingOptions = z.input<typeof issuingSchema>
export type GatewayPayoutOptions = z.input<typeof payoutSchema>

const seconds = () => wholeNumber(1, 86400, "must be a whole number of seconds from 1 to 86400").optional()

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
