/** The issuing client's options, resolved over the endpoint table (./endpoints.ts). */
import { z } from "zod"
import type { GatewayLogger, RetryOptions, TimeoutOptions } from "../http"
import {
  baseUrlOptionSchema,
  httpsOnly,
  loggerOptionSchema,
  parseOptions,
  pathOptionSchema,
  retryOptionSchema,
  timeoutsOptionSchema,
} from "../client-options"
import type { IssuingSignScheme } from "../signing"
import { FieldNamesOption, FieldValuesOption, WireMap } from "../wire-map"
import {
  ISSUING_ENDPOINTS,
  ISSUING_PATH_ALIASES,
  IssuingEndpoint,
  IssuingOperation,
  knownIssuingFields,
} from "./endpoints"

export type { IssuingOperation }

export interface IssuingClientOptions {
  /** e.g. "https://sandbox.example/api" (endpoint paths are appended to it). https: unless local. */
  baseUrl: string
  /** Accept a plain http: `baseUrl` on another machine than this one (default false: card data would travel in clear). */
  allowInsecureHttp?: boolean
  /** The company id (sent as text). */
  companyId: string | number
  /** The company's api key for `sign`. */
  apiKey: string
  /** "fields" (default: the per-endpoint field lists) or "sorted-json". */
  signScheme?: IssuingSignScheme
  /** Per-operation `sign` field lists replacing the defaults; keys are operation names or paths. */
  signatureOverrides?: Record<string, string[]>
  /** Per-operation paths (also turns on cardBinQuery, groupStatus, groupCharge). */
  paths?: Partial<Record<IssuingOperation, string>>
  /**
   * The gateway's name for one of our fields, per operation (request and answer; answer paths start at the
   * envelope: `data.cardId`). Keys: operation names or their paths. See src/lib/gateway/wire-map.ts.
   */
  fieldNames?: FieldNamesOption
  /** Constant / omitted / translated values per operation (see wire-map.ts), e.g. `{ cardStatus: { status: { "2": "0" } } }`. */
  fieldValues?: FieldValuesOption
  /** `status` values of operation results and card-creation entries meaning success (default ["1"]). */
  statusCodes?: { ok?: string[] }
  timeouts?: TimeoutOptions
  retry?: RetryOptions
  logger?: GatewayLogger
  /**
   * Log request and answer bodies (redacted) at debug level (default false). Never for the card creation and
   * the card query (their answers hold card numbers and security codes), whatever this says.
   */
  logBodies?: boolean
  connections?: number
  maxResponseBytes?: number
}

const OPERATION_NAMES = Object.keys(ISSUING_ENDPOINTS) as IssuingOperation[]

const optionsSchema = z
  .strictObject({
    baseUrl: baseUrlOptionSchema,
    allowInsecureHttp: z.boolean().optional(),
    companyId: z.union([z.string().min(1).max(32), z.number().int().nonnegative()], {
      error: "is required (the company id, text or integer)",
    }),
    apiKey: z.string({ error: "is required (the company's api key)" }).min(1, "is required (the company's api key)"),
    signScheme: z.enum(["fields", "sorted-json"], { error: 'must be "fields" or "sorted-json"' }).optional(),
    signatureOverrides: z.record(z.string(), z.array(z.string())).optional(),
    paths: z.partialRecord(z.enum(OPERATION_NAMES), pathOptionSchema).optional(),
    // checked by WireMap.compile, which names the offending entry
    fieldNames: z.unknown().optional(),
    fieldValues: z.unknown().optional(),
    statusCodes: z.strictObject({ ok: z.array(z.string()).min(1, "must hold at least 1 value").optional() }).optional(),
    timeouts: timeoutsOptionSchema,
    retry: retryOptionSchema,
    logger: loggerOptionSchema,
    logBodies: z.boolean().optional(),
    connections: z.number().int().positive().optional(),
    maxResponseBytes: z.number().int().positive().optional(),
  })
  .superRefine(httpsOnly(["baseUrl"], "allowInsecureHttp"))

/**
 * Validates and compiles `fieldNames` / `fieldValues` of an issuing client. `optionNames` names them in errors
 * (the module passes "issuing.field_names", "issuing.field_values").
 */
export function compileIssuingWireMap(
  fieldNames: unknown,
  fieldValues: unknown,
  optionNames: { names: string; values: string } = { names: "fieldNames", values: "fieldValues" }
): WireMap<IssuingOperation> {
  return WireMap.compile(
    { keys: OPERATION_NAMES, aliases: ISSUING_PATH_ALIASES, knownFields: knownIssuingFields(), optionNames },
    fieldNames as FieldNamesOption | undefined,
    fieldValues as FieldValuesOption | undefined
  )
}

export interface ResolvedIssuingOptions {
  /** Each operation's row with the configured path. */
  endpoints: Record<IssuingOperation, IssuingEndpoint>
  wire: WireMap<IssuingOperation>
  okStatus: readonly string[]
}

/** Validates the options (GatewayOptionsError naming the option) and merges them over the defaults. */
export function resolveIssuingOptions(options: IssuingClientOptions): ResolvedIssuingOptions {
  parseOptions(optionsSchema, options)
  const endpoints = {} as Record<IssuingOperation, IssuingEndpoint>
  for (const op of OPERATION_NAMES)
    endpoints[op] = { ...ISSUING_ENDPOINTS[op], path: options.paths?.[op] ?? ISSUING_ENDPOINTS[op].path }
  return {
    endpoints,
    wire: compileIssuingWireMap(options.fieldNames, options.fieldValues),
    okStatus: options.statusCodes?.ok ?? ["1"],
  }
}
