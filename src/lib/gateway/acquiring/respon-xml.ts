/**
 * The direct payment's XML answer (root `respon`) into a plain object of text values, ready for its schema:
 * every element's text (never converted to numbers: "0000" stays "0000"), `risk_reasons` as a list of
 * `{ name, status }` whatever the nesting the gateway uses (repeated `risk_reasons` elements, one
 * `risk_reasons` with repeated `name`/`status` children, or wrapped entries).
 *
 * Entities: the answer holds plain text, so the parser expands none (`processEntities: false`: no entity
 * expansion attack can reach it) and an answer with a `<!DOCTYPE` (where entities are declared) is refused.
 * Only XML's own escapes are decoded here, once per value: `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and
 * character references (an `issuer_url` carries `&amp;` between its query parameters).
 */
import { XMLParser, XMLValidator } from "fast-xml-parser"
import { GatewayResponseError } from "../errors"
import { safeEntries } from "../plain-object"

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: false,
  htmlEntities: false,
  isArray: (_name, jpath) => jpath === "respon.risk_reasons",
})

export interface RiskReason {
  name: string
  status: string
}

const XML_ESCAPES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }
const ESCAPE = /&(?:(amp|lt|gt|quot|apos)|#(\d{1,7})|#x([0-9a-fA-F]{1,6}));/g

/** XML's predefined escapes and character references decoded in one pass (`&amp;lt;` stays `&lt;`); nothing else. */
export function decodeXmlText(s: string): string {
  if (!s.includes("&")) return s
  return s.replace(ESCAPE, (m, name: string | undefined, dec: string | undefined, hex: string | undefined) => {
    if (name) return XML_ESCAPES[name]!
    const code = dec !== undefined ? Number(dec) : parseInt(hex!, 16)
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : m
  })
}

function text(v: unknown): string {
  if (v === undefined || v === null) return ""
  if (typeof v === "string") return decodeXmlText(v)
  if (typeof v === "number" || typeof v === "boolean") return String(v)
  if (Array.isArray(v)) return v.map(text).join("")
  if (typeof v === "object" && "#text" in (v as object)) return text((v as { "#text": unknown })["#text"])
  return ""
}

function asList(v: unknown): unknown[] {
  if (v === undefined || v === null || v === "") return []
  return Array.isArray(v) ? v : [v]
}

/** Normalises the parsed `risk_reasons` into a flat list of { name, status }. */
export function normaliseRiskReasons(value: unknown): RiskReason[] {
  const out: RiskReason[] = []
  for (const item of asList(value)) {
    if (item === null || typeof item !== "object") continue
    const o = item as Record<string, unknown>
    if ("name" in o || "status" in o) {
      // one element per reason, or one element with repeated name/status children (zipped)
      const names = asList(o.name)
      const statuses = asList(o.status)
      const n = Math.max(names.length, statuses.length)
      for (let i = 0; i < n; i++) out.push({ name: text(names[i]), status: text(statuses[i]) })
    } else {
      // wrapped entries: <risk_reasons><risk_reason><name/><status/></risk_reason>...</risk_reasons>
      for (const inner of Object.values(o)) out.push(...normaliseRiskReasons(inner))
    }
  }
  return out
}

/** Parses the XML text of a `respon` answer; a malformed document is a GatewayResponseError. */
export function parseResponXml(xml: string, operation = "authorise", httpStatus?: number): Record<string, unknown> {
  const status = httpStatus !== undefined ? { httpStatus } : undefined
  if (/<!DOCTYPE/i.test(xml)) {
    throw new GatewayResponseError(
      operation,
      "(body)",
      "holds a <!DOCTYPE: refused (the answer needs no entity declarations)",
      status
    )
  }
  const valid = XMLValidator.validate(xml)
  if (valid !== true) {
    throw new GatewayResponseError(
      operation,
      "(body)",
      `is not well-formed XML (${valid.err.msg}, line ${valid.err.line})`,
      status
    )
  }
  let doc: unknown
  try {
    doc = parser.parse(xml)
  } catch (err) {
    throw new GatewayResponseError(operation, "(body)", `is not well-formed XML (${(err as Error).message})`, {
      ...status,
      cause: err,
    })
  }
  const root = (doc as Record<string, unknown> | null)?.respon
  if (root === undefined || root === null || typeof root !== "object" || Array.isArray(root)) {
    throw new GatewayResponseError(operation, "respon", "is required as the XML root element", status)
  }
  const out: Record<string, unknown> = {}
  // An element named `constructor` or `prototype` is never one of respon's (../plain-object.ts).
  for (const [k, v] of safeEntries(root as Record<string, unknown>)) {
    if (k === "risk_reasons") out[k] = normaliseRiskReasons(v)
    else if (Array.isArray(v)) out[k] = text(v[v.length - 1])
    else if (v !== null && typeof v === "object" && !("#text" in v))
      out[k] = v // nested element: let the schema judge
    else out[k] = text(v)
  }
  return out
}
