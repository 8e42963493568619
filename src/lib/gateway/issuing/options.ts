/**
 * The issuing client's options and the per-operation defaults: path, company id spelling, whether
 * `request_id` is sent, whether the operation is a retry-safe query.
 */
import { z } from "zod"
import type { GatewayLogger, RetryOptions, TimeoutOptions } from "../http"
import {
  baseUrlOptionSchema,
  loggerOptionSchema,
  parseOptions,
  pathOptionSchema,
  retryOptionSchema,
  timeoutsOptionSchema,
} from "../client-options"
import { ISSUING_PATH_ALIASES } from "../signing"
import type { IssuingSignatureKey, IssuingSignScheme } from "../signing"
import { FieldNamesOption, FieldValuesOption, WireMap } from "../wire-map"
import { cardChargeRequestSchema, cardCloseRequestSchema, cardCreateRequestSchema, cardQueryRequestSchema, cardRefundRequestSchema, cardStatusRequestSchema, cardUpdateRequestSchema } from "./schemas/card"
import { cardholderCreateRequestSchema, cardholderIdRequestSchema } from "./schemas/cardholder"
import { groupCreateRequestSchema, groupIdRequestSchema, groupRefundRequestSchema } from "./schemas/group"

export type IssuingOperation = IssuingSignatureKey

export interface IssuingOperationSpec {
  /** null: not offered until a path is configured. */
  path: string | null
  /** How this endpoint spells the company id. */
  companyField: "company_id" | "companyId"
  /** "always": sent (default "" as in the samples); "optional": sent only when given. */
  requestId: "always" | "optional"
  /** Safe to repeat: retried on connection errors and 5xx. */
  idempotent: boolean
}

export const ISSUING_OPERATIONS: Readonly<Record<IssuingOperation, IssuingOperationSpec>> = Object.freeze({
  cardholderCreate: { path: "/cardholder/create", companyField: "company_id", requestId: "always", idempotent: false },
  cardholderDelete: { path: "/cardholder/delete", companyField: "companyId", requestId: "always", idempotent: false },
  cardholderQuery: { path: "/cardholder/query", companyField: "companyId", requestId: "always", idempotent: true },
  groupQuery: { path: "/group/query", companyField: "company_id", requestId: "always", idempotent: true },
  groupClose: { path: "/group/close", companyField: "company_id", requestId: "always", idempotent: false },
  groupCreate: { path: "/group/create", companyField: "company_id", requestId: "optional", idempotent: false },
  groupRefund: { path: "/group/refund", companyField: "company_id", requestId: "optional", idempotent: false },
  cardCreate: { path: "/card/create", companyField: "company_id", requestId: "always", idempotent: false },
  cardQuery: { path: "/card/query", companyField: "companyId", requestId: "optional", idempotent: true },
  cardRefund: { path: "/card/refund", companyField: "company_id", requestId: "always", idempotent: false },
  cardStatus: { path: "/card/status", companyField: "company_id", requestId: "always", idempotent: false },
  cardClose: { path: "/card/close", companyField: "company_id", requestId: "always", idempotent: false },
  cardUpdate: { path: "/card/update", companyField: "company_id", requestId: "always", idempotent: false },
  cardCharge: { path: "/card/charge", companyField: "company_id", requestId: "optional", idempotent: false },
  // Named in the docs without path or fields: off until configured.
  cardBinQuery: { path: null, companyField: "company_id", requestId: "optional", idempotent: true },
  groupStatus: { path: null, companyField: "company_id", requestId: "optional", idempotent: false },
  groupCharge: { path: null, companyField: "company_id", requestId: "optional", idempotent: false },
})

export interface IssuingClientOptions {
  /** e.g. "https://sandbox.example/api" (endpoint paths are appended to it). */
  baseUrl: string
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
  connections?: number
  maxResponseBytes?: number
}

const OPERATION_NAMES = Object.keys(ISSUING_OPERATIONS) as IssuingOperation[]

const optionsSchema = z.strictObject({
  baseUrl: baseUrlOptionSchema,
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
  connections: z.number().int().positive().optional(),
  maxResponseBytes: z.number().int().positive().optional(),
})

const ENVELOPE_AND_SIGNED = ["request_id", "company_id", "companyId", "sign", "code", "msg", "data"]
const shapeKeys = (...schemas: { shape: Record<string, unknown> }[]): ReadonlySet<string> =>
  new Set([...ENVELOPE_AND_SIGNED, ...schemas.flatMap((s) => Object.keys(s.shape))])

/** Fields each operation sends (answers are under `data`); the extra endpoints accept any name. */
const KNOWN_FIELDS: Readonly<Partial<Record<IssuingOperation, ReadonlySet<string> | null>>> = Object.freeze({
  cardholderCreate: shapeKeys(cardholderCreateRequestSchema),
  cardholderDelete: shapeKeys(cardholderIdRequestSchema),
  cardholderQuery: shapeKeys(cardholderIdRequestSchema),
  groupQuery: shapeKeys(groupIdRequestSchema),
  groupClose: shapeKeys(groupIdRequestSchema),
  groupCreate: shapeKeys(groupCreateRequestSchema),
  groupRefund: shapeKeys(groupRefundRequestSchema),
  cardCreate: shapeKeys(cardCreateRequestSchema),
  cardQuery: shapeKeys(cardQueryRequestSchema),
  cardRefund: shapeKeys(cardRefundRequestSchema),
  cardStatus: shapeKeys(cardStatusRequestSchema),
  cardClose: shapeKeys(cardCloseRequestSchema),
  cardUpdate: shapeKeys(cardUpdateRequestSchema),
  cardCharge: shapeKeys(cardChargeRequestSchema),
  cardBinQuery: null,
  groupStatus: null,
  groupCharge: null,
})

/**
 * Validates and compiles `fieldNames` / `fieldValues` of an issuing client. `optionNames` names them in errors
 * (the module passes "issuing.field_names", "issuing.field_values").
 */
export function compileIssuingWireMap(
  fieldNames: unknown,
  fieldValues: unknown,
  optionNames: { names: string; values: string } = { names: "fieldNames", values: "fieldValues" },
): WireMap<IssuingOperation> {
  return WireMap.compile(
    { keys: OPERATION_NAMES, aliases: ISSUING_PATH_ALIASES, knownFields: KNOWN_FIELDS, optionNames },
    fieldNames as FieldNamesOption | undefined,
    fieldValues as FieldValuesOption | undefined,
  )
}

export interface ResolvedIssuingOptions {
  operations: Record<IssuingOperation, IssuingOperationSpec>
  wire: WireMap<IssuingOperation>
  okStatus: readonly string[]
}

/** Validates the options (GatewayOptionsError naming the option) and merges them over the defaults. */
export function resolveIssuingOptions(options: IssuingClientOptions): ResolvedIssuingOptions {
  parseOptions(optionsSchema, options)
  const ops = {} as Record<IssuingOperation, IssuingOperationSpec>
  for (const op of OPERATION_NAMES) ops[op] = { ...ISSUING_OPERATIONS[op] }
  for (const [op, path] of Object.entries(options.paths ?? {})) {
    if (path !== undefined) ops[op as IssuingOperation].path = path
  }
  return {
    operations: ops,
    wire: compileIssuingWireMap(options.fieldNames, options.fieldValues),
    okStatus: options.statusCodes?.ok ?? ["1"],
  }
}
