// @ts-check
"use strict"
/**
 * What the fault rules (faults.js) do to one request. Only gateway requests (/v1/*, /api/*) get faults, and
 * only they wait for the `latencyMs` option:
 * - latency: the answer waits (the change is made first);
 * - error5xx: 503 instead of processing (nothing changes);
 * - bad_signature: the answer carries a wrong encryption_data (JSON, or the direct payment's XML);
 * - drop: processed, then the socket is destroyed without an answer;
 * - malformed: processed, and only the first half of the body is sent (content-length says so);
 * - foreign_redirect: processed, and where the answer sends the shopper (the direct/APM answer's issuer_url,
 *   the hosted loading page's form action) is on another host, its signature unchanged: a tampered answer.
 */
const { corruptSignature } = require("./signing")
const { NO_FAULT } = require("./faults")

/** @typedef {import("./faults").FaultPick} FaultPick */

/**
 * The faults of one request (consumes the rules' `times`); `latencyMs` includes the sandbox's own latency.
 * @param {ReturnType<typeof import("./faults").createFaults>} faults
 * @param {boolean} gateway whether the path is one of the gateway's APIs
 * @param {string} path
 * @param {number} baseLatencyMs the `latencyMs` option
 * @returns {FaultPick}
 */
function faultsFor(faults, gateway, path, baseLatencyMs) {
  if (!gateway) return NO_FAULT
  const pick = faults.pick(path)
  return { ...pick, latencyMs: baseLatencyMs + pick.latencyMs }
}

/** error5xx: the answer given instead of processing the request; null without that fault. @param {FaultPick} f */
function answerInstead(f) {
  return f.error5xx
    ? { status: 503, json: { code: "I0503", source: "", message: "Service Unavailable (sandbox fault)" } }
    : null
}

/** bad_signature: corrupt the encryption_data of a processed answer, when it has one. @param {FaultPick} f @param {any} response */
function corruptSignatures(f, response) {
  if (!f.badSignature) return
  if (response.json && typeof response.json === "object" && "encryption_data" in response.json) {
    response.json = { ...response.json, encryption_data: corruptSignature(response.json.encryption_data) }
  }
  if (response.xml && "encryption_data" in response.xml)
    response.xml = { ...response.xml, encryption_data: corruptSignature(response.xml.encryption_data) }
}

/** Where foreign_redirect sends the shopper instead: a host that is not the sandbox's (".invalid" never resolves). */
const FOREIGN_ORIGIN = "https://redirect.invalid"

/**
 * foreign_redirect: the sandbox's own address (`baseUrl`) in the answer's issuer_url, or in the hosted page's
 * HTML, becomes FOREIGN_ORIGIN. The signature is left as it is: issuer_url is not among its fields.
 * @param {FaultPick} f @param {any} response @param {string} baseUrl
 */
function redirectElsewhere(f, response, baseUrl) {
  if (!f.foreignRedirect) return
  if (response.xml && typeof response.xml.issuer_url === "string" && response.xml.issuer_url) {
    response.xml = { ...response.xml, issuer_url: response.xml.issuer_url.replace(baseUrl, FOREIGN_ORIGIN) }
  }
  if (typeof response.html === "string") response.html = response.html.split(`"${baseUrl}/`).join(`"${FOREIGN_ORIGIN}/`)
}

/**
 * drop: destroy the socket of a processed request instead of answering.
 * @param {FaultPick} f @param {import("node:http").IncomingMessage} req @param {string} path @param {(m: string) => void} log
 * @returns {boolean} whether the request ends here
 */
function dropConnection(f, req, path, log) {
  if (!f.drop) return false
  log(`${req.method} ${path} processed, connection dropped (fault)`)
  req.socket.destroy()
  return true
}

/** malformed: the first half of the body. @param {FaultPick} f @param {Buffer} body */
function truncateBody(f, body) {
  return f.malformed ? body.subarray(0, Math.floor(body.length / 2)) : body
}

module.exports = {
  faultsFor,
  answerInstead,
  corruptSignatures,
  redirectElsewhere,
  dropConnection,
  truncateBody,
  FOREIGN_ORIGIN,
}
