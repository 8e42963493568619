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
import type { IssuingSignatureKey, IssuingSignScheme } from "../signing"

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
  timeouts: timeoutsOptionSchema,
  retry: retryOptionSchema,
  logger: loggerOptionSchema,
  connections: z.number().int().positive().optional(),
  maxResponseBytes: z.number().int().positive().optional(),
})

/** Validates the options (GatewayOptionsError naming the option) and merges the paths over the defaults. */
export function resolveIssuingOptions(options: IssuingClientOptions): Record<IssuingOperation, IssuingOperationSpec> {
  parseOptions(optionsSchema, options)
  const ops = {} as Record<IssuingOperation, IssuingOperationSpec>
  for (const op of OPERATION_NAMES) ops[op] = { ...ISSUING_OPERATIONS[op] }
  for (const [op, path] of Object.entries(options.paths ?? {})) {
    if (path !== undefined) ops[op as IssuingOperation].path = path
  }
  return ops
}
