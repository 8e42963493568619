/**
 * The one transport under both clients: one undici `Pool` per base URL origin (keep-alive), connect /
 * headers / body timeouts, and a retry policy that repeats ONLY queries (requests marked `idempotent`) on
 * connection errors and 5xx answers, with bounded exponential back-off and full jitter.
 *
 * What a failure means is decided here, because only here is it known whether the request left:
 * - the request was not completely written (connect refused, DNS, connect timeout): `GatewayTransportError`,
 *   nothing can have been processed;
 * - a mutating request was completely written and then the answer timed out or the connection dropped:
 *   `GatewayOutcomeUnknownError`;
 * - a query that still fails after its retries: `GatewayTransportError` (a query changes nothing).
 * HTTP answers of any status are returned to the caller, which maps them (4xx, 5xx) to typed errors.
 *
 * Every attempt also has a total deadline (`totalMs`): undici's body timeout measures only the idle time between
 * chunks, so an answer trickled a byte at a time would otherwise hold the request (and the locks around it)
 * open almost without end. A deadline that passes is a failure like any other: an unknown outcome once a
 * mutating request was sent, a retried failure for a query.
 *
 * One attempt on the wire is ./http-dispatch.ts. The error classes live in ./errors and are re-exported here.
 */
import { Pool } from "undici"
import { GatewayOutcomeUnknownError, GatewayTransportError } from "./errors"
import { describe, dispatchOnce, DispatchFailure, errorCode, wasSent } from "./http-dispatch"
import type { HttpRequest, HttpResponse, TimeoutOptions } from "./http-types"
import { redact, RedactOptions } from "./redact"

export * from "./errors"
export { DEADLINE_CODE } from "./http-dispatch"
export type { HttpRequest, HttpResponse, TimeoutOptions } from "./http-types"

export interface RetryOptions {
  /** Total attempts for a query, first one included (default 3; 1 disables retries). */
  attempts?: number
  /** Base of the exponential back-off (default 200 ms): waits are random in [0, min(maxMs, baseMs·2^n)]. */
  baseMs?: number
  /** Cap of one wait (default 2000 ms). */
  maxMs?: number
}

/** A logger: each level takes one already-redacted line. Medusa's logger and `console` both fit. */
export interface GatewayLogger {
  debug?(line: string): void
  info?(line: string): void
  warn?(line: string): void
  error?(line: string): void
  /**
   * Whether a line of `level` would be written (Medusa's `logger.shouldLog`). A level it refuses costs
   * nothing: its line, and the redacted bodies in it, are never built.
   */
  enabled?(level: "debug" | "info" | "warn" | "error"): boolean
}

type LogLevel = "debug" | "info" | "warn" | "error"

export interface HttpTransportOptions {
  timeouts?: TimeoutOptions
  retry?: RetryOptions
  logger?: GatewayLogger
  /** Secrets (sign key, api key) that must never appear in a log line. */
  secrets?: readonly string[]
  /**
   * More field names redacted in log lines besides the ones redaction knows in every spelling: the gateway's
   * names of our card, security code, expiry and token fields when the wire map renames them.
   */
  redactFields?: { secret?: readonly string[]; pan?: readonly string[] }
  /** Largest answer body accepted (default 5 MiB). */
  maxResponseBytes?: number
  /** Connections per origin (default: unlimited, undici's default). */
  connections?: number
  /**
   * Whether to log request and response bodies (redacted) at debug level (default false). Bodies of requests
   * marked `cardData` are never logged, whatever this says.
   */
  logBodies?: boolean
}

/** The defaults; `totalMs` is headersMs + bodyMs of the timeouts in force when not given. */
export const DEFAULT_TIMEOUTS: Required<Omit<TimeoutOptions, "totalMs">> = Object.freeze({
  connectMs: 5000,
  headersMs: 30000,
  bodyMs: 30000,
})

export const DEFAULT_RETRY: Required<RetryOptions> = Object.freeze({ attempts: 3, baseMs: 200, maxMs: 2000 })

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

export class HttpTransport {
  readonly timeouts: Required<TimeoutOptions>
  readonly retry: Required<RetryOptions>
  readonly #pools = new Map<string, Pool>()
  readonly #logger?: GatewayLogger
  readonly #redaction: RedactOptions
  readonly #maxResponseBytes: number
  readonly #connections?: number
  readonly #logBodies: boolean
  #closed = false

  constructor(options: HttpTransportOptions = {}) {
    const t: TimeoutOptions & typeof DEFAULT_TIMEOUTS = {
      ...DEFAULT_TIMEOUTS,
      ...stripUndefined(options.timeouts ?? {}),
    }
    this.timeouts = { ...t, totalMs: t.totalMs ?? t.headersMs + t.bodyMs }
    this.retry = { ...DEFAULT_RETRY, ...stripUndefined(options.retry ?? {}) }
    if (options.logger) this.#logger = options.logger
    this.#redaction = {
      secrets: options.secrets ?? [],
      ...(options.redactFields?.secret?.length ? { secretFields: options.redactFields.secret } : {}),
      ...(options.redactFields?.pan?.length ? { panFields: options.redactFields.pan } : {}),
    }
    this.#maxResponseBytes = options.maxResponseBytes ?? 5 * 1024 * 1024
    if (options.connections !== undefined) this.#connections = options.connections
    this.#logBodies = options.logBodies ?? false
  }

  /** The keep-alive pool of an origin, created on first use. */
  pool(origin: string): Pool {
    if (this.#closed) throw new Error("gateway client is closed")
    let pool = this.#pools.get(origin)
    if (!pool) {
      const opts: Pool.Options = {
        connect: { timeout: this.timeouts.connectMs },
        headersTimeout: this.timeouts.headersMs,
        bodyTimeout: this.timeouts.bodyMs,
        keepAliveTimeout: 4000,
      }
      if (this.#connections !== undefined) opts.connections = this.#connections
      pool = new Pool(origin, opts)
      this.#pools.set(origin, pool)
    }
    return pool
  }

  /** Sends a request, retrying queries; returns the answer whatever its status (see the module comment). */
  async send(req: HttpRequest): Promise<HttpResponse> {
    const attempts = req.idempotent ? Math.max(1, this.retry.attempts) : 1
    let lastError: DispatchFailure | undefined
    let lastResponse: HttpResponse | undefined
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) {
        const cap = Math.min(this.retry.maxMs, this.retry.baseMs * 2 ** (attempt - 2))
        const wait = Math.floor(Math.random() * cap)
        this.log("warn", `gateway ${req.operation}: retrying (attempt ${attempt}/${attempts}) in ${wait} ms`, {
          reason: lastError ? describe(lastError) : `HTTP ${lastResponse?.status}`,
        })
        await sleep(wait)
      }
      const started = Date.now()
      const debug = this.logs("debug")
      const bodies = this.#logBodies && !req.cardData
      if (debug) {
        this.log("debug", `gateway ${req.operation}: POST ${req.url.pathname}`, {
          attempt,
          contentType: req.contentType,
          ...(bodies ? { body: req.body } : {}),
        })
      }
      try {
        const res = await dispatchOnce(this.pool(req.url.origin), req, {
          timeouts: this.timeouts,
          maxResponseBytes: this.#maxResponseBytes,
        })
        lastResponse = { ...res, attempts: attempt }
        lastError = undefined
        if (debug) {
          this.log("debug", `gateway ${req.operation}: HTTP ${res.status} in ${Date.now() - started} ms`, {
            // Redact the whole body before cutting it: a card number cut in half would no longer be recognised.
            ...(bodies ? { body: String(redact(res.body, this.#redaction)).slice(0, 4000) } : {}),
          })
        }
        if (res.status >= 500 && req.idempotent && attempt < attempts) continue
        return lastResponse
      } catch (err) {
        lastError = err as DispatchFailure
        const sent = wasSent(lastError)
        this.log("warn", `gateway ${req.operation}: ${describe(err)} after ${Date.now() - started} ms`, { sent })
        if (!req.idempotent) {
          const code = errorCode(err)
          if (sent) {
            throw new GatewayOutcomeUnknownError(req.operation, describe(err), {
              cause: err,
              ...(code ? { code } : {}),
            })
          }
          throw new GatewayTransportError(req.operation, `not sent: ${describe(err)}`, {
            cause: err,
            ...(code ? { code } : {}),
          })
        }
      }
    }
    if (lastResponse && !lastError) return lastResponse
    const code = errorCode(lastError)
    throw new GatewayTransportError(req.operation, `${describe(lastError)}; gave up after ${attempts} attempt(s)`, {
      cause: lastError,
      ...(code ? { code } : {}),
    })
  }

  /** Whether lines of `level` are wanted: the logger has the level and (when it says) writes it. */
  private logs(level: LogLevel): boolean {
    return !!this.#logger?.[level] && this.#logger.enabled?.(level) !== false
  }

  private log(level: LogLevel, message: string, meta?: Record<string, unknown>): void {
    if (!this.logs(level)) return
    const fn = this.#logger![level]!
    // Redact the parts before joining: JSON-escaping a body first would hide its field names from redact().
    const opts = this.#redaction
    const line = redact(message, opts) + (meta ? ` ${JSON.stringify(redact(meta, opts))}` : "")
    fn.call(this.#logger, line)
  }

  /** Closes every pool (waits for requests in flight). */
  async close(): Promise<void> {
    this.#closed = true
    const pools = [...this.#pools.values()]
    this.#pools.clear()
    await Promise.all(pools.map((p) => p.close().catch(() => undefined)))
  }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  const out: Partial<T> = {}
  for (const [k, v] of Object.entries(o)) if (v !== undefined) (out as Record<string, unknown>)[k] = v
  return out
}
