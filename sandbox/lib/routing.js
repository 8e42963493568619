// @ts-check
"use strict"
/**
 * Which part of the sandbox answers a request path: the acquiring API (`/v1/...`), the issuing API
 * (`/api/...`), the control routes and pages (`/sandbox/...`), or the root description.
 */
const { handleAcquiring } = require("./acquiring")
const { handleIssuing } = require("./issuing")
const { handleControl } = require("./control")

/** @typedef {"acquiring" | "issuing" | "control"} Family */

/** @type {Record<Family, (ctx: any, info: RequestInfo) => any>} */
const HANDLERS = { acquiring: handleAcquiring, issuing: handleIssuing, control: handleControl }

/**
 * @typedef {{ method: string, path: string, query: URLSearchParams, text: string, contentType: string|undefined,
 *   baseUrl: string, ip: string }} RequestInfo
 */

/**
 * @param {string} path
 * @returns {Family | null}
 */
function familyOf(path) {
  if (path === "/v1" || path.startsWith("/v1/")) return "acquiring"
  if (path === "/api" || path.startsWith("/api/")) return "issuing"
  if (path === "/sandbox" || path.startsWith("/sandbox/")) return "control"
  return null
}

/** The gateway's own APIs: counted by stats() and subject to fault rules. @param {Family | null} family */
function isGateway(family) {
  return family === "acquiring" || family === "issuing"
}

/**
 * The handler's answer to a request; a handler that throws answers 500 (and the error is logged).
 * @param {any} ctx @param {RequestInfo} info @param {Family | null} family
 */
function route(ctx, info, family) {
  try {
    if (family) return HANDLERS[family](ctx, info)
    if (info.path === "/" && info.method === "GET")
      return {
        status: 200,
        json: {
          name: "gateway sandbox",
          acquiringUrl: ctx.url,
          issuingUrl: `${ctx.url}/api`,
          docs: "sandbox/README.md",
        },
      }
    return { status: 404, json: { error: `no route ${info.path}` } }
  } catch (e) {
    ctx.log(`error in ${info.path}: ${/** @type {any} */ (e).stack || e}`)
    return { status: 500, json: { code: "I0999", source: "", message: "sandbox internal error" } }
  }
}

module.exports = { familyOf, isGateway, route }
