// @ts-check
"use strict"
/**
 * A handler's answer -> status, headers and body bytes. An answer is `{ status?, headers?, ... }` with one of
 * `location` (303-style redirect), `xml` (fields of a `respon` document), `html`, `json`, or `text`.
 */
const { buildXml } = require("./xml")

/**
 * @param {any} r
 * @returns {{ status: number, headers: Record<string, string>, body: Buffer }}
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

module.exports = { serialise }
