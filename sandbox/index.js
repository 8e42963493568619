// @ts-check
"use strict"
/**
 * Gateway sandbox: a stateful simulator of the acquiring API (`/v1/...`) and the issuing API (`/api/...`),
 * implementing docs/gateway-contract.md. Node's standard library only.
 *
 *   const { startSandbox } = require("./sandbox")
 *   const sb = await startSandbox({ port: 0, quiet: true })
 *   // sb.url, sb.acquiringUrl, sb.issuingUrl, sb.port, sb.close(), sb.reset(), sb.setFaults(rules),
 *   // sb.clearFaults(), sb.setPaidStatus(code), sb.stats(), sb.store, sb.now(), sb.advanceClock(seconds)
 *
 * This file wires the HTTP server, the store, the timers and the notifier to the request pieces in lib/:
 * routing.js (which handler answers a path), request-faults.js (what the fault rules do to a request) and
 * serialise.js (an answer -> status, headers, body).
 */
const http = require("node:http")
const { resolveOptions, DEFAULTS } = require("./lib/options")
const { readBody, BodyError } = require("./lib/body")
const { createStore, clearStore } = require("./lib/store")
const { seed } = require("./lib/issuing-state")
const { createFaults } = require("./lib/faults")
const { createTimers } = require("./lib/timers")
const { createNotifier } = require("./lib/notifier")
const { createClock, parseAdvance } = require("./lib/clock")
const { advanceClock } = require("./lib/subscription-control")
const { familyOf, isGateway, route } = require("./lib/routing")
const { serialise } = require("./lib/serialise")
const requestFaults = require("./lib/request-faults")
const { TEST_CARDS, MAGIC_CARDS } = require("./lib/payments")

// The public types are declared in index.d.ts ("./index" resolves to it), and this file is checked against them.
/** @typedef {import("./index").Sandbox} Sandbox */

/**
 * Start a sandbox.
 * @param {import("./index").SandboxOptions} [options]
 * @returns {Promise<Sandbox>}
 */
async function startSandbox(options = {}) {
  const opts = resolveOptions(options)
  const log = opts.quiet ? () => {} : (/** @type {string} */ m) => console.log(`[sandbox] ${m}`)
  const timers = createTimers() // notifications, refund and payout settlement: cleared by reset() and close()
  const requestTimers = createTimers() // latency waits of requests in flight: cleared by close()
  const store = createStore()
  seed(store)
  const faults = createFaults()
  const clock = createClock() // subscriptions' time: moved by POST /sandbox/clock, set back by reset()
  const notifier = createNotifier({ baseMs: opts.notifyBaseMs, attempts: opts.notifyAttempts, timers, log })
  /** @type {{ total: number, byPath: Record<string, number> }} */
  let counters = { total: 0, byPath: {} }
  /** Requests being answered now, and the most at once since the last reset, per gateway path. @type {Record<string, number>} */
  let inFlight = {}
  /** @type {Record<string, number>} */
  let mostInFlight = {}
  let closed = false

  /** @type {any} */
  const ctx = { options: opts, store, faults, timers, notifier, clock, log, url: "", sandbox: null }

  /** @param {http.IncomingMessage} req @param {http.ServerResponse} res */
  async function handle(req, res) {
    const started = Date.now()
    res.on("error", () => {})
    let url
    try {
      url = new URL(req.url || "/", "http://sandbox.invalid")
    } catch {
      res.writeHead(400, { "content-type": "text/plain" }).end("bad request target")
      return
    }
    const path = url.pathname
    const family = familyOf(path)
    const gateway = isGateway(family)
    if (gateway) {
      counters.total += 1
      counters.byPath[path] = (counters.byPath[path] || 0) + 1
      inFlight[path] = (inFlight[path] || 0) + 1
      mostInFlight[path] = Math.max(mostInFlight[path] || 0, inFlight[path])
      const counted = inFlight
      res.once("close", () => void (counted[path] = Math.max(0, (counted[path] || 1) - 1)))
    }
    const fault = requestFaults.faultsFor(faults, gateway, path, opts.latencyMs)
    const host = String(req.headers.host || "")
    const baseUrl = /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? `http://${host}` : ctx.url
    /** @type {any} */
    let response
    let text = ""
    try {
      text = await readBody(req)
    } catch (e) {
      if (!(e instanceof BodyError)) return
      response = { status: e.status, json: { code: "I0002", source: "body", message: e.message } }
    }
    if (!response) {
      const info = {
        method: String(req.method || "GET").toUpperCase(),
        path,
        query: url.searchParams,
        text,
        contentType: req.headers["content-type"],
        baseUrl,
        ip: req.socket.remoteAddress || "",
      }
      response = requestFaults.answerInstead(fault) || route(ctx, info, family)
    }
    if (fault.latencyMs > 0) await requestTimers.sleep(fault.latencyMs)
    if (closed) return
    requestFaults.corruptSignatures(fault, response)
    requestFaults.redirectElsewhere(fault, response, baseUrl)
    if (requestFaults.dropConnection(fault, req, path, log)) return
    const out = serialise(response)
    const body = requestFaults.truncateBody(fault, out.body)
    out.headers["content-length"] = String(body.length)
    res.writeHead(out.status, out.headers)
    res.end(body)
    if (family !== "control" || out.status >= 400) log(`${req.method} ${path} ${out.status} ${Date.now() - started}ms`)
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((e) => {
      log(`unhandled: ${e && e.stack ? e.stack : e}`)
      try {
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain" })
        res.end("sandbox internal error")
      } catch {
        /* socket gone */
      }
    })
  })
  server.keepAliveTimeout = 5000

  await new Promise((resolve, reject) => {
    server.once("error", reject)
    server.listen(opts.port, opts.host, () => {
      server.off("error", reject)
      resolve(undefined)
    })
  })
  const address = /** @type {import("node:net").AddressInfo} */ (server.address())
  const hostText = opts.host.includes(":") ? `[${opts.host}]` : opts.host
  const url = `http://${hostText}:${address.port}`
  ctx.url = url

  /** @type {Sandbox} */
  const sandbox = {
    url,
    acquiringUrl: url,
    issuingUrl: `${url}/api`,
    port: address.port,
    store,
    close() {
      if (closed) return Promise.resolve()
      closed = true
      timers.clearAll()
      requestTimers.clearAll()
      notifier.cancelAll()
      return new Promise((resolve) => {
        server.close(() => resolve(undefined))
        server.closeAllConnections()
      })
    },
    reset() {
      timers.clearAll()
      notifier.reset()
      faults.clear()
      clearStore(store)
      seed(store)
      clock.reset()
      counters = { total: 0, byPath: {} }
      inFlight = {}
      mostInFlight = {}
    },
    setPaidStatus(code) {
      opts.paidStatus = resolveOptions({ paidStatus: code }).paidStatus
    },
    setFaults(rules) {
      return faults.set(rules)
    },
    clearFaults() {
      faults.clear()
    },
    stats() {
      return { total: counters.total, byPath: { ...counters.byPath }, mostInFlight: { ...mostInFlight } }
    },
    now() {
      return clock.now()
    },
    advanceClock(seconds) {
      const parsed = parseAdvance({ advance_seconds: seconds })
      if ("error" in parsed) throw new TypeError(parsed.error)
      return advanceClock(ctx, parsed.seconds)
    },
  }
  ctx.sandbox = sandbox
  return sandbox
}

module.exports = /** @satisfies {typeof import("./index")} */ ({ startSandbox, DEFAULTS, TEST_CARDS, MAGIC_CARDS })
