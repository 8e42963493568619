// @ts-check
"use strict"
/**
 * XML answers of the direct payment: root element `respon`, one child element per field.
 */

/** Remove characters XML 1.0 cannot carry, then escape markup. @param {unknown} v */
function escapeXml(v) {
  return (
    String(v === undefined || v === null ? "" : v)
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  )
}

/**
 * @param {string} name
 * @param {unknown} value  string/number, an object (nested element), or an array (repeated element)
 * @returns {string}
 */
function element(name, value) {
  if (Array.isArray(value)) return value.map((v) => element(name, v)).join("")
  if (value && typeof value === "object") {
    const inner = Object.entries(value)
      .map(([k, v]) => element(k, v))
      .join("")
    return `<${name}>${inner}</${name}>`
  }
  return `<${name}>${escapeXml(value)}</${name}>`
}

/**
 * Build an XML document. Field order is the object's key order.
 * @param {Record<string, unknown>} fields
 * @param {string} [root]
 */
function buildXml(fields, root = "respon") {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, fields)}`
}

module.exports = { buildXml, escapeXml }
