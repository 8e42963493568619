/**
 * One attempt of a request on an undici pool, and what its failure says: whether the request was completely
 * written before it failed, which ./http.ts turns into "not sent" or "outcome unknown".
 */
import type { Dispatcher, Pool } from "undici"
import type { HttpRequest, HttpResponse, TimeoutOptions } from "./http-types"

/** The error code of an attempt stopped by its total deadline. */
export const DEADLINE_CODE = "GATEWAY_DEADLINE"

/** Connection-level error codes that prove the request never reached the server. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "ERR_TLS_CERT_ALTNAME_INVALID",
])

export interface DispatchFailure extends Error {
  code?: string
  /** True once the whole request had been written to the socket. */
  requestSent?: boolean
}

export function errorCode(err: unknown): string | undefined {
  let e: unknown = err
  for (let depth = 0; depth < 4 && e && typeof e === "object"; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === "string" && code !== "UND_ERR") return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

function isErrorLike(err: unknown): err is Error {
  return typeof err === "object" && err !== null && typeof (err as { message?: unknown }).message === "string"
}

export function describe(err: unknown): string {
  const code = errorCode(err)
  const msg = isErrorLike(err) ? err.message : String(err)
  return code ? `${code}: ${msg}` : msg
}

/** Whether a failed attempt's request may have reached the gateway (written, and not refused before the server). */
export function wasSent(err: DispatchFailure): boolean {
  return err.requestSent === true && !NOT_SENT_CODES.has(errorCode(err) ?? "")
}

/**
 * One request on the origin's pool, stopped at `timeouts.totalMs`; rejects with `requestSent` telling whether it
 * was fully written (see `wasSent`).
 */
export function dispatchOnce(
  pool: Pool,
  req: HttpRequest,
  limits: { timeouts: Required<TimeoutOptions>; maxResponseBytes: number }
): Promise<Omit<HttpResponse, "attempts">> {
  const maxBytes = limits.maxResponseBytes
  const body = Buffer.from(req.body, "utf8")
  const totalMs = limits.timeouts.totalMs
  return new Promise((resolve, reject) => {
    let sent = false
    let status = 0
    const headers: Record<string, string> = {}
    const chunks: Buffer[] = []
    let size = 0
    let abort: ((reason?: Error) => void) | undefined
    let settled = false
    let expired: Error | undefined
    // Past the deadline the attempt is aborted; one still queued (not yet on a socket) fails now and is
    // aborted before anything is written when undici hands it a connection (onConnect).
    const deadline = setTimeout(() => {
      expired = Object.assign(new Error(`no complete answer within ${totalMs} ms (total deadline)`), {
        code: DEADLINE_CODE,
      })
      if (abort) abort(expired)
      else fail(expired)
    }, totalMs)
    const fail = (err: unknown) => {
      if (settled) return
      settled = true
      clearTimeout(deadline)
      // duck-typed: undici's errors may come from another realm (e.g. under jest), where instanceof fails
      const e = (isErrorLike(err) ? err : new Error(String(err))) as DispatchFailure
      try {
        e.requestSent = sent || status > 0
      } catch {
        /* frozen error objects: ignore */
      }
      reject(e)
    }
    const handler: Dispatcher.DispatchHandler & Record<string, unknown> = {
      onConnect(a: (reason?: Error) => void) {
        abort = a
        if (expired) a(expired)
      },
      onRequestSent() {
        sent = true
      },
      onBodySent() {},
      onHeaders(statusCode: number, rawHeaders: Buffer[]) {
        status = statusCode
        sent = true
        for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
          headers[rawHeaders[i]!.toString("latin1").toLowerCase()] = rawHeaders[i + 1]!.toString("latin1")
        }
        return true
      },
      onData(chunk: Buffer) {
        size += chunk.length
        if (size > maxBytes) {
          abort?.(new Error(`answer larger than ${maxBytes} bytes`))
          return false
        }
        chunks.push(chunk)
        return true
      },
      onComplete() {
        if (settled) return
        settled = true
        clearTimeout(deadline)
        resolve({ status, headers, body: Buffer.concat(chunks).toString("utf8") })
      },
      onError(err: Error) {
        fail(err)
      },
    }
    try {
      pool.dispatch(
        {
          origin: req.url.origin,
          path: req.url.pathname + req.url.search,
          method: "POST",
          headers: {
            "content-type": req.contentType,
            "content-length": String(body.length),
          },
          body,
          headersTimeout: limits.timeouts.headersMs,
          bodyTimeout: limits.timeouts.bodyMs,
        },
        handler as unknown as Dispatcher.DispatchHandler
      )
    } catch (err) {
      fail(err)
    }
  })
}
