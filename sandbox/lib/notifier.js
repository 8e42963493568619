// @ts-check
"use strict"
/**
 * Outgoing notifications to `notify_url`: JSON or form bodies, any 2xx acknowledges, otherwise retried
 * with exponential back-off and jitter (first retry after `baseMs`, doubling, capped at 12 h per wait) until
 * `attempts` attempts have been made. Every attempt is recorded for GET /sandbox/notifications.
 * `resend(notify_id)` delivers an earlier notification again, unchanged (POST /sandbox/notifications/{id}/resend).
 */
const crypto = require("node:crypto")

const MAX_WAIT_MS = 12 * 60 * 60 * 1000
const ATTEMPT_TIMEOUT_MS = 10000

/**
 * Wait before retry number `n` (n = 1 for the first retry): base * 2^(n-1), capped, plus up to 25% jitter.
 * @param {number} baseMs @param {number} n @param {() => number} [random]
 */
function backoffMs(baseMs, n, random = Math.random) {
  const d = Math.min(MAX_WAIT_MS, baseMs * 2 ** Math.max(0, n - 1))
  return Math.round(d + random() * d * 0.25)
}

/** Form-encode a flat object (objects/arrays as JSON text). @param {Record<string, unknown>} payload */
function formEncode(payload) {
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(payload)) {
    if (v === undefined || v === null) p.append(k, "")
    else p.append(k, typeof v === "object" ? JSON.stringify(v) : String(v))
  }
  return p.toString()
}

/**
 * @param {{ baseMs: number, attempts: number, timers: ReturnType<typeof import("./timers").createTimers>, log?: (msg: string) => void }} opts
 */
function createNotifier(opts) {
  /** @type {any[]} */
  let records = []
  /** @type {Set<AbortController>} */
  const inflight = new Set()
  let generation = 0

  /** @param {any} rec */
  async function attempt(rec) {
    if (rec.state !== "sending") return
    const gen = generation
    const n = rec.attempts.length + 1
    const started = Date.now()
    const entry = {
      attempt: n,
      at: new Date(started).toISOString(),
      status: /** @type {number|null} */ (null),
      error: /** @type {string|null} */ (null),
      duration_ms: 0,
    }
    rec.attempts.push(entry)
    rec.next_attempt_at = null
    const ac = new AbortController()
    inflight.add(ac)
    const timeout = setTimeout(() => ac.abort(new Error("timeout")), ATTEMPT_TIMEOUT_MS)
    timeout.unref()
    try {
      const res = await fetch(rec.url, {
        method: "POST",
        headers: { "content-type": rec.content_type },
        body: rec.body,
        signal: ac.signal,
        redirect: "manual",
      })
      entry.status = res.status
      // drain the body so the connection can be reused
      await res.arrayBuffer().catch(() => undefined)
    } catch (e) {
      entry.error =
        e && /** @type {any} */ (e).cause
          ? String(/** @type {any} */ (e).cause.message || e)
          : String((e && /** @type {any} */ (e).message) || e)
    } finally {
      clearTimeout(timeout)
      inflight.delete(ac)
      entry.duration_ms = Date.now() - started
    }
    if (gen !== generation) return // cancelled by reset()/close()
    if (entry.status !== null && entry.status >= 200 && entry.status < 300) {
      rec.acknowledged = true
      rec.state = "acknowledged"
      if (opts.log)
        opts.log(
          `notification ${rec.notify_type} ${rec.notify_id} acknowledged (${entry.status}) after ${n} attempt(s)`
        )
      return
    }
    if (n >= opts.attempts) {
      rec.state = "failed"
      if (opts.log) opts.log(`notification ${rec.notify_type} ${rec.notify_id} gave up after ${n} attempt(s)`)
      return
    }
    const wait = backoffMs(opts.baseMs, n)
    rec.next_attempt_at = new Date(Date.now() + wait).toISOString()
    opts.timers.after(wait, () => void attempt(rec))
  }

  /** @param {string} url */
  function validUrl(url) {
    try {
      const u = new URL(url)
      return u.protocol === "http:" || u.protocol === "https:"
    } catch {
      return false
    }
  }

  /**
   * Record a delivery and make its first attempt at once (asynchronously).
   * @param {{ url: string } & Record<string, any>} fields
   */
  function deliver(fields) {
    const rec = {
      ...fields,
      created_at: new Date().toISOString(),
      state: "sending",
      acknowledged: false,
      next_attempt_at: /** @type {string|null} */ (null),
      attempts: /** @type {any[]} */ ([]),
    }
    records.push(rec)
    if (!validUrl(rec.url)) {
      rec.state = "failed"
      rec.attempts.push({ attempt: 1, at: rec.created_at, status: null, error: "invalid notify_url", duration_ms: 0 })
      return rec
    }
    opts.timers.after(0, () => void attempt(rec))
    return rec
  }

  return {
    /**
     * Queue a notification; the first attempt is made at once (asynchronously).
     * @param {{ url: string, format: "json"|"form", payload: Record<string, unknown>, notify_type: string, notify_id: string }} n
     */
    send(n) {
      return deliver({
        notify_id: n.notify_id,
        notify_type: n.notify_type,
        url: n.url,
        format: n.format,
        content_type: n.format === "form" ? "application/x-www-form-urlencoded" : "application/json",
        payload: n.payload,
        body: n.format === "form" ? formEncode(n.payload) : JSON.stringify(n.payload),
        delivery: 1,
        resend_of: /** @type {string|null} */ (null),
      })
    },
    /**
     * Deliver an earlier notification again, byte for byte (same notify_id, payload, signature and content
     * type), as a new delivery with its own attempts and retries: a late or repeated notification.
     * @param {string} notifyId
     * @param {{ url?: string }} [o] another address (default: the original one)
     * @returns {any|null} the new delivery record, or null when no notification has that notify_id
     */
    resend(notifyId, o = {}) {
      const same = records.filter((r) => r.notify_id === notifyId)
      if (same.length === 0) return null
      const original = same[0]
      return deliver({
        notify_id: original.notify_id,
        notify_type: original.notify_type,
        url: o.url || original.url,
        format: original.format,
        content_type: original.content_type,
        payload: original.payload,
        body: original.body,
        delivery: same.length + 1,
        resend_of: original.notify_id,
      })
    },
    /** Every notification, oldest first. */
    list() {
      return records
    },
    /** Stop every pending retry and in-flight attempt. */
    cancelAll() {
      generation += 1
      for (const ac of inflight) ac.abort(new Error("sandbox closed"))
      inflight.clear()
      for (const r of records) if (r.state === "sending") r.state = "cancelled"
    },
    /** Cancel everything and forget the records. */
    reset() {
      this.cancelAll()
      records = []
    },
    newId() {
      return crypto.randomUUID()
    },
  }
}

module.exports = { createNotifier, backoffMs, formEncode, MAX_WAIT_MS }
