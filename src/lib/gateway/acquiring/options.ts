/**
 * The acquiring client's options and the per-operation defaults they override: path, request encoding,
 * signature row, whether the operation is a retry-safe query. Every [assumed] choice of the contract is here
 * as a default, not in the code paths.
 */
import { z } from "zod"
import type { GatewayLogger, RetryOptions, TimeoutOptions } from "../http"
import { AcquiringSignatureKey, ACQUIRING_PATH_ALIASES } from "../signing"
import {
  baseUrlOptionSchema,
  loggerOptionSchema,
  parseOptions,
  pathOptionSchema,
  retryOptionSchema,
  timeoutsOptionSchema,
} from "../client-options"
import { GatewayOptionsError } from "../errors"
import { FieldNamesOption, FieldValuesOption, WireMap } from "../wire-map"
import { authoriseApmRequestSchema, authoriseRequestSchema, authoriseResponseSchema } from "./schemas/authorise"
import { cancelRequestSchema, cancelResponseSchema } from "./schemas/cancel"
import { cancelSubscriptionRequestSchema, cancelSubscriptionResponseSchema } from "./schemas/cancel-subscription"
import { captureRequestSchema, captureResponseSchema } from "./schemas/capture"
import { checkoutRequestSchema } from "./schemas/checkout"
import { optimiseRequestSchema, optimiseResponseSchema } from "./schemas/optimise"
import { orderQueryRequestSchema, orderQueryResponseSchema } from "./schemas/order-query"
import { payoutRequestSchema, payoutResponseSchema } from "./schemas/payout"
import { refundRequestSchema, refundResponseSchema } from "./schemas/refund"
import { refundSearchRequestSchema, refundSearchResponseSchema } from "./schemas/refund-search"
import { reviewRequestSchema, reviewResponseSchema } from "./schemas/review"

/** "json" (default), "form", or "json-as-form" (JSON text with the form content type, as the docs' samples). */
export type ContentType = "json" | "form" | "json-as-form"

export type AcquiringOperation =
  | "authorise"
  | "apm"
  | "checkout"
  | "orderQuery"
  | "capture"
  | "review"
  | "cancel"
  | "refund"
  | "refundSearch"
  | "payout"
  | "optimise"
  | "cancelSubscription"

/** Keys of the wire map (`fieldNames`, `fieldValues`): the operations, and the notifications we read. */
export type AcquiringWireKey = AcquiringOperation | "notification" | "payoutNotification"

export interface OperationDefaults {
  path: string
  contentType: ContentType
  /** Safe to repeat: retried on connection errors and 5xx. */
  idempotent: boolean
  signature: AcquiringSignatureKey
}

/** Defaults: interface paths, notes' content types (JSON, except the two form-encoded queries). */
export const ACQUIRING_OPERATIONS: Readonly<Record<AcquiringOperation, OperationDefaults>> = Object.freeze({
  authorise: { path: "/v1/authorise", contentType: "json", idempotent: false, signature: "authorise" },
  apm: { path: "/v1/authorise", contentType: "json", idempotent: false, signature: "apm" },
  checkout: { path: "/v1/checkout", contentType: "json", idempotent: false, signature: "checkout" },
  orderQuery: { path: "/v1/retrievalTrans", contentType: "form", idempotent: true, signature: "orderQuery" },
  capture: { path: "/v1/capture", contentType: "json", idempotent: false, signature: "capture" },
  review: { path: "/v1/review", contentType: "json", idempotent: false, signature: "review" },
  cancel: { path: "/v1/cancel", contentType: "json", idempotent: false, signature: "cancel" },
  refund: { path: "/v1/refund", contentType: "json", idempotent: false, signature: "refund" },
  refundSearch: { path: "/v1/retrievalRefund", contentType: "form", idempotent: true, signature: "refundSearch" },
  payout: { path: "/v1/payout", contentType: "json", idempotent: false, signature: "payout" },
  optimise: { path: "/v1/optimise", contentType: "json", idempotent: false, signature: "optimise" },
  cancelSubscription: {
    path: "/v1/cancelsubscription",
    contentType: "json",
    idempotent: false,
    signature: "cancelSubscription",
  },
})

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
  /** e.g. "https://test-api.example" (paths "/v1/..." are appended; a path prefix is kept). */
  baseUrl: string
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
  paths?: Partial<Record<AcquiringOperation, string>>
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
  /** Connections per origin (default unlimited). */
  connections?: number
  /** Largest answer accepted, in bytes (default 5 MiB). */
  maxResponseBytes?: number
}

const OPERATION_NAMES = Object.keys(ACQUIRING_OPERATIONS) as AcquiringOperation[]

const statusList = z.array(z.string()).min(1, "must hold at least 1 value")

const optionsSchema = z.strictObject({
  baseUrl: baseUrlOptionSchema,
  merchantId: z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(7, "must be at most 7 characters (merchant_id)"),
  accountId: z
    .string({ error: "is required" })
    .min(1, "is required")
    .max(10, "must be at most 10 characters (account_id)"),
  signKey: z.string({ error: "is required (the merchant's sign key)" }).min(1, "is required (the merchant's sign key)"),
  timeouts: timeoutsOptionSchema,
  retry: retryOptionSchema,
  signatureOverrides: z.record(z.string(), z.array(z.string())).optional(),
  contentTypes: z.record(z.string(), z.enum(["json", "form", "json-as-form"], { error: 'must be "json", "form" or "json-as-form"' })).optional(),
  paths: z.partialRecord(z.enum(OPERATION_NAMES), pathOptionSchema).optional(),
  statusCodes: z
    .strictObject({
      orderStatus: z
        .strictObject({
          approved: statusList.optional(),
          declined: statusList.optional(),
          pending: statusList.optional(),
          review: statusList.optional(),
        })
        .optional(),
      returnStatusOk: statusList.optional(),
      entryDone: statusList.optional(),
      entryRefused: statusList.optional(),
      subscriptionCancelled: statusList.optional(),
    })
    .optional(),
  // checked by WireMap.compile, which names the offending entry
  fieldNames: z.unknown().optional(),
  fieldValues: z.unknown().optional(),
  verifyResponseSignatures: z.boolean().optional(),
  logger: loggerOptionSchema,
  connections: z.number().int().positive().optional(),
  maxResponseBytes: z.number().int().positive().optional(),
})

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

export interface ResolvedAcquiringOptions {
  options: AcquiringClientOptions
  operations: Readonly<Record<AcquiringOperation, Omit<OperationDefaults, "signature"> & { signature: AcquiringSignatureKey }>>
  statusCodes: ResolvedStatusCodes
  /** Field names and values on the wire (identity unless `fieldNames` / `fieldValues` say otherwise). */
  wire: WireMap<AcquiringWireKey>
}

const WIRE_KEYS: readonly AcquiringWireKey[] = [...(Object.keys(ACQUIRING_OPERATIONS) as AcquiringOperation[]), "notification", "payoutNotification"]

const shapeKeys = (...schemas: { shape: Record<string, unknown> }[]): ReadonlySet<string> =>
  new Set(["merchant_id", "account_id", "encryption_data", ...schemas.flatMap((s) => Object.keys(s.shape))])

/** The fields each operation sends or reads (first segment of a wire-map path); notifications accept any name. */
const KNOWN_FIELDS: Readonly<Partial<Record<AcquiringWireKey, ReadonlySet<string> | null>>> = Object.freeze({
  authorise: shapeKeys(authoriseRequestSchema, authoriseResponseSchema),
  apm: shapeKeys(authoriseApmRequestSchema, authoriseResponseSchema),
  checkout: new Set([...shapeKeys(checkoutRequestSchema), "gbc_id"]),
  orderQuery: shapeKeys(orderQueryRequestSchema, orderQueryResponseSchema),
  capture: shapeKeys(captureRequestSchema, captureResponseSchema),
  review: shapeKeys(reviewRequestSchema, reviewResponseSchema),
  cancel: shapeKeys(cancelRequestSchema, cancelResponseSchema),
  refund: shapeKeys(refundRequestSchema, refundResponseSchema),
  refundSearch: shapeKeys(refundSearchRequestSchema, refundSearchResponseSchema),
  payout: shapeKeys(payoutRequestSchema, payoutResponseSchema),
  optimise: shapeKeys(optimiseRequestSchema, optimiseResponseSchema),
  cancelSubscription: shapeKeys(cancelSubscriptionRequestSchema, cancelSubscriptionResponseSchema),
  notification: null,
  payoutNotification: null,
})

/**
 * Validates and compiles `fieldNames` / `fieldValues` of an acquiring client. `optionNames` names them in
 * errors (the provider passes "field_names", "field_values").
 */
export function compileAcquiringWireMap(
  fieldNames: unknown,
  fieldValues: unknown,
  optionNames: { names: string; values: string } = { names: "fieldNames", values: "fieldValues" },
): WireMap<AcquiringWireKey> {
  return WireMap.compile(
    {
      keys: WIRE_KEYS,
      aliases: ACQUIRING_PATH_ALIASES as Readonly<Record<string, AcquiringWireKey>>,
      groups: { payment: ["authorise", "apm", "checkout"] },
      knownFields: KNOWN_FIELDS,
      optionNames,
    },
    fieldNames as FieldNamesOption | undefined,
    fieldValues as FieldValuesOption | undefined,
  )
}

/** Validates the options (GatewayOptionsError naming the option) and merges them over the defaults. */
export function resolveAcquiringOptions(options: AcquiringClientOptions): ResolvedAcquiringOptions {
  parseOptions(optionsSchema, options)
  const operations = {} as Record<AcquiringOperation, OperationDefaults>
  for (const op of OPERATION_NAMES) operations[op] = { ...ACQUIRING_OPERATIONS[op] }
  for (const [key, path] of Object.entries(options.paths ?? {})) {
    if (path !== undefined) operations[key as AcquiringOperation].path = path
  }
  for (const [rawKey, ct] of Object.entries(options.contentTypes ?? {})) {
    const key = (ACQUIRING_PATH_ALIASES[rawKey] ?? rawKey) as string
    if (!(key in operations)) {
      throw new GatewayOptionsError(`contentTypes.${rawKey}`, `is not a known operation (one of: ${OPERATION_NAMES.join(", ")}, or their paths)`)
    }
    if (ct !== undefined) operations[key as AcquiringOperation].contentType = ct
  }
  const sc = options.statusCodes ?? {}
  const wire = compileAcquiringWireMap(options.fieldNames, options.fieldValues)
  return {
    options,
    operations,
    wire,
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
