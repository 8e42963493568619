/**
 * Reads the hosted page's HTML (the `/v1/checkout` answer): the form's action and method, its hidden inputs,
 * and the inputs its script appends. Scripts are read, never run: the inputs are taken from
 * `name = "..."; value = "..."` assignments and from object literals of text values (JSON) in the script.
 */
import { GatewayResponseError } from "../errors"

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0", hellip: "\u2026" }

export function decodeHtmlEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)
      return Number.isFinite(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m
    }
    return ENTITIES[e.toLowerCase()] ?? m
  })
}

/** Attributes of one start tag (`<input type="hidden" name="a" value="b">`). */
export function tagAttributes(tag: string): Record<string, string> {
  const attrs: Record<string, string> = {}
  const re = /([^\s=<>"'/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
  const inner = tag.replace(/^<\s*[a-z0-9]+/i, "").replace(/\/?>$/, "")
  let m: RegExpExecArray | null
  while ((m = re.exec(inner))) {
    attrs[m[1]!.toLowerCase()] = decodeHtmlEntities(m[2] ?? m[3] ?? m[4] ?? "")
  }
  return attrs
}

/** End index of the balanced `{ ... }` starting at `i` (strings respected), or -1. */
function closingBrace(script: string, i: number): number {
  let depth = 0
  let quote: string | null = null
  for (let j = i; j < script.length; j++) {
    const c = script[j]!
    if (quote) {
      if (c === "\\") j++
      else if (c === quote) quote = null
      continue
    }
    if (c === '"' || c === "'") quote = c
    else if (c === "{") depth++
    else if (c === "}" && --depth === 0) return j
  }
  return -1
}

/**
 * Inputs a page script appends: object literals of text values that are valid JSON (a JSON object is taken
 * whole, its insides are not searched again; a code block is searched inside), and `x.name = "..."` /
 * `x.value = "..."` assignment pairs.
 */
export function scriptInputs(script: string): Record<string, string> {
  const inputs: Record<string, string> = {}
  for (let i = 0; i < script.length; i++) {
    if (script[i] !== "{") continue
    const end = closingBrace(script, i)
    if (end < 0) continue
    let parsed: unknown
    try {
      parsed = JSON.parse(script.slice(i, end + 1))
    } catch {
      continue // a code block: look inside it
    }
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) {
      const entries = Object.entries(parsed as Record<string, unknown>)
      if (entries.length > 0 && entries.every(([, v]) => typeof v === "string" || typeof v === "number")) {
        for (const [k, v] of entries) inputs[k] = String(v)
      }
    }
    i = end
  }
  const pair = /\.name\s*=\s*(["'])((?:\\.|(?!\1).)*)\1\s*;?\s*[\w$.]*\.value\s*=\s*(["'])((?:\\.|(?!\3).)*)\3/g
  let m: RegExpExecArray | null
  while ((m = pair.exec(script))) inputs[unescapeJs(m[2]!)] = unescapeJs(m[4]!)
  return inputs
}

function unescapeJs(s: string): string {
  try {
    return JSON.parse(`"${s.replace(/"/g, '\\"').replace(/\\'/g, "'")}"`) as string
  } catch {
    return s
  }
}

export interface HostedForm {
  action: string
  method: string
  inputs: Record<string, string>
}

/**
 * Reads the first form of the page. `baseUrl` resolves a relative action. A page without a form or without
 * an action is a GatewayResponseError.
 */
export function parseHostedPage(html: string, baseUrl: string, operation = "checkout"): HostedForm {
  const formStart = /<form\b[^>]*>/i.exec(html)
  if (!formStart) throw new GatewayResponseError(operation, "form", "is required in the hosted page HTML")
  const formAttrs = tagAttributes(formStart[0])
  if (!formAttrs.action) throw new GatewayResponseError(operation, "form.action", "is required in the hosted page HTML")
  let action: string
  try {
    action = new URL(formAttrs.action, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`).toString()
  } catch {
    throw new GatewayResponseError(operation, "form.action", `must be a URL (got "${formAttrs.action}")`)
  }
  const formEnd = html.indexOf("</form>", formStart.index)
  const formHtml = html.slice(formStart.index, formEnd < 0 ? undefined : formEnd)
  const inputs: Record<string, string> = {}
  for (const tag of formHtml.match(/<input\b[^>]*>/gi) ?? []) {
    const a = tagAttributes(tag)
    if (a.name && (a.type ?? "text").toLowerCase() === "hidden") inputs[a.name] = a.value ?? ""
  }
  const scriptRe = /<script\b[^>]*>([\s\S]*?)<\/script>/gi
  let m: RegExpExecArray | null
  while ((m = scriptRe.exec(html))) Object.assign(inputs, scriptInputs(m[1]!))
  return { action, method: (formAttrs.method ?? "POST").toUpperCase(), inputs }
}
