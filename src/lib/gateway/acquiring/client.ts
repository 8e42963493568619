/**
 * The acquiring client: typed requests in, typed results or typed errors out.
 *
 * Every call: validate the request (GatewayValidationError, nothing sent) → sign it (`encryption_data`) →
 * encode (JSON or form, per operation) → send on the shared transport (queries retried) → map the HTTP status
 * (4xx → GatewayApiError; 5xx → GatewayApiError for queries, GatewayOutcomeUnknownError for mutations) →
 * parse and validate the answer (GatewayResponseError) → envelope `return_status` ≠ OK → GatewayApiError →
 * batch entries returned as data with their outcome and parsed `code:message`.
 */
import { z } from "zod"
import {
  GatewayApiError,
  GatewayDeclinedError,
  GatewayOutcomeUnknownError,
  GatewayResponseError,
  GatewaySignatureError,
} from "../errors"
import { encodeBody } from "../encoding"
import { HttpResponse, HttpTransport } from "../http"
import { redact } from "../redact"
import { parseCodeMessage, CodeMessage } from "../schema-helpers"
import { AcquiringSigner } from "../signing"
import { joinUrl } from "../client-options"
import { parseRequest, parseResponse } from "../validate"
import { parseHostedPage } from "./checkout-page"
import { AcquiringClientOptions, AcquiringOperation, resolveAcquiringOptions, ResolvedAcquiringOptions } from "./options"
import { parseResponXml } from "./respon-xml"
import {
  AuthoriseApmRequest,
  authoriseApmRequestSchema,
  AuthoriseRequest,
  authoriseRequestSchema,
  authoriseResponseSchema,
  AuthoriseResult,
  PaymentOutcome,
} from "./schemas/authorise"
import { CancelRequest, cancelRequestSchema, cancelResponseSchema, CancelResponse, CancelResultEntry } from "./schemas/cancel"
import {
  CancelSubscriptionRequest,
  cancelSubscriptionRequestSchema,
  CancelSubscriptionResponse,
  cancelSubscriptionResponseSchema,
} from "./schemas/cancel-subscription"
import { CaptureRequest, captureRequestSchema, CaptureResponse, captureResponseSchema, CaptureResultEntry } from "./schemas/capture"
import { CheckoutRequest, checkoutRequestSchema, CheckoutResult } from "./schemas/checkout"
import { answerEnvelopeSchema, BatchEntryOutcome, errorBodySchema } from "./schemas/common"
import { OptimiseRequest, optimiseRequestSchema, OptimiseResponse, optimiseResponseSchema } from "./schemas/optimise"
import { OrderQueryRequest, orderQueryRequestSchema, OrderQueryResponse, orderQueryResponseSchema } from "./schemas/order-query"
import { PayoutRequest, payoutRequestSchema, PayoutResponse, payoutResponseSchema } from "./schemas/payout"
import { RefundRequest, refundRequestSchema, RefundResponse, refundResponseSchema, RefundResultEntry } from "./schemas/refund"
import {
  RefundSearchRequest,
  refundSearchRequestSchema,
  RefundSearchResponse,
  refundSearchResponseSchema,
} from "./schemas/refund-search"
import { ReviewRequest, reviewRequestSchema, ReviewResponse, reviewResponseSchema, ReviewResultEntry } from "./schemas/review"

/** What each batch entry came to, added beside the gateway's own fields. */
export interface BatchEntryResult {
  /** "done" (status 1), "refused" (status 0, see `result`), or "unknown" (any other value). */
  outcome: BatchEntryOutcome
  /** `error_message` / `refund_message` split into code and message; null when empty. */
  result: CodeMessage | null
}

export type CaptureResult = Omit<CaptureResponse, "capture_orders"> & { capture_orders: (CaptureResultEntry & BatchEntryResult)[] }
export type CancelResult = Omit<CancelResponse, "cancel_orders"> & { cancel_orders: (CancelResultEntry & BatchEntryResult)[] }
export type ReviewResult = Omit<ReviewResponse, "review_orders"> & { review_orders: (ReviewResultEntry & BatchEntryResult)[] }
export type RefundResult = Omit<RefundResponse, "refund_orders"> & { refund_orders: (RefundResultEntry & BatchEntryResult)[] }
export type OrderQueryResult = OrderQueryResponse
export type RefundSearchResult = RefundSearchResponse
export type PayoutResult = PayoutResponse
export type OptimiseResult = OptimiseResponse
export type CancelSubscriptionResult = CancelSubscriptionResponse & {
  /** cancel_status read through the status table ("1" = cancelled). */
  cancelled: boolean
  /** error_message split into code and message (e.g. S0001 / Subscription not found); null when empty. */
  result: CodeMessage | null
}

type Body = Record<string, unknown>

/** The request schema of each operation. */
const REQUEST_SCHEMAS: Readonly<Record<AcquiringOperation, z.ZodType>> = {
  authorise: authoriseRequestSchema,
  apm: authoriseApmRequestSchema,
  checkout: checkoutRequestSchema,
  orderQuery: orderQueryRequestSchema,
  capture: captureRequestSchema,
  review: reviewRequestSchema,
  cancel: cancelRequestSchema,
  refund: refundRequestSchema,
  refundSearch: refundSearchRequestSchema,
  payout: payoutRequestSchema,
  optimise: optimiseRequestSchema,
  cancelSubscription: cancelSubscriptionRequestSchema,
}

export class AcquiringClient {
  readonly #resolved: ResolvedAcquiringOptions
  readonly #signer: AcquiringSigner
  readonly #transport: HttpTransport
  readonly #verifyResponses: boolean

  constructor(options: AcquiringClientOptions) {
    this.#resolved = resolveAcquiringOptions(options)
    this.#signer = new AcquiringSigner(options.signKey, options.signatureOverrides)
    this.#verifyResponses = options.verifyResponseSignatures ?? true
    this.#transport = new HttpTransport({
      ...(options.timeouts ? { timeouts: options.timeouts } : {}),
      ...(options.retry ? { retry: options.retry } : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.connections !== undefined ? { connections: options.connections } : {}),
      ...(options.maxResponseBytes !== undefined ? { maxResponseBytes: options.maxResponseBytes } : {}),
      secrets: [options.signKey],
    })
  }

  /** The signer with this client's key and table (e.g. to verify notifications elsewhere). */
  get signer(): AcquiringSigner {
    return this.#signer
  }

  /** Resolved path, encoding and retry policy of each operation. */
  get operations(): ResolvedAcquiringOptions["operations"] {
    return this.#resolved.operations
  }

  // ---------------------------------------------------------------- payments

  /** Direct card payment (`/v1/authorise`). A decline is a result (`outcome: "declined"`), not an error. */
  async authorise(request: AuthoriseRequest): Promise<AuthoriseResult> {
    return this.#authorise("authorise", authoriseRequestSchema, request)
  }

  /** APM payment: `/v1/authorise` with `payment_method`; the shopper goes to `issuer_url`. */
  async authoriseApm(request: AuthoriseApmRequest): Promise<AuthoriseResult> {
    return this.#authorise("apm", authoriseApmRequestSchema, request)
  }

  async #authorise(op: "authorise" | "apm", schema: z.ZodType, request: Body): Promise<AuthoriseResult> {
    const body = this.#validate(op, schema, request)
    const res = await this.#send(op, body)
    if (res.status < 200 || res.status >= 300) throw this.#httpFailure(op, res)
    const parsed = this.#readAnswer(op, res, () => {
      const answer = parseResponse(authoriseResponseSchema, parseResponXml(res.body, op, res.status), op, res.status)
      if (this.#verifyResponses && !this.#signer.verify("authoriseResponse", answer, answer.encryption_data)) {
        throw new GatewaySignatureError(op, "encryption_data", answer.encryption_data ? "mismatch" : "missing")
      }
      return answer
    })
    return { ...parsed, outcome: this.#paymentOutcome(parsed.order_status), result: parseCodeMessage(parsed.result_info) }
  }

  /** Hosted page (`/v1/checkout`): the raw HTML and its form's action and hidden inputs. */
  async checkout(request: CheckoutRequest): Promise<CheckoutResult> {
    const body = this.#validate("checkout", checkoutRequestSchema, request)
    const res = await this.#send("checkout", body)
    if (res.status < 200 || res.status >= 300) throw this.#httpFailure("checkout", res)
    const form = parseHostedPage(res.body, this.#resolved.options.baseUrl, "checkout")
    return { html: res.body, ...form, gbcId: form.inputs[this.#resolved.wire.wireName("checkout", "gbc_id")] ?? null }
  }

  // ---------------------------------------------------------------- queries

  /** Order query (`/v1/retrievalTrans`): by merchant order numbers and/or transaction ids, ≤ 100 together. */
  async orderQuery(request: OrderQueryRequest): Promise<OrderQueryResult> {
    return this.#json("orderQuery", this.#prepare("orderQuery", request), orderQueryResponseSchema)
  }

  /** Refund search (`/v1/retrievalRefund`): by order numbers, refund_reference_ids and merchant refund references. */
  async refundSearch(request: RefundSearchRequest): Promise<RefundSearchResult> {
    return this.#json("refundSearch", this.#prepare("refundSearch", request), refundSearchResponseSchema)
  }

  // ---------------------------------------------------------------- batches

  /** Capture (`/v1/capture`), ≤ 50 entries. Entries refused by the gateway come back with `outcome: "refused"`. */
  async capture(request: CaptureRequest): Promise<CaptureResult> {
    const body = this.#validate("capture", captureRequestSchema, request)
    const res = await this.#json("capture", body, captureResponseSchema)
    return { ...res, capture_orders: this.#entries(res.capture_orders, "capture_status", "error_message") }
  }

  /** Review (`/v1/review`), ≤ 100 entries: review_flag "1" approves, "0" rejects. */
  async review(request: ReviewRequest): Promise<ReviewResult> {
    const body = this.#validate("review", reviewRequestSchema, request)
    const res = await this.#json("review", body, reviewResponseSchema)
    return { ...res, review_orders: this.#entries(res.review_orders, "review_status", "error_message") }
  }

  /** Cancel (`/v1/cancel`), ≤ 50 entries. */
  async cancel(request: CancelRequest): Promise<CancelResult> {
    const body = this.#validate("cancel", cancelRequestSchema, request)
    const res = await this.#json("cancel", body, cancelResponseSchema)
    return { ...res, cancel_orders: this.#entries(res.cancel_orders, "cancel_status", "error_message") }
  }

  /** Refund (`/v1/refund`), ≤ 50 entries; `refund_reference` makes a repeat recognisable. */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const body = this.#validate("refund", refundRequestSchema, request)
    const res = await this.#json("refund", body, refundResponseSchema)
    return { ...res, refund_orders: this.#entries(res.refund_orders, "refund_status", "refund_message") }
  }

  // ---------------------------------------------------------------- others

  /** Payout (`/v1/payout`); `request_id` identifies it (a repeat returns the first payout). */
  async payout(request: PayoutRequest): Promise<PayoutResult> {
    const body = this.#validate("payout", payoutRequestSchema, request)
    return this.#json("payout", body, payoutResponseSchema, { envelope: "if-present" })
  }

  /** Optimise payment methods (`/v1/optimise`): methods ranked by expected acceptance. */
  async optimise(request: OptimiseRequest): Promise<OptimiseResult> {
    const body = this.#validate("optimise", optimiseRequestSchema, request)
    const res = await this.#json("optimise", body, optimiseResponseSchema)
    return { ...res, payment_methods: [...res.payment_methods].sort((a, b) => a.rank - b.rank) }
  }

  /** Cancel a subscription (`/v1/cancelsubscription`). */
  async cancelSubscription(request: CancelSubscriptionRequest): Promise<CancelSubscriptionResult> {
    const body = this.#validate("cancelSubscription", cancelSubscriptionRequestSchema, request)
    const res = await this.#json("cancelSubscription", body, cancelSubscriptionResponseSchema)
    return {
      ...res,
      cancelled: this.#resolved.statusCodes.subscriptionCancelled.includes(res.cancel_status),
      result: parseCodeMessage(res.error_message),
    }
  }

  /**
   * Verifies a notification's `encryption_data` (constant time): payout notifications (`notify_type` PAYOUT) with
   * the payout formula, all others with the payment-notification formula. Field values as received (text); field
   * names as the gateway sends them (`fieldNames.notification` / `payoutNotification` are undone first).
   */
  verifyNotification(payload: Readonly<Record<string, unknown>>): boolean {
    const key = this.decodeNotification(payload).notify_type === "PAYOUT" ? "payoutNotification" : "notification"
    const named = this.#resolved.wire.answerNames(key, { ...payload })
    return this.#signer.verify(key, named, named.encryption_data)
  }

  /**
   * A notification in our names and values: `fieldNames` and `fieldValues` of `notification` (or
   * `payoutNotification`, chosen by the decoded `notify_type`) undone. Verify with `verifyNotification` (on the
   * payload as received), then read the decoded one.
   */
  decodeNotification(payload: Readonly<Record<string, unknown>>): Record<string, unknown> {
    const wire = this.#resolved.wire
    const asPayment = wire.answer("notification", { ...payload })
    if (asPayment.notify_type !== "PAYOUT") return asPayment
    return wire.answer("payoutNotification", { ...payload })
  }

  /**
   * The request exactly as `operation` would send it (validated, wire map applied, signed, encoded), without
   * sending it: for benchmarks, logs and checks of the wire names.
   */
  wireRequest(operation: AcquiringOperation, request: object): { url: string; contentType: string; body: string } {
    const { url, text, contentType } = this.#encode(operation, this.#prepare(operation, request))
    return { url: url.toString(), contentType, body: text }
  }

  /** Reads an `order_status` through the client's status table. */
  paymentOutcome(orderStatus: string): PaymentOutcome {
    return this.#paymentOutcome(orderStatus)
  }

  /** Closes the connection pools. */
  async close(): Promise<void> {
    await this.#transport.close()
  }

  // ---------------------------------------------------------------- internals

  #validate(op: AcquiringOperation, schema: z.ZodType, request: unknown): Body {
    const req = request !== null && typeof request === "object" ? (request as Body) : {}
    const { merchantId, accountId } = this.#resolved.options
    return parseRequest(schema, { ...req, merchant_id: merchantId, account_id: accountId }, op) as Body
  }

  /** The validated request of `op` in the fields it sends (the query filters are comma-joined lists). */
  #prepare(op: AcquiringOperation, request: unknown): Body {
    const body = this.#validate(op, REQUEST_SCHEMAS[op], request)
    if (op !== "orderQuery" && op !== "refundSearch") return body
    const wire: Body = { merchant_id: body.merchant_id, account_id: body.account_id }
    const filters = op === "orderQuery" ? ["orders", "trades"] : ["refund_orders", "refund_references", "merchant_refunds"]
    for (const f of filters) {
      const list = body[f] as string[] | undefined
      if (list?.length) wire[f] = list.join(",")
    }
    return wire
  }

  /**
   * Applies the wire map, signs, encodes and sends; answers of any status come back, in our names (the wire
   * map's renames and value translations undone; see ../wire-map.ts).
   */
  async #send(op: AcquiringOperation, body: Body): Promise<HttpResponse> {
    const spec = this.#resolved.operations[op]
    const { url, text, contentType } = this.#encode(op, body)
    const res = await this.#transport.send({ operation: op, url, body: text, contentType, idempotent: spec.idempotent })
    return this.#fromWire(op, res)
  }

  /** Values of the wire map (before signing: the gateway signs what it receives) → signature → names → body. */
  #encode(op: AcquiringOperation, body: Body): { url: URL; text: string; contentType: string } {
    const spec = this.#resolved.operations[op]
    const wire = this.#resolved.wire
    const valued = wire.requestValues(op, body)
    const signed: Body = { ...valued, encryption_data: this.#signer.sign(spec.signature, valued) }
    const { body: text, contentType } = encodeBody(wire.requestNames(op, signed), spec.contentType)
    return { url: joinUrl(this.#resolved.options.baseUrl, spec.path), text, contentType }
  }

  /** An answer in the gateway's names → ours (2xx: names and values; otherwise the error body's `source`). */
  #fromWire(op: AcquiringOperation, res: HttpResponse): HttpResponse {
    const wire = this.#resolved.wire
    if (wire.isIdentity(op)) return res
    const ok = res.status >= 200 && res.status < 300
    const body = ok ? wire.answerText(op, res.body, { xml: op === "authorise" || op === "apm" }) : wire.errorText(op, res.body)
    return body === res.body ? res : { ...res, body }
  }

  /** Sends, maps HTTP failures, parses JSON, checks the envelope, validates against `schema`. */
  async #json<S extends z.ZodType>(
    op: AcquiringOperation,
    body: Body,
    schema: S,
    opts: { envelope: "required" | "if-present" } = { envelope: "required" },
  ): Promise<z.output<S>> {
    const res = await this.#send(op, body)
    if (res.status < 200 || res.status >= 300) throw this.#httpFailure(op, res)
    const data = this.#readAnswer(op, res, () => parseJsonBody(op, res))
    const hasEnvelope = data !== null && typeof data === "object" && "return_status" in (data as object)
    if (opts.envelope === "required" || hasEnvelope) {
      const env = parseResponse(answerEnvelopeSchema, data, op, res.status)
      if (!this.#resolved.statusCodes.returnStatusOk.includes(env.return_status)) {
        throw new GatewayApiError({
          operation: op,
          code: `return_status:${env.return_status}`,
          message: env.return_message ?? "",
          httpStatus: res.status,
          returnStatus: env.return_status,
        })
      }
    }
    return this.#readAnswer(op, res, () => parseResponse(schema, data, op, res.status))
  }

  /**
   * Reads a 2xx answer. For a request that is not safe to repeat (it may have moved money), an answer that
   * cannot be parsed or verified says nothing about what the gateway did: the outcome is unknown, never a
   * refusal, so that no caller deletes a record or retries with a new reference.
   */
  #readAnswer<T>(op: AcquiringOperation, res: HttpResponse, read: () => T): T {
    try {
      return read()
    } catch (err) {
      if (this.#resolved.operations[op].idempotent) throw err
      if (!(err instanceof GatewayResponseError || err instanceof GatewaySignatureError)) throw err
      throw new GatewayOutcomeUnknownError(op, `HTTP ${res.status} answer could not be read: ${(err as Error).message}`, {
        cause: err,
        httpStatus: res.status,
      })
    }
  }

  /** Typed error for a non-2xx answer. */
  #httpFailure(op: AcquiringOperation, res: HttpResponse): Error {
    const spec = this.#resolved.operations[op]
    let parsed: z.output<typeof errorBodySchema> | null = null
    try {
      const r = errorBodySchema.safeParse(JSON.parse(res.body))
      if (r.success) parsed = r.data
    } catch {
      parsed = null
    }
    if (res.status >= 500 && !spec.idempotent) {
      return new GatewayOutcomeUnknownError(
        op,
        `HTTP ${res.status}${parsed ? ` ${parsed.code} ${parsed.message ?? ""}` : ""}`.trim(),
        { httpStatus: res.status },
      )
    }
    if (parsed) {
      return new GatewayApiError({
        operation: op,
        code: parsed.code,
        message: parsed.message ?? "",
        httpStatus: res.status,
        ...(parsed.source ? { source: parsed.source } : {}),
      })
    }
    const snippet = String(redact(res.body.replace(/\s+/g, " ").trim().slice(0, 200)))
    return new GatewayApiError({ operation: op, code: `HTTP_${res.status}`, message: snippet, httpStatus: res.status })
  }

  #paymentOutcome(orderStatus: string): PaymentOutcome {
    const s = this.#resolved.statusCodes
    if (s.approved.includes(orderStatus)) return "approved"
    if (s.declined.includes(orderStatus)) return "declined"
    if (s.pending.includes(orderStatus)) return "pending"
    if (s.review.includes(orderStatus)) return "review"
    return "unknown"
  }

  #entries<E extends Record<string, unknown>>(
    list: readonly E[],
    statusField: keyof E & string,
    messageField: keyof E & string,
  ): (E & BatchEntryResult)[] {
    const s = this.#resolved.statusCodes
    return list.map((e) => {
      const status = String(e[statusField] ?? "")
      const outcome: BatchEntryOutcome = s.entryDone.includes(status)
        ? "done"
        : s.entryRefused.includes(status)
          ? "refused"
          : "unknown"
      return { ...e, outcome, result: parseCodeMessage(e[messageField] as string | null | undefined) }
    })
  }
}

function parseJsonBody(op: string, res: HttpResponse): unknown {
  try {
    return JSON.parse(res.body)
  } catch (err) {
    throw new GatewayResponseError(op, "(body)", `is not valid JSON (${(err as Error).message})`, {
      httpStatus: res.status,
      cause: err,
    })
  }
}

/** Creates an acquiring client; throws GatewayOptionsError naming a bad option. */
export function createAcquiringClient(options: AcquiringClientOptions): AcquiringClient {
  return new AcquiringClient(options)
}

/** Throws GatewayDeclinedError unless the payment was approved (pending/review are not declines). */
export function assertNotDeclined(result: AuthoriseResult): AuthoriseResult {
  if (result.outcome === "declined") {
    throw new GatewayDeclinedError({
      code: result.result?.code ?? "",
      message: result.result?.message ?? result.result_info,
      orderStatus: result.order_status,
      ...(result.transaction_id ? { transactionId: result.transaction_id } : {}),
    })
  }
  return result
}
