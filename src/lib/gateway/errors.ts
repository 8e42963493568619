/**
 * The gateway library's error classes: one class per kind of failure, so that a caller can decide what to do
 * from the class alone (`instanceof`), and a message that says what to do next.
 *
 * | class                      | meaning                                                                  |
 * |----------------------------|--------------------------------------------------------------------------|
 * | GatewayOptionsError        | the client's options are wrong (names the option); raised at creation    |
 * | GatewayValidationError     | a request field is wrong (names field and rule); nothing was sent         |
 * | GatewaySignatureError      | a response's signature did not verify; do not trust its content           |
 * | GatewayDeclinedError       | a payment was declined (raised only by `assertApproved`)                  |
 * | GatewayApiError            | the acquiring gateway refused the request (code, message, HTTP status)    |
 * | GatewayTransportError      | the request did not reach the gateway or was a query: nothing happened    |
 * | GatewayOutcomeUnknownError | a mutating request was sent but no answer came back: reconcile it         |
 * | GatewayResponseError       | the answer did not match the expected shape (names the field)             |
 * | IssuingApiError            | the issuing API answered a non-zero code (code + English message)         |
 */

/** Base class of every error this library throws. */
export class GatewayError extends Error {
  /** Stable name of the kind, e.g. "validation", "api", "outcome_unknown". */
  readonly kind: string
  /** The operation (e.g. "capture", "cardQuery") when the error belongs to one. */
  readonly operation?: string

  constructor(kind: string, message: string, options?: { operation?: string; cause?: unknown }) {
    super(message)
    this.name = new.target.name
    if (options?.cause !== undefined) {
      // set by hand: the ES2021 lib has no ErrorOptions
      Object.defineProperty(this, "cause", {
        value: options.cause,
        enumerable: false,
        writable: true,
        configurable: true,
      })
    }
    this.kind = kind
    if (options?.operation !== undefined) this.operation = options.operation
  }
}

/** A client option is missing or malformed. Raised by `createAcquiringClient` / `createIssuingClient`. */
export class GatewayOptionsError extends GatewayError {
  readonly option: string
  constructor(option: string, rule: string) {
    super("options", `Gateway client option "${option}" ${rule}`)
    this.option = option
  }
}

export interface ValidationIssue {
  /** Field path as written in the request, e.g. `capture_orders[3].amount`. */
  field: string
  /** The rule that failed, e.g. "at most 50 characters". */
  rule: string
}

/** A request did not pass local validation; it was not sent. */
export class GatewayValidationError extends GatewayError {
  /** First failing field. */
  readonly field: string
  /** First failing rule. */
  readonly rule: string
  /** Every failing field (the first is `field`/`rule`). */
  readonly issues: ValidationIssue[]

  constructor(issues: ValidationIssue[] | ValidationIssue, options?: { operation?: string }) {
    const list = Array.isArray(issues) ? issues : [issues]
    const first = list[0] ?? { field: "(request)", rule: "is invalid" }
    const where = options?.operation ? ` in ${options.operation} request` : ""
    const more =
      list.length > 1
        ? ` (and ${list.length - 1} more: ${list
            .slice(1, 4)
            .map((i) => i.field)
            .join(", ")})`
        : ""
    super(
      "validation",
      `Invalid field "${first.field}"${where}: ${first.rule}${more}. Nothing was sent to the gateway; fix the field and retry.`,
      options
    )
    this.field = first.field
    this.rule = first.rule
    this.issues = list
  }
}

/** The signature of a gateway answer (or notification) did not verify. */
export class GatewaySignatureError extends GatewayError {
  /** The signature field that failed (`encryption_data` or `sign`). */
  readonly field: string
  constructor(operation: string, field = "encryption_data", detail?: string) {
    super(
      "signature",
      `The ${operation} answer's signature (${field}) does not verify${detail ? ` (${detail})` : ""}: ` +
        `do not trust it. Check the sign key and the signature field list for this answer; ` +
        `confirm the state with the order query.`,
      { operation }
    )
    this.field = field
  }
}

/** A payment was declined by the gateway. Raised by `assertApproved`, never by the clients themselves. */
export class GatewayDeclinedError extends GatewayError {
  readonly code: string
  readonly gatewayMessage: string
  readonly orderStatus: string
  readonly transactionId?: string
  constructor(args: { code: string; message: string; orderStatus: string; transactionId?: string }) {
    super(
      "declined",
      `Payment declined by the gateway (${args.code}: ${args.message}); ask the shopper for another card or payment method.`,
      { operation: "authorise" }
    )
    this.code = args.code
    this.gatewayMessage = args.message
    this.orderStatus = args.orderStatus
    if (args.transactionId !== undefined) this.transactionId = args.transactionId
  }
}

/** Advice for well-known gateway codes, appended to messages. */
const API_ADVICE: Record<string, string> = {
  I0001: "a required field is missing: send it",
  I0002: "a field is too long or malformed: correct it",
  I0013:
    "signature rejected: check the sign key (it is case-sensitive), the signature field list for this endpoint, " +
    "that the hash is SHA-256, and that return_url contains no '&'",
  I0014: "a test account was used against the live gateway: use the live merchant and account ids",
  I0015: "a live account was used against the test gateway: use the test merchant and account ids",
  I0030: "this order_no already has an approved or pending transaction: use a new order number",
  I0404: "unknown merchant or account: check merchantId and accountId",
}

/** Advice for batch envelope `return_status` values. */
const RETURN_STATUS_ADVICE: Record<string, string> = {
  "3": "incomplete parameters: send every required field",
  "4": "too many orders in one request: split the batch (see splitBatch)",
  "5": "merchant access error: check merchantId and accountId",
  "6": "signature error: check the sign key and the signature field list",
  "7": "IP not registered with the gateway: register this server's IP address for the order query",
  "999": "gateway system error: retry later",
}

/** The acquiring gateway refused a request: HTTP 4xx/5xx with `{code, source, message}` or `return_status` ≠ 1. */
export class GatewayApiError extends GatewayError {
  /** Gateway code (e.g. "I0013"), `return_status:<n>` for envelope refusals, or `HTTP_<status>`. */
  readonly code: string
  /** The gateway's own message text. */
  readonly gatewayMessage: string
  /** HTTP status of the answer. */
  readonly httpStatus: number
  /** The offending field named by the gateway (`source`), when given. */
  readonly source?: string
  /** The envelope's `return_status` when the refusal came that way. */
  readonly returnStatus?: string

  constructor(args: {
    operation: string
    code: string
    message: string
    httpStatus: number
    source?: string
    returnStatus?: string
  }) {
    const advice =
      args.returnStatus !== undefined ? RETURN_STATUS_ADVICE[args.returnStatus] : (API_ADVICE[args.code] ?? undefined)
    const src = args.source ? ` (field ${args.source})` : ""
    const head =
      args.returnStatus === "7"
        ? "IP not registered with the gateway: register this server's IP address for the order query"
        : args.code === "I0013"
          ? `Gateway rejected the ${args.operation} signature (I0013): check the sign key`
          : `Gateway refused ${args.operation}: ${args.code} ${args.message}${src}`
    super("api", advice && !head.includes(advice) ? `${head}. ${cap(advice)}.` : `${head}.`, {
      operation: args.operation,
    })
    this.code = args.code
    this.gatewayMessage = args.message
    this.httpStatus = args.httpStatus
    if (args.source !== undefined) this.source = args.source
    if (args.returnStatus !== undefined) this.returnStatus = args.returnStatus
  }
}

/** The request certainly had no effect at the gateway (it was not sent, or it was a query). Safe to retry. */
export class GatewayTransportError extends GatewayError {
  /** Low-level error code (e.g. ECONNREFUSED, UND_ERR_CONNECT_TIMEOUT), when known. */
  readonly code?: string
  readonly httpStatus?: number
  constructor(operation: string, detail: string, options?: { cause?: unknown; code?: string; httpStatus?: number }) {
    super(
      "transport",
      `Could not complete ${operation} with the gateway (${detail}); nothing was changed at the gateway: ` +
        `check the base URL and the network, then retry.`,
      { operation, cause: options?.cause }
    )
    if (options?.code !== undefined) this.code = options.code
    if (options?.httpStatus !== undefined) this.httpStatus = options.httpStatus
  }
}

/**
 * A mutating request was sent but its answer never arrived (timeout, dropped connection, 5xx):
 * the gateway may or may not have processed it. Record it as pending and reconcile with the order query
 * or refund search; do not blindly repeat it.
 */
export class GatewayOutcomeUnknownError extends GatewayError {
  readonly code?: string
  readonly httpStatus?: number
  constructor(operation: string, detail: string, options?: { cause?: unknown; code?: string; httpStatus?: number }) {
    super(
      "outcome_unknown",
      `The outcome of ${operation} is unknown (${detail}): the request was sent but no usable answer came back. ` +
        `Record it as pending and reconcile with the order query / refund search before repeating it.`,
      { operation, cause: options?.cause }
    )
    if (options?.code !== undefined) this.code = options.code
    if (options?.httpStatus !== undefined) this.httpStatus = options.httpStatus
  }
}

/** A gateway answer did not match its expected shape. */
export class GatewayResponseError extends GatewayError {
  /** The offending field path in the answer (`(body)` when the body itself could not be parsed). */
  readonly field: string
  readonly rule: string
  readonly httpStatus?: number
  constructor(operation: string, field: string, rule: string, options?: { httpStatus?: number; cause?: unknown }) {
    super(
      "response",
      `The gateway's ${operation} answer is malformed at "${field}": ${rule}. ` +
        `The request may have been processed: confirm with the order query before repeating it.`,
      { operation, cause: options?.cause }
    )
    this.field = field
    this.rule = rule
    if (options?.httpStatus !== undefined) this.httpStatus = options.httpStatus
  }
}

const ISSUING_ADVICE: Record<number, string> = {
  1001: "correct the named parameter",
  1002: "signature rejected: check the api key and the sign scheme ('fields' or 'sorted-json')",
  1003: "the record does not exist: check the id",
  1004: "the record's state does not allow this operation",
  1005: "insufficient balance: recharge the group first",
}

/** The issuing API answered with a non-zero `code`. */
export class IssuingApiError extends GatewayError {
  readonly code: number
  /** The en-US text of `msg`. */
  readonly gatewayMessage: string
  /** The zh-CN text of `msg`, when given. */
  readonly gatewayMessageZh?: string
  constructor(args: { operation: string; code: number; message: string; messageZh?: string }) {
    const advice = ISSUING_ADVICE[args.code]
    super(
      "issuing_api",
      `Issuing ${args.operation} failed with code ${args.code}: ${args.message}${advice ? ` (${advice})` : ""}.`,
      {
        operation: args.operation,
      }
    )
    this.code = args.code
    this.gatewayMessage = args.message
    if (args.messageZh !== undefined) this.gatewayMessageZh = args.messageZh
  }
}

function cap(s: string): string {
  return s.length ? s[0]!.toUpperCase() + s.slice(1) : s
}
