/**
 * The acquiring client: typed requests in, typed results or typed errors out.
 *
 * Every call: validate the request (GatewayValidationError, nothing sent) → sign it (`encryption_data`) →
 * encode (JSON or form, per operation) → send on the shared transport (queries retried) → map the HTTP status
 * (4xx → GatewayApiError; 5xx → GatewayApiError for queries, GatewayOutcomeUnknownError for mutations) →
 * parse and validate the answer (GatewayResponseError) → envelope `return_status` ≠ OK → GatewayApiError →
 * batch entries returned as data with their outcome and parsed `code:message`.
 */
import { GatewayDeclinedError, GatewayValidationError } from "../errors"
import { encodeBody } from "../encoding"
import { HttpResponse, HttpTransport } from "../http"
import { parseCodeMessage, CodeMessage } from "../schema-helpers"
import { safeEntries } from "../plain-object"
import { AcquiringSigner } from "../signing"
import { joinUrl, transportFor } from "../client-options"
import { parseRequest } from "../validate"
import { AnswerReader, BatchEntryResult } from "./answers"
import {
  AcquiringEndpoint,
  AcquiringOperation,
  CancelRequest,
  CancelResponse,
  CaptureRequest,
  CaptureResponse,
  OrderQueryRequest,
  RefundRequest,
  RefundResponse,
  RefundSearchRequest,
  ReviewRequest,
  ReviewResponse,
} from "./endpoints"
import { AcquiringClientOptions, resolveAcquiringOptions, ResolvedAcquiringOptions } from "./options"
import { AuthoriseApmRequest, AuthoriseRequest, AuthoriseResult, PaymentOutcome } from "./schemas/authorise"
import { CancelResultEntry, CaptureResultEntry, RefundResultEntry, ReviewResultEntry } from "./schemas/batches"
import { CancelSubscriptionRequest, CancelSubscriptionResponse } from "./schemas/cancel-subscription"
import { CheckoutRequest, CheckoutResult } from "./schemas/checkout"
import { OptimiseRequest, OptimiseResponse } from "./schemas/optimise"
import { OrderQueryResponse } from "./schemas/order-query"
import { PayoutRequest, PayoutResponse } from "./schemas/payout"
import { RefundSearchResponse } from "./schemas/refund-search"

export type CaptureResult = Omit<CaptureResponse, "capture_orders"> & {
  capture_orders: (CaptureResultEntry & BatchEntryResult)[]
}
export type CancelResult = Omit<CancelResponse, "cancel_orders"> & {
  cancel_orders: (CancelResultEntry & BatchEntryResult)[]
}
export type ReviewResult = Omit<ReviewResponse, "review_orders"> & {
  review_orders: (ReviewResultEntry & BatchEntryResult)[]
}
export type RefundResult = Omit<RefundResponse, "refund_orders"> & {
  refund_orders: (RefundResultEntry & BatchEntryResult)[]
}
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

/** Which signed message a notification is: a payment's (and every transaction change's) or a payout's. */
export type NotificationFormula = "notification" | "payoutNotification"

export interface ReadNotification {
  formula: NotificationFormula
  verified: boolean
  /** Our names and values; act on them only when `verified`, and on the signed ones only. */
  fields: Record<string, unknown>
}

export class AcquiringClient {
  readonly #resolved: ResolvedAcquiringOptions
  readonly #signer: AcquiringSigner
  readonly #transport: HttpTransport
  readonly #answers: AnswerReader

  constructor(options: AcquiringClientOptions) {
    this.#resolved = resolveAcquiringOptions(options)
    this.#signer = new AcquiringSigner(options.signKey, options.signatureOverrides, this.#resolved.endpoints)
    this.#answers = new AnswerReader(this.#resolved, this.#signer, options.verifyResponseSignatures ?? true)
    this.#transport = transportFor(options, options.signKey, this.#resolved.wire)
  }

  /** The signer with this client's key and table (e.g. to verify notifications elsewhere). */
  get signer(): AcquiringSigner {
    return this.#signer
  }

  /** Each operation's endpoint row with the options applied (path, encoding, retry safety, signature, schemas). */
  get operations(): ResolvedAcquiringOptions["endpoints"] {
    return this.#resolved.endpoints
  }

  // ---------------------------------------------------------------- the operations (rows of ./endpoints.ts)
  // Most are the row's call as it is, typed: made by #operation (the two that read more are methods below).

  /** Direct card payment (`/v1/authorise`). A decline is a result (`outcome: "declined"`), not an error. */
  readonly authorise = this.#operation<AuthoriseRequest, AuthoriseResult>("authorise")

  /** APM payment: `/v1/authorise` with `payment_method`; the shopper goes to `issuer_url`. */
  readonly authoriseApm = this.#operation<AuthoriseApmRequest, AuthoriseResult>("apm")

  /** Hosted page (`/v1/checkout`): the raw HTML and its form's action and hidden inputs. */
  readonly checkout = this.#operation<CheckoutRequest, CheckoutResult>("checkout")

  /** Order query (`/v1/retrievalTrans`): by merchant order numbers and/or transaction ids, ≤ 100 together. */
  readonly orderQuery = this.#operation<OrderQueryRequest, OrderQueryResult>("orderQuery")

  /** Refund search (`/v1/retrievalRefund`): by order numbers, refund_reference_ids and merchant refund references. */
  readonly refundSearch = this.#operation<RefundSearchRequest, RefundSearchResult>("refundSearch")

  /** Capture (`/v1/capture`), ≤ 50 entries. Entries refused by the gateway come back with `outcome: "refused"`. */
  readonly capture = this.#operation<CaptureRequest, CaptureResult>("capture")

  /** Review (`/v1/review`), ≤ 100 entries: review_flag "1" approves, "0" rejects. */
  readonly review = this.#operation<ReviewRequest, ReviewResult>("review")

  /** Cancel (`/v1/cancel`), ≤ 50 entries. */
  readonly cancel = this.#operation<CancelRequest, CancelResult>("cancel")

  /** Refund (`/v1/refund`), ≤ 50 entries; `refund_reference` makes a repeat recognisable. */
  readonly refund = this.#operation<RefundRequest, RefundResult>("refund")

  /** Payout (`/v1/payout`); `request_id` identifies it (a repeat returns the first payout). */
  readonly payout = this.#operation<PayoutRequest, PayoutResult>("payout")

  /** Optimise payment methods (`/v1/optimise`): methods ranked by expected acceptance, best first. */
  async optimise(request: OptimiseRequest): Promise<OptimiseResult> {
    const res = await this.call<OptimiseResult>("optimise", request)
    return { ...res, payment_methods: [...res.payment_methods].sort((a, b) => a.rank - b.rank) }
  }

  /** Cancel a subscription (`/v1/cancelsubscription`). */
  async cancelSubscription(request: CancelSubscriptionRequest): Promise<CancelSubscriptionResult> {
    const res = await this.call<CancelSubscriptionResponse>("cancelSubscription", request)
    return {
      ...res,
      cancelled: this.#resolved.statusCodes.subscriptionCancelled.includes(res.cancel_status),
      result: parseCodeMessage(res.error_message),
    }
  }

  /** An operation of the table as a method: its request type in, its result type out (`call` does the work). */
  #operation<Q extends object, R>(operation: AcquiringOperation) {
    return (request: Q): Promise<R> => this.call<R>(operation, request)
  }

  /**
   * Any operation of the table, or of the client's `endpoints` option, by name: validate → sign → encode →
   * send → read the answer as its row says (JSON with its envelope, the signed XML `respon`, the hosted page),
   * batch entries with their outcome.
   */
  async call<R = Record<string, unknown>>(operation: AcquiringOperation | (string & {}), request: object): Promise<R> {
    const row = this.#row(operation)
    const res = await this.#send(operation, this.#prepare(operation, request))
    if (res.status < 200 || res.status >= 300) throw this.#answers.httpFailure(operation, row, res)
    return this.#answers.read(operation, row, res) as R
  }

  /**
   * A notification as received, read once. Its formula: the payout formula when its `notify_type` (in our
   * names and values) is PAYOUT, else the payment-notification formula. `verified`: its `encryption_data`
   * checked in constant time over its fields in our names (`fieldNames.notification` / `payoutNotification`
   * undone) with their values as received (the gateway signs what it sends). `fields`: our names and values
   * (`fieldValues` undone too). Both come from one copy of the payload without the keys that could change an
   * object's prototype (../plain-object.ts), so what is read is what was verified.
   */
  readNotification(payload: Readonly<Record<string, unknown>>): ReadNotification {
    const wire = this.#resolved.wire
    const received = Object.fromEntries(safeEntries(payload))
    const asPayment = wire.answer("notification", received)
    const formula: NotificationFormula = asPayment.notify_type === "PAYOUT" ? "payoutNotification" : "notification"
    const fields = formula === "notification" ? asPayment : wire.answer(formula, received)
    const named = wire.answerNames(formula, received)
    return { formula, verified: this.#signer.verify(formula, named, named.encryption_data), fields }
  }

  /** Whether a notification's signature verifies (readNotification). */
  verifyNotification(payload: Readonly<Record<string, unknown>>): boolean {
    return this.readNotification(payload).verified
  }

  /** A notification in our names and values (readNotification); read it only once it verified. */
  decodeNotification(payload: Readonly<Record<string, unknown>>): Record<string, unknown> {
    return this.readNotification(payload).fields
  }

  /**
   * The request exactly as `operation` would send it (validated, wire map applied, signed, encoded), without
   * sending it: for benchmarks, logs and checks of the wire names.
   */
  wireRequest(
    operation: AcquiringOperation | (string & {}),
    request: object
  ): { url: string; contentType: string; body: string } {
    const { url, text, contentType } = this.#encode(operation, this.#prepare(operation, request))
    return { url: url.toString(), contentType, body: text }
  }

  /** Reads an `order_status` through the client's status table. */
  paymentOutcome(orderStatus: string): PaymentOutcome {
    return this.#answers.paymentOutcome(orderStatus)
  }

  /** Closes the connection pools. */
  async close(): Promise<void> {
    await this.#transport.close()
  }

  // ---------------------------------------------------------------- internals

  #row(op: string): AcquiringEndpoint {
    const row = this.#resolved.endpoints[op]
    if (!row)
      throw new GatewayValidationError(
        { field: "(operation)", rule: `"${op}" is not an endpoint of this client` },
        { operation: op }
      )
    return row
  }

  /** The validated request of `op` in the fields it sends (query filters comma-joined). */
  #prepare(op: string, request: unknown): Body {
    const row = this.#row(op)
    const req = request !== null && typeof request === "object" ? (request as Body) : {}
    const { merchantId, accountId } = this.#resolved.options
    const body = parseRequest(row.request, { ...req, merchant_id: merchantId, account_id: accountId }, op) as Body
    if (!row.filters) return body
    const wire: Body = { merchant_id: body.merchant_id, account_id: body.account_id }
    for (const f of row.filters.names) {
      const list = body[f] as string[] | undefined
      if (list?.length) wire[f] = list.join(",")
    }
    return wire
  }

  /**
   * Applies the wire map, signs, encodes and sends; answers of any status come back, in our names (the wire
   * map's renames and value translations undone; see ../wire-map.ts).
   */
  async #send(op: string, body: Body): Promise<HttpResponse> {
    const { url, text, contentType } = this.#encode(op, body)
    const row = this.#row(op)
    const res = await this.#transport.send({
      operation: op,
      url,
      body: text,
      contentType,
      idempotent: row.retrySafe,
      ...(row.cardData ? { cardData: true } : {}),
    })
    return this.#fromWire(op, res)
  }

  /** Values of the wire map (before signing: the gateway signs what it receives) → signature → names → body. */
  #encode(op: string, body: Body): { url: URL; text: string; contentType: string } {
    const row = this.#row(op)
    const wire = this.#resolved.wire
    const valued = wire.requestValues(op, body)
    const signed: Body = { ...valued, encryption_data: this.#signer.sign(op as AcquiringOperation, valued) }
    const { body: text, contentType } = encodeBody(wire.requestNames(op, signed), row.contentType)
    return { url: joinUrl(this.#resolved.options.baseUrl, row.path), text, contentType }
  }

  /** An answer in the gateway's names → ours (2xx: names and values; otherwise the error body's `source`). */
  #fromWire(op: string, res: HttpResponse): HttpResponse {
    const wire = this.#resolved.wire
    if (wire.isIdentity(op)) return res
    const ok = res.status >= 200 && res.status < 300
    const body = ok
      ? wire.answerText(op, res.body, { xml: this.#row(op).answer === "respon-xml" })
      : wire.errorText(op, res.body)
    return body === res.body ? res : { ...res, body }
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
