/**
 * The acquiring API's endpoints, one row each: the one place an endpoint's facts live. Operation names,
 * paths, encodings, retries, signatures, batch limits and the wire map's known fields all derive from here;
 * adding an endpoint is one row plus its schemas (./schemas), and `client.call(name, request)` reaches it.
 *
 * Sources: interface.md (paths, batch lists and limits), gateway-notes.md (content types, signature rows
 * [doc]/[assumed]), docs/gateway-contract.md (the [assumed] rows). Every [assumed] fact can be overridden from
 * the client options (`paths`, `contentTypes`, `signatureOverrides`, `fieldNames`, `fieldValues`).
 */
import { z } from "zod"
import { authoriseApmRequestSchema, authoriseRequestSchema, authoriseResponseSchema } from "./schemas/authorise"
import {
  batchList,
  cancelOrderSchema,
  cancelResultEntrySchema,
  captureOrderSchema,
  captureResultEntrySchema,
  refundOrderSchema,
  refundResultEntrySchema,
  reviewOrderSchema,
  reviewResultEntrySchema,
} from "./schemas/batches"
import { cancelSubscriptionRequestSchema, cancelSubscriptionResponseSchema } from "./schemas/cancel-subscription"
import { checkoutRequestSchema } from "./schemas/checkout"
import { answerFields, idList, LIMITS, merchantFields } from "./schemas/common"
import { optimiseRequestSchema, optimiseResponseSchema } from "./schemas/optimise"
import { orderQueryResponseSchema } from "./schemas/order-query"
import { payoutRequestSchema, payoutResponseSchema } from "./schemas/payout"
import { refundSearchResponseSchema } from "./schemas/refund-search"

/** "json" (default), "form", or "json-as-form" (JSON text with the form content type, as the docs' samples). */
export type ContentType = "json" | "form" | "json-as-form"

/**
 * How an answer reads: "json" (the `return_status` envelope required), "json-if-envelope" (checked only when
 * present: the payout), "respon-xml" (the direct payment's signed XML), "html-page" (the hosted page's form).
 */
export type AnswerKind = "json" | "json-if-envelope" | "respon-xml" | "html-page"

export interface AcquiringEndpoint {
  path: string
  contentType: ContentType
  /** Safe to repeat (a query): retried on connection errors and 5xx; an unreadable answer is an error, not an unknown outcome. */
  retrySafe: boolean
  /** The values that enter `encryption_data`, in order, before the sign key (field specs: see ../signing.ts). */
  signature: readonly string[]
  /** The request, without `encryption_data` (the client adds merchant_id and account_id). */
  request: z.ZodObject
  answer: AnswerKind
  /** The answer's schema (the `respon` element for XML; null for the hosted page's HTML). */
  response: z.ZodType | null
  /** Batch endpoints: the list of orders, its limit, and each answer entry's status and message fields. */
  batch?: { list: string; limit: number; status: string; message: string }
  /** Queries: filters sent as comma-joined lists, at most `limit` ids together. */
  filters?: { names: readonly string[]; limit: number; maxChars: number | null }
  /** Answer fields read outside `response` (the hosted page's `gbc_id`), so that the wire map can rename them. */
  answerFields?: readonly string[]
  /** The request or its answer carries card data (card, security code, expiry, token): its bodies are never logged. */
  cardData?: boolean
}

const PAYMENT_SIGNATURE = ["merchant_id", "account_id", "order_no", "currency", "amount", "return_url"] as const // [assumed]

/** A batch endpoint (capture, review, cancel, refund): its envelope built around its entries. */
function batchEndpoint<const L extends string, E extends z.ZodObject, R extends z.ZodObject>(row: {
  operation: string
  path: string
  list: L
  limit: number
  entry: E
  result: R
  status: string
  message: string
  amountFields?: readonly string[]
  signature: readonly string[]
}) {
  const requestList = { [row.list]: batchList(row.operation, row.limit, row.entry, row.amountFields) } as {
    [K in L]: ReturnType<typeof batchList<E>>
  }
  const answerList = { [row.list]: z.array(row.result) } as { [K in L]: z.ZodArray<R> }
  return {
    path: row.path,
    contentType: "json",
    retrySafe: false,
    signature: row.signature,
    request: z.strictObject({ ...merchantFields, ...requestList }),
    answer: "json",
    response: z.looseObject({ ...answerFields, ...answerList }),
    batch: { list: row.list, limit: row.limit, status: row.status, message: row.message },
  } satisfies AcquiringEndpoint
}

/** A query (order query, refund search): form fields, comma-joined filters, retried. */
function queryEndpoint<const F extends string, S extends z.ZodType>(row: {
  operation: string
  path: string
  filters: Record<F, number>
  limit: number
  /** Most characters of each filter's text (the ids joined by commas), when the docs give one. */
  maxChars?: number
  response: S
}) {
  const names = Object.keys(row.filters) as F[]
  const filters = Object.fromEntries(names.map((f) => [f, idList(row.filters[f])])) as {
    [K in F]: ReturnType<typeof idList>
  }
  return {
    path: row.path,
    contentType: "form",
    retrySafe: true,
    signature: ["merchant_id", "account_id"], // [doc]
    request: z.strictObject({ ...merchantFields, ...filters }).superRefine((v, ctx) => {
      const n = names.reduce((sum, f) => sum + ((v as Record<string, string[] | undefined>)[f]?.length ?? 0), 0)
      if (n === 0)
        ctx.addIssue({ code: "custom", path: [names[0]!], message: `${names.join(" or ")} must hold at least 1 id` })
      if (n > row.limit) {
        ctx.addIssue({
          code: "custom",
          path: [names[0]!],
          message: `${names.join(" and ")} together must hold at most ${row.limit} ids (got ${n}); split them with splitBatch("${row.operation}", ...)`,
        })
      }
      for (const f of row.maxChars ? names : []) {
        const chars = ((v as Record<string, string[] | undefined>)[f] ?? []).join(",").length
        if (chars > row.maxChars!) {
          ctx.addIssue({
            code: "custom",
            path: [f],
            message: `must be at most ${row.maxChars} characters joined by commas (got ${chars}); split them with splitBatch("${row.operation}", ...)`,
          })
        }
      }
    }),
    answer: "json",
    response: row.response,
    filters: { names, limit: row.limit, maxChars: row.maxChars ?? null },
  } satisfies AcquiringEndpoint
}

export const ACQUIRING_ENDPOINTS = Object.freeze({
  authorise: {
    path: "/v1/authorise",
    contentType: "json",
    retrySafe: false,
    signature: PAYMENT_SIGNATURE,
    request: authoriseRequestSchema,
    answer: "respon-xml",
    response: authoriseResponseSchema,
    cardData: true,
  },
  /** The APM payment is /v1/authorise with payment_method [doc]. */
  apm: {
    path: "/v1/authorise",
    contentType: "json",
    retrySafe: false,
    signature: PAYMENT_SIGNATURE,
    request: authoriseApmRequestSchema,
    answer: "respon-xml",
    response: authoriseResponseSchema,
    cardData: true,
  },
  checkout: {
    path: "/v1/checkout",
    contentType: "json",
    retrySafe: false,
    signature: PAYMENT_SIGNATURE,
    request: checkoutRequestSchema,
    answer: "html-page",
    response: null,
    answerFields: ["gbc_id"],
    cardData: true,
  },
  orderQuery: queryEndpoint({
    operation: "orderQuery",
    path: "/v1/retrievalTrans",
    filters: { orders: LIMITS.order_no, trades: LIMITS.transaction_id },
    limit: 100,
    maxChars: 1000, // [doc] public docs, order query: each list at most 1000 characters
    response: orderQueryResponseSchema,
  }),
  refundSearch: queryEndpoint({
    operation: "refundSearch",
    path: "/v1/retrievalRefund",
    filters: {
      refund_orders: LIMITS.order_no,
      refund_references: LIMITS.refund_reference + 10,
      merchant_refunds: LIMITS.refund_reference,
    },
    limit: 100,
    response: refundSearchResponseSchema,
  }),
  capture: batchEndpoint({
    operation: "capture",
    path: "/v1/capture",
    list: "capture_orders",
    limit: 50,
    entry: captureOrderSchema,
    result: captureResultEntrySchema,
    status: "capture_status",
    message: "error_message",
    signature: ["merchant_id", "account_id", "capture_orders[].transaction_id"], // [assumed]
  }),
  review: batchEndpoint({
    operation: "review",
    path: "/v1/review",
    list: "review_orders",
    limit: 100,
    entry: reviewOrderSchema,
    result: reviewResultEntrySchema,
    status: "review_status",
    message: "error_message",
    signature: ["merchant_id", "account_id", "review_orders[].transaction_id"], // [assumed]
  }),
  cancel: batchEndpoint({
    operation: "cancel",
    path: "/v1/cancel",
    list: "cancel_orders",
    limit: 50,
    entry: cancelOrderSchema,
    result: cancelResultEntrySchema,
    status: "cancel_status",
    message: "error_message",
    signature: ["merchant_id", "account_id", "cancel_orders[].transaction_id"], // [assumed]
  }),
  refund: batchEndpoint({
    operation: "refund",
    path: "/v1/refund",
    list: "refund_orders",
    limit: 50,
    entry: refundOrderSchema,
    result: refundResultEntrySchema,
    status: "refund_status",
    message: "refund_message",
    amountFields: ["amount", "refund_amount"],
    signature: ["merchant_id", "account_id", "refund_orders[].transaction_id"], // [doc]
  }),
  payout: {
    path: "/v1/payout",
    contentType: "json",
    retrySafe: false,
    signature: ["merchant_id", "account_id", "request_id", "payment_currency", "payment_amount"], // [doc]
    request: payoutRequestSchema,
    answer: "json-if-envelope",
    response: payoutResponseSchema,
  },
  optimise: {
    path: "/v1/optimise",
    contentType: "json",
    retrySafe: false,
    signature: ["merchant_id", "account_id", "request_id", "currency", "amount", "shopper_email"], // [doc]
    request: optimiseRequestSchema,
    answer: "json",
    response: optimiseResponseSchema,
  },
  cancelSubscription: {
    path: "/v1/cancelsubscription",
    contentType: "json",
    retrySafe: false,
    signature: ["merchant_id", "account_id", "recurring_id"], // [assumed, contract]
    request: cancelSubscriptionRequestSchema,
    answer: "json",
    response: cancelSubscriptionResponseSchema,
  },
} as const satisfies Record<string, AcquiringEndpoint>)

export type AcquiringOperation = keyof typeof ACQUIRING_ENDPOINTS

/**
 * Signed messages that are not requests: the direct payment's answer and the notifications. Their formulas
 * are [assumed] (gateway notes) and overridable like the endpoints' rows.
 */
const PAYMENT_RESULT_SIGNATURE = [
  "merchant_id",
  "account_id",
  "transaction_id",
  "order_no",
  "currency",
  "amount",
  "order_status",
  "result_info",
] as const
export const ACQUIRING_SIGNED_MESSAGES = Object.freeze({
  authoriseResponse: PAYMENT_RESULT_SIGNATURE,
  notification: PAYMENT_RESULT_SIGNATURE,
  payoutNotification: ACQUIRING_ENDPOINTS.payout.signature, // [assumed, contract]
})

export type AcquiringSignatureKey = AcquiringOperation | keyof typeof ACQUIRING_SIGNED_MESSAGES

/** Keys of the wire map (`fieldNames`, `fieldValues`): the operations, and the notifications we read. */
export type AcquiringWireKey = AcquiringOperation | "notification" | "payoutNotification"

/** The request a caller passes to an operation (the client adds merchant_id and account_id). */
export type RequestOf<Op extends AcquiringOperation> = Omit<
  z.input<(typeof ACQUIRING_ENDPOINTS)[Op]["request"]>,
  "merchant_id" | "account_id"
>

export type OrderQueryRequest = RequestOf<"orderQuery">
export type RefundSearchRequest = RequestOf<"refundSearch">
export type CaptureRequest = RequestOf<"capture">
export type ReviewRequest = RequestOf<"review">
export type CancelRequest = RequestOf<"cancel">
export type RefundRequest = RequestOf<"refund">

export type CaptureResponse = z.output<(typeof ACQUIRING_ENDPOINTS)["capture"]["response"]>
export type ReviewResponse = z.output<(typeof ACQUIRING_ENDPOINTS)["review"]["response"]>
export type CancelResponse = z.output<(typeof ACQUIRING_ENDPOINTS)["cancel"]["response"]>
export type RefundResponse = z.output<(typeof ACQUIRING_ENDPOINTS)["refund"]["response"]>

/** Operations accepted as keys of path-keyed options: "/v1/capture" → "capture" (the first row of a path). */
export function acquiringPathAliases(
  table: Readonly<Record<string, AcquiringEndpoint>> = ACQUIRING_ENDPOINTS
): Readonly<Record<string, string>> {
  const out: Record<string, string> = {}
  for (const [op, row] of Object.entries(table)) if (!(row.path in out)) out[row.path] = op
  return Object.freeze(out)
}

/** The request and answer fields of each row (first segment of a wire-map path), to refuse a typo in the options. */
export function knownAcquiringFields(
  table: Readonly<Record<string, AcquiringEndpoint>>
): Record<string, ReadonlySet<string>> {
  const keysOf = (s: z.ZodType | null) => (s instanceof z.ZodObject ? Object.keys(s.shape) : [])
  const out: Record<string, ReadonlySet<string>> = {}
  for (const [op, row] of Object.entries(table)) {
    out[op] = new Set([
      "merchant_id",
      "account_id",
      "encryption_data",
      ...keysOf(row.request),
      ...keysOf(row.response),
      ...(row.answerFields ?? []),
    ])
  }
  return out
}
