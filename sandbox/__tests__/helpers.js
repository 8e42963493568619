"use strict"
/**
 * Test helpers: sandboxes for a test file or a single test, signed requests over a real socket with raw fetch,
 * a tiny XML reader, a notification receiver.
 * Requests are signed with the sandbox's own signing module; units.test.js checks that module against the
 * shared signature vectors, so the formulas have one home.
 */
const http = require("node:http")
const crypto = require("node:crypto")
const { startSandbox } = require("..")
const signing = require("../lib/signing")

const SIGN_KEY = "sandbox_sign_key"
const API_KEY = "sandbox_api_key"
const MERCHANT = { merchant_id: "701001", account_id: "701001010" }

// What a test opens with sandbox() or receiver() is closed after that test, passed or failed, so that tests
// need no try/finally of their own. (Both are meant to be called inside a test.)
/** @type {{ close(): Promise<unknown> }[]} */
const openedByTest = []
afterEach(async () => {
  for (const x of openedByTest.splice(0).reverse()) await x.close()
})

/**
 * The sandbox of a test file (or of a describe block): started before its tests (port 0, quiet, `options`),
 * closed after them, and reset before each test unless `resetEach` is false. The returned object gets the
 * sandbox's properties when it has started.
 */
function useSandbox(options = {}, { resetEach = true } = {}) {
  const sb = {}
  beforeAll(async () => {
    Object.assign(sb, await startSandbox({ port: 0, quiet: true, ...options }))
  })
  afterAll(() => sb.close())
  if (resetEach) beforeEach(() => sb.reset())
  return sb
}

/** A sandbox of the current test only (port 0, quiet, `options`), closed after it. */
async function sandbox(options = {}) {
  const sb = await startSandbox({ port: 0, quiet: true, ...options })
  openedByTest.push(sb)
  return sb
}

/**
 * Acquiring signature of a body with an endpoint's formula ("response": direct-payment answers and transaction
 * notifications).
 */
function acqSign(path, b, key = SIGN_KEY) {
  const fields = signing.ACQUIRING_FIELDS[path]
  if (!fields) throw new Error(`no acquiring signature formula for ${path}`)
  return signing.acquiringSign(b, fields, key)
}

/** Form-encode with structured fields as JSON text. */
function form(body) {
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(body))
    p.append(k, v !== null && typeof v === "object" ? JSON.stringify(v) : String(v))
  return p.toString()
}

/**
 * POST a signed acquiring request. @returns {Promise<{ status: number, text: string, json?: any, xml?: Record<string,string>, headers: Headers }>}
 */
async function acq(sb, path, fields, opts = {}) {
  const body = { ...MERCHANT, ...fields }
  if (!opts.unsigned && body.encryption_data === undefined) body.encryption_data = acqSign(path, body)
  const asForm = opts.form ?? (path === "/v1/retrievalTrans" || path === "/v1/retrievalRefund")
  const res = await fetch(sb.url + path, {
    method: "POST",
    headers: { "content-type": asForm ? "application/x-www-form-urlencoded" : "application/json" },
    body: asForm ? form(body) : JSON.stringify(body),
    redirect: "manual",
  })
  const text = await res.text()
  const out = { status: res.status, text, headers: res.headers }
  const type = res.headers.get("content-type") || ""
  if (type.includes("json")) out.json = JSON.parse(text)
  if (type.includes("xml")) out.xml = readXml(text)
  return out
}

/** Flat XML reader: every leaf element -> text (a repeated name keeps the first). */
function readXml(text) {
  /** @type {Record<string, string>} */
  const out = {}
  const re = /<([A-Za-z_][\w.-]*)>([^<]*)<\/\1>/g
  let m
  while ((m = re.exec(text))) {
    if (!(m[1] in out))
      out[m[1]] = m[2]
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, "&")
  }
  return out
}

/** Issuing `sign` (fields scheme) over the given field list. */
function issSign(fields, b, key = API_KEY) {
  return signing.issuingSignFields(b, fields, key)
}

/** POST a signed issuing request; returns the JSON envelope. */
async function iss(sb, path, fields, opts = {}) {
  const body = { request_id: "", ...fields }
  if (body.sign === undefined) body.sign = signing.issuingSign(path, body, API_KEY)
  const res = await fetch(sb.issuingUrl + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  })
  const json = await res.json()
  return opts.withStatus ? { status: res.status, json } : json
}

/**
 * A local notification receiver, closed after the current test. `answers` is a list of status codes used in
 * turn (the last repeats).
 */
async function receiver(answers = [200]) {
  /** @type {{ headers: any, body: string, at: number }[]} */
  const received = []
  let i = 0
  const server = http.createServer((req, res) => {
    let body = ""
    req.on("data", (c) => (body += c))
    req.on("end", () => {
      received.push({ headers: req.headers, body, at: Date.now() })
      const status = answers[Math.min(i++, answers.length - 1)]
      res.writeHead(status, { "content-type": "text/plain", connection: "close" }).end(status < 300 ? "ok" : "no")
    })
  })
  await new Promise((r) => server.listen(0, "127.0.0.1", r))
  const url = `http://127.0.0.1:${server.address().port}/hooks/gateway`
  const rx = {
    url,
    received,
    close: () =>
      new Promise((r) => {
        server.close(() => r())
        server.closeAllConnections()
      }),
  }
  openedByTest.push(rx)
  return rx
}

/** Poll until fn() returns a truthy value (generous default wait). */
async function waitFor(fn, ms = 5000, step = 10) {
  const end = Date.now() + ms
  for (;;) {
    const v = await fn()
    if (v) return v
    if (Date.now() > end) throw new Error("waitFor: timed out")
    await new Promise((r) => setTimeout(r, step))
  }
}

let orderSeq = 0
/** A fresh order number. */
function orderNo(prefix = "ord") {
  orderSeq += 1
  return `${prefix}_${process.pid}_${orderSeq}_${crypto.randomBytes(3).toString("hex")}`
}

/** The card's expiry and security code, as the public docs' direct-payment sample names them. */
const CARD_FIELDS = ["expiration_month", "expiration_year", "security_code"]

/** A direct card payment request. */
function payment(overrides = {}) {
  return {
    order_no: orderNo(),
    currency: "USD",
    amount: "10.36",
    card: "4242424242424242",
    expiration_month: "12",
    expiration_year: "2099",
    security_code: "123",
    return_url: "https://shop.example/checkout/return",
    ...overrides,
  }
}

/** Authorise and return the parsed XML. */
async function authorise(sb, overrides = {}) {
  const r = await acq(sb, "/v1/authorise", payment(overrides))
  if (r.status !== 200) throw new Error(`authorise failed: ${r.status} ${r.text}`)
  return r.xml
}

/** Posts `fields` as a form (e.g. the shopper's answer on the issuer's page), not following a redirect. */
const postForm = (url, fields) => fetch(url, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" })

/** A batch entry (capture, refund, cancel) naming the transaction `x` for its whole amount; `extra` adds fields. */
const entry = (x, extra = {}) => ({
  transaction_id: x.transaction_id,
  order_no: x.order_no,
  currency: x.currency,
  amount: x.amount,
  ...extra,
})

/** Authorise and capture the full amount; returns the XML answer. */
async function capturedPayment(sb, overrides = {}) {
  const x = await authorise(sb, overrides)
  const r = await acq(sb, "/v1/capture", { capture_orders: [entry(x)] })
  if (r.json.capture_orders[0].capture_status !== "1") throw new Error(`capture failed: ${r.text}`)
  return x
}

module.exports = {
  useSandbox,
  sandbox,
  SIGN_KEY,
  API_KEY,
  MERCHANT,
  acqSign,
  acq,
  form,
  readXml,
  issSign,
  iss,
  receiver,
  waitFor,
  orderNo,
  CARD_FIELDS,
  payment,
  authorise,
  capturedPayment,
  entry,
  postForm,
}
