/**
 * The acquiring client's options, resolved over the endpoint table (./endpoints.ts): per-operation paths and
 * encodings, the status codes, the wire map. Every [assumed] choice of the contract is a default here or in
 * the table, not in the code paths.
 */
import { z } from "zod"
import type { GatewayLogger, RetryOptions, TimeoutOptions } from "../http"
import {
  accountIdOptionSchema,
  baseUrlOptionSchema,
  contentTypeOptionSchema,
  httpsOnly,
  loggerOptionSchema,
  merchantIdOptionSchema,
  parseOptions,
  pathOptionSchema,
  retryOptionSchema,
  secretOptionSchema,
  signatureListsOptionSchema,
  statusListOptionSchema,
  timeoutsOptionSchema,
} from "../client-options"
import { GatewayOptionsError } from "../errors"
import { FieldNamesOption, FieldValuesOption, WireMap } from "../wire-map"
import {
  ACQUIRING_ENDPOINTS,
  AcquiringEndpoint,
  AcquiringOperation,
  acquiringPathAliases,
  AcquiringWireKey,
  ContentType,
  knownAcquiringFields,
} from "./endpoints"

export type { AcquiringOperation, AcquiringWireKey, ContentType }

/** How status values read (contract defaults; override when the live gateway differs). */
export interface AcquiringStatusCodes {
  /** `order_status` values of the direct/APM payment answer. */
  orderStatus?: { approved?: string[]; declined?: string[]; pending?: string[]; review?: string[] }
  /** `return_status` values meaning "accepted" (default ["1"]). */
  returnStatusOk?: string[]
  /** Per-entry status values meaning done (default ["1"]) and refused (default ["0"]). */
  entryDone?: string[]
  entryRefused?: string[]
  /** `cancel_status` of the subscription cancel meaning done (default ["1"]). */
  subscriptionCancelled?: string[]
}

export interface AcquiringClientOptions {
  /** e.g. "https://test-api.example" (paths "/v1/..." are appended; a path prefix is kept). https: unless local. */
  baseUrl: string
  /** Accept a plain http: `baseUrl` on another machine than this one (default false: card data would travel in clear). */
  allowInsecureHttp?: boolean
  /** merchant_id (≤ 7 characters). */
  merchantId: string
  /** account_id (≤ 10 characters). */
  accountId: string
  /** The merchant's sign key for encryption_data (case-sensitive). */
  signKey: string
  timeouts?: TimeoutOptions
  retry?: RetryOptions
  /** Per-operation signature field lists replacing the defaults; keys are operation names or paths. */
  signatureOverrides?: Record<string, string[]>
  /** Per-operation request encoding; keys are operation names or paths. */
  contentTypes?: Partial<Record<AcquiringOperation | string, ContentType>>
  /** Per-operation paths, e.g. { apm: "/v1/apm" }. */
  paths?: Partial<Record<AcquiringOperation | string, string>>
  /**
   * Endpoints beyond the table (`ACQUIRING_ENDPOINTS`), one row each, reached with `client.call(name, request)`;
   * a row with a table's name replaces it.
   */
  endpoints?: Readonly<Record<string, AcquiringEndpoint>>
  statusCodes?: AcquiringStatusCodes
  /**
   * The gateway's name for one of our fields, per operation (request and answer): `{ authorise: {
   * expiration_month: "exp_month" }, orderQuery: { "orders_list[].payment_status": "status" } }`. Keys are
   * operation names, their paths, `payment` (authorise + apm + checkout), `notification`,
   * `payoutNotification`. See src/lib/gateway/wire-map.ts.
   */
  fieldNames?: FieldNamesOption
  /**
   * Values on the wire, per operation: a text is the constant sent (`{ payment: { platform_source: "Shopify" } }`),
   * null leaves the field out, an object translates our value to the gateway's in requests and back in JSON
   * answers and notifications (`{ orderQuery: { "orders_list[].payment_status": { "3000": ["PAID"] } } }`).
   */
  fieldValues?: FieldValuesOption
  /** Verify the signature of the direct-payment answer (default true). */
  verifyResponseSignatures?: boolean
  /** Receives redacted log lines. */
  logger?: GatewayLogger
  /**
   * Log request and answer bodies (redacted) at debug level (default false). Never for the operations that
   * carry card data (authorise, apm, checkout), whatever this says.
   */
  logBodies?: boolean
  /** Connections per origin (default unlimited). */
  connections?: number
  /** Largest answer accepted, in bytes (default 5 MiB). */
  maxResponseBytes?: number
}

const optionsSchema = z
  .strictObject({
    baseUrl: baseUrlOptionSchema,
    allowInsecureHttp: z.boolean().optional(),
    merchantId: merchantIdOptionSchema,
    accountId: accountIdOptionSchema,
    signKey: secretOptionSchema("the merchant's sign key"),
    timeouts: timeoutsOptionSchema,
    retry: retryOptionSchema,
    signatureOverrides: signatureListsOptionSchema.optional(),
    contentTypes: z.record(z.string(), contentTypeOptionSchema).optional(),
    paths: z.record(z.string(), pathOptionSchema).optional(),
    endpoints: z.record(z.string(), z.looseObject({ path: pathOptionSchema })).optional(),
    statusCodes: z
      .strictObject({
        orderStatus: z
          .strictObject({
            approved: statusListOptionSchema.optional(),
            declined: statusListOptionSchema.optional(),
            pending: statusListOptionSchema.optional(),
            review: statusListOptionSchema.optional(),
          })
          .optional(),
        returnStatusOk: statusListOptionSchema.optional(),
        entryDone: statusListOptionSchema.optional(),
        entryRefused: statusListOptionSchema.optional(),
        subscriptionCancelled: statusListOptionSchema.optional(),
      })
      .optional(),
    // checked by WireMap.compile, which names the offending entry
    fieldNames: z.unknown().optional(),
    fieldValues: z.unknown().optional(),
    verifyResponseSignatures: z.boolean().optional(),
    logger: loggerOptionSchema,
    logBodies: z.boolean().optional(),
    connections: z.number().int().positive().optional(),
    maxResponseBytes: z.number().int().positive().optional(),
  })
  .superRefine(httpsOnly(["baseUrl"], "allowInsecureHttp"))

export interface ResolvedStatusCodes {
  approved: readonly string[]
  declined: readonly string[]
  pending: readonly string[]
  review: readonly string[]
  returnStatusOk: readonly string[]
  entryDone: readonly string[]
  entryRefused: readonly string[]
  subscriptionCancelled: readonly string[]
}

/** An endpoint's row with the options applied (path, content type). */
export type ResolvedEndpoint = AcquiringEndpoint

export interface ResolvedAcquiringOptions {
  options: AcquiringClientOptions
  endpoints: Readonly<Record<string, ResolvedEndpoint>>
  statusCodes: ResolvedStatusCodes
  /** Field names and values on the wire (identity unless `fieldNames` / `fieldValues` say otherwise). */
  wire: WireMap<string>
}

/**
 * Validates and compiles `fieldNames` / `fieldValues` of an acquiring client. `optionNames` names them in
 * errors (the provider passes "field_names", "field_values").
 */
export function compileAcquiringWireMap(
  fieldNames: unknown,
  fieldValues: unknown,
  optionNames: { names: string; values: string } = { names: "fieldNames", values: "fieldValues" },
  endpoints: Readonly<Record<string, AcquiringEndpoint>> = ACQUIRING_ENDPOINTS
): WireMap<string> {
  return WireMap.compile<string>(
    {
      keys: [...Object.keys(endpoints), "notification", "payoutNotification"],
      aliases: acquiringPathAliases(endpoints),
      groups: { payment: ["authorise", "apm", "checkout"] },
      // notifications accept any name
      knownFields: knownAcquiringFields(endpoints),
      optionNames,
    },
    fieldNames as FieldNamesOption | undefined,
    fieldValues as FieldValuesOption | undefined
  )
}

/** Validates the options (GatewayOptionsError naming the option) and applies them to the endpoint table. */
export function resolveAcquiringOptions(options: AcquiringClientOptions): ResolvedAcquiringOptions {
  parseOptions(optionsSchema, options)
  const table: Record<string, AcquiringEndpoint> = { ...ACQUIRING_ENDPOINTS, ...(options.endpoints ?? {}) }
  const aliases = acquiringPathAliases(table)
  const names = Object.keys(table)
  const endpoints: Record<string, ResolvedEndpoint> = {}
  for (const [op, row] of Object.entries(table)) endpoints[op] = { ...row }
  for (const [key, path] of Object.entries(options.paths ?? {})) {
    if (!(key in endpoints))
      throw new GatewayOptionsError(`paths.${key}`, `is not a known operation (one of: ${names.join(", ")})`)
    if (path !== undefined) endpoints[key] = { ...endpoints[key]!, path }
  }
  for (const [rawKey, ct] of Object.entries(options.contentTypes ?? {})) {
    const key = aliases[rawKey] ?? rawKey
    if (!(key in endpoints)) {
      throw new GatewayOptionsError(
        `contentTypes.${rawKey}`,
        `is not a known operation (one of: ${names.join(", ")}, or their paths)`
      )
    }
    if (ct !== undefined) endpoints[key] = { ...endpoints[key]!, contentType: ct }
  }
  const sc = options.statusCodes ?? {}
  return {
    options,
    endpoints,
    wire: compileAcquiringWireMap(options.fieldNames, options.fieldValues, undefined, table),
    statusCodes: {
      approved: sc.orderStatus?.approved ?? ["1"],
      declined: sc.orderStatus?.declined ?? ["0"],
      pending: sc.orderStatus?.pending ?? ["-1"],
      review: sc.orderStatus?.review ?? ["-2"],
      returnStatusOk: sc.returnStatusOk ?? ["1"],
      entryDone: sc.entryDone ?? ["1"],
      entryRefused: sc.entryRefused ?? ["0"],
      subscriptionCancelled: sc.subscriptionCancelled ?? ["1"],
    },
  }
}
