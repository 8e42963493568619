/**
 * The plugin module's options (the plugin entry's `options` in medusa-config.ts). Every part is optional:
 * - `payments`: the payment provider's options, the same object (src/domain/options.ts), for what the plugin
 *   does outside the payment module: the card route's caps, notifications, reconciliation, review, ranking;
 * - `issuing`: virtual cards, cardholders and groups (the issuing API);
 * - `payout`: payouts through the acquiring API;
 * - `notifications`: how much the notification route keeps of requests that do not verify.
 * What is given is validated at boot with a message naming the option. The rules are the gateway library's;
 * every [assumed] wire name or value can be overridden per part (`field_names`, `field_values`,
 * `signature_overrides`, `paths`, `status_codes`).
 */
import { z } from "zod"
import {
  AcquiringClientOptions,
  baseUrlOptionSchema,
  compileIssuingWireMap,
  ISSUING_ENDPOINTS,
  ISSUING_PATH_ALIASES,
  ISSUING_SIGNATURE_FIELDS,
  IssuingClientOptions,
  pathOptionSchema,
  resolveSignatureTable,
  secretOptionSchema,
  signatureListsOptionSchema,
  statusListOptionSchema,
} from "../../lib/gateway"
import type { FieldNamesOption, FieldValuesOption } from "../../lib/gateway"
import { acquiringClientOptions } from "../../domain/acquiring-client"
import { acquiringAccountShape, assertOptions, GatewayProviderOptions, providerOptionsSchema, WireCheck } from "../../domain/options"

const PREFIX = "Gateway module"

const issuingSchema = z.strictObject(
  {
    /** Issuing API base URL, e.g. https://sandbox.example/api (endpoint paths are appended). */
    base_url: baseUrlOptionSchema,
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
    paths: z.partialRecord(z.enum(Object.keys(ISSUING_ENDPOINTS) as [string, ...string[]]), pathOptionSchema).optional(),
    /** `status` values of operation results meaning success (default ["1"]). */
    status_codes: z.strictObject({ ok: statusListOptionSchema.optional() }).optional(),
  },
  { error: "must be an object" },
)

const payoutSchema = z.strictObject(
  {
    base_url: acquiringAccountShape.base_url,
    merchant_id: acquiringAccountShape.merchant_id,
    account_id: acquiringAccountShape.account_id,
    sign_key: acquiringAccountShape.sign_key,
    /** Where the gateway sends payout notifications; unset: none are asked for. */
    notify_url: baseUrlOptionSchema.optional(),
    field_names: acquiringAccountShape.field_names,
    field_values: acquiringAccountShape.field_values,
    signature_overrides: acquiringAccountShape.signature_overrides,
    content_types: acquiringAccountShape.content_types,
    paths: acquiringAccountShape.paths,
    /** `return_status` values meaning accepted (default ["1"]). */
    status_codes: z.strictObject({ return_status_ok: statusListOptionSchema.optional() }).optional(),
  },
  { error: "must be an object" },
)

/**
 * Requests to the notification route that do not verify are counted per minute (`gateway_notification_rejection`)
 * and kept only as samples without their body: at most `rejected_samples_per_minute` a minute (default 10; 0
 * keeps none), both pruned after `rejected_retention_days` (default 7). A flood of forged posts leaves the tables
 * bounded: samples ≤ per minute × minutes of retention, counts ≤ one row a minute.
 */
const notificationsSchema = z.strictObject(
  {
    rejected_samples_per_minute: z.number({ error: "must be a whole number from 0 to 1000" }).int("must be a whole number from 0 to 1000").min(0, "must be a whole number from 0 to 1000").max(1000, "must be a whole number from 0 to 1000").optional(),
    rejected_retention_days: z.number({ error: "must be a whole number of days from 1 to 365" }).int("must be a whole number of days from 1 to 365").min(1, "must be a whole number of days from 1 to 365").max(365, "must be a whole number of days from 1 to 365").optional(),
  },
  { error: "must be an object" },
)

export type GatewayNotificationsOptions = z.input<typeof notificationsSchema>

/** The notification route's limits on rejected requests, defaults filled in. */
export function rejectedNotificationLimits(o: GatewayNotificationsOptions | undefined): { perMinute: number; retentionDays: number } {
  return { perMinute: o?.rejected_samples_per_minute ?? 10, retentionDays: o?.rejected_retention_days ?? 7 }
}

const issuingWireCheck: WireCheck = (i, at) => {
  compileIssuingWireMap(i.field_names, i.field_values, { names: at("field_names"), values: at("field_values") })
  resolveSignatureTable(ISSUING_SIGNATURE_FIELDS, i.signature_overrides, ISSUING_PATH_ALIASES, at("signature_overrides"))
}

export type GatewayIssuingOptions = z.input<typeof issuingSchema>
export type GatewayPayoutOptions = z.input<typeof payoutSchema>

export interface GatewayModuleOptions {
  payments?: GatewayProviderOptions
  issuing?: GatewayIssuingOptions
  payout?: GatewayPayoutOptions
  notifications?: GatewayNotificationsOptions
}

/** Throws an Error naming the first option that is missing or malformed. */
export function validateModuleOptions(options: unknown): GatewayModuleOptions {
  if (options === undefined || options === null) return {}
  if (typeof options !== "object") throw new Error(`${PREFIX}: options must be an object ({ payments?, issuing?, payout?, notifications? })`)
  const o = options as Record<string, unknown>
  if (o.payments !== undefined) assertOptions(PREFIX, providerOptionsSchema, o.payments, "payments")
  if (o.payout !== undefined) assertOptions(PREFIX, payoutSchema, o.payout, "payout")
  if (o.issuing !== undefined) assertOptions(PREFIX, issuingSchema, o.issuing, "issuing", issuingWireCheck)
  if (o.notifications !== undefined) assertOptions(PREFIX, notificationsSchema, o.notifications, "notifications", () => {})
  return o as GatewayModuleOptions
}

/** The issuing client's options from the module's `issuing` options. */
export function issuingClientOptions(i: GatewayIssuingOptions): IssuingClientOptions {
  return {
    baseUrl: i.base_url,
    companyId: i.company_id,
    apiKey: i.api_key,
    ...(i.sign_scheme ? { signScheme: i.sign_scheme } : {}),
    ...(i.field_names ? { fieldNames: i.field_names } : {}),
    ...(i.field_values ? { fieldValues: i.field_values } : {}),
    ...(i.signature_overrides ? { signatureOverrides: i.signature_overrides } : {}),
    ...(i.paths ? { paths: i.paths as IssuingClientOptions["paths"] } : {}),
    ...(i.status_codes?.ok ? { statusCodes: { ok: i.status_codes.ok } } : {}),
  }
}

/** The payout (acquiring) client's options from the module's `payout` options: an acquiring account like the provider's. */
export function payoutClientOptions(p: GatewayPayoutOptions): AcquiringClientOptions {
  return acquiringClientOptions(p)
}
