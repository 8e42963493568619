// @ts-check
"use strict"
/**
 * Gateway sandbox: a stateful simulator of the acquiring API (`/v1/...`) and the issuing API (`/api/...`),
 * implementing docs/gateway-contract.md. Node's standard library only.
 *
 *   const { startSandbox } = require("./sandbox")
 *   const sb = await startSandbox({ port: 0, quiet: true })
 *   // sb.url, sb.acquiringUrl, sb.issuingUrl, sb.port, sb.close(), sb.reset(), sb.setFaults(rules),
 *   // sb.clearFaults(), sb.stats(), sb.store
 */
const http = require("node:http")
const { resolveOptions, DEFAULTS } = require("./lib/options")
const { readBody, BodyError } = require("./lib/body")
const { buildXml } = require("./lib/xml")
const { corruptSignature } = require("./lib/signing")
const { createStore, clearStore } = require("./lib/store")
const { seed } = require("./lib/issuing-state")
const { createFaults } = require("./lib/faults")
const { createTimers } = require("./lib/timers")
const { createNotifier } = require("./lib/notifier")
const { handleAcquiring } = require("./lib/acquiring")
const { handleIssuing } = require("./lib/issuing")
const { handleControl } = require("./lib/control")
const { TEST_CARDS, MAGIC_CARDS } = require("./lib/payments")

const NO_FAULT = { latencyMs: 0, error5xx: false, drop: false, malformed: false, badSignature: false }

// The public types are declared in index.d.ts ("./index" resolves to it), and this file is checked against them.
/** @typedef {import("./index").Sandbox} Sandbox */

/** @param {string} path */
function familyOf(path) {
  if (path === "/v1" || path.startsWith("/v1/")) return "acquiring"
  if (path === "/api" || path.startsWith("/api/")) return "issuing"
  if (path === "/sandbox" || path.startsWith("/sandbox/")) return "control"
  return null
}

/**
 * Turn a handler's answer into status, headers and body text.
 * @param {any} r
 */
function serialise(r) {
  /** @type {Record<string, string>} */
  const headers = { ...(r.headers || {}) }
  let text = ""
  if (r.location) {
    headers.location = r.location
    headers["content-type"] = "text/plain; charset=utf-8"
    text = `See Other: ${r.location}`
  } else if (r.xml) {
    headers["content-type"] = "application/xml; charset=utf-8"
    text = buildXml(r.xml)
  } else if (r.html !== undefined) {
    headers["content-type"] = "text/html; charset=utf-8"
    text = r.html
  } else if (r.json !== undefined) {
    headers["content-type"] = "application/json; charset=utf-8"
    text = JSON.stringify(r.json)
  } else {
    headers["content-type"] = "text/plain; charset=utf-8"
    text = r.text || ""
  }
  return { status: r.status || 200, headers, body: Buffer.from(text, "utf8") }
}

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
  const notifier = createNotifier({ baseMs: opts.notifyBaseMs, attempts: opts.notifyAttempts, timers, log })
  /** @type {{ total: number, byPath: Record<string, number> }} */
  let counters = { total: 0, byPath: {} }
  let closed = false

  /** @type {any} */
  const ctx = { options: opts, store, faults, timers, notifier, log, url: "", sandbox: null }

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
    const gateway = family === "acquiring" || family === "issuing"
    if (gateway) {
      counters.total += 1
      counters.byPath[path] = (counters.byPath[path] || 0) + 1
    }
    const pick = gateway ? faults.pick(path) : NO_FAULT
    const latency = (gateway ? opts.latencyMs : 0) + pick.latencyMs
    const host = String(req.headers.host || "")
    const baseUrl = /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? `http://${host}` : ctx.url
    /** @type {any} */
    let response
    let text = ""
    try {
      text = await readBody(req)
    } catch (e) {
      response = e instanceof BodyError ? { status: e.status, json: { code: "I0002", source: "body", message: e.message } } : null
      if (!response) return
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
      if (pick.error5xx) {
        response = { status: 503, json: { code: "I0503", source: "", message: "Service Unavailable (sandbox fault)" } }
      } else {
        try {
          if (family === "acquiring") response = handleAcquiring(ctx, info)
          else if (family === "issuing") response = handleIssuing(ctx, info)
          else if (family === "control") response = handleControl(ctx, info)
          else if (path === "/" && info.method === "GET") response = { status: 200, json: { name: "gateway sandbox", acquiringUrl: ctx.url, issuingUrl: `${ctx.url}/api`, docs: "sandbox/README.md" } }
          else response = { status: 404, json: { error: `no route ${path}` } }
        } catch (e) {
          log(`error in ${path}: ${/** @type {any} */ (e).stack || e}`)
          response = { status: 500, json: { code: "I0999", source: "", message: "sandbox internal error" } }
        }
      }
    }
    if (latency > 0) await requestTimers.sleep(latency)
    if (closed) return
    if (pick.badSignature) {
      if (response.json && typeof response.json === "object" && "encryption_data" in response.json) {
        response.json = { ...response.json, encryption_data: corruptSignature(response.json.encryption_data) }
      }
      if (response.xml && "encryption_data" in response.xml) response.xml = { ...response.xml, encryption_data: corruptSignature(response.xml.encryption_data) }
    }
    if (pick.drop) {
      log(`${req.method} ${path} processed, connection dropped (fault)`)
      req.socket.destroy()
      return
    }
    const out = serialise(response)
    let body = out.body
    if (pick.malformed) body = body.subarray(0, Math.floor(body.length / 2))
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
      counters = { total: 0, byPath: {} }
    },
    setFaults(rules) {
      return faults.set(rules)
    },
    clearFaults() {
      faults.clear()
    },
    stats() {
      return { total: counters.total, byPath: { ...counters.byPath } }
    },
  }
  ctx.sandbox = sandbox
  return sandbox
}

module.exports = /** @satisfies {typeof import("./index")} */ ({ startSandbox, DEFAULTS, TEST_CARDS, MAGIC_CARDS })
