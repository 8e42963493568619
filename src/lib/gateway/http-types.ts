// The shapes of a gateway HTTP exchange, shared by the transport (http.ts) and its one attempt (http-dispatch.ts).

/**
 * Timeouts. undici runs the headers and body timeouts on its coarse timers (about 1 s resolution), so values
 * under a second behave like about one second.
 */
export interface TimeoutOptions {
  /** Time to establish a TCP/TLS connection (default 5000 ms). */
  connectMs?: number
  /** Time from the request being sent to the answer's headers (default 30000 ms). */
  headersMs?: number
  /** Maximum idle time between chunks of the answer's body (default 30000 ms). */
  bodyMs?: number
  /**
   * Longest an attempt may take from being queued to its whole answer, however the bytes trickle in
   * (default: headersMs + bodyMs).
   */
  totalMs?: number
}

export interface HttpRequest {
  /** Operation name for errors and logs, e.g. "capture". */
  operation: string
  /** Full URL of the endpoint. */
  url: URL
  /** Encoded body. */
  body: string
  /** Content-Type header value. */
  contentType: string
  /** True for queries: safe to repeat, retried on connection errors and 5xx. */
  idempotent: boolean
  /**
   * The request or its answer carries card data (a card number, security code, expiry or token): its bodies
   * are never logged, even with `logBodies`; redaction is a second line of defence, not the first.
   */
  cardData?: boolean
}

export interface HttpResponse {
  status: number
  headers: Record<string, string>
  body: string
  /** Attempts used (1 when not retried). */
  attempts: number
}
