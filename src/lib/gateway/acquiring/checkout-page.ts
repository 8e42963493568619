/**
 * Reads the hosted page's HTML (the `/v1/checkout` answer): the form's action and method, its hidden inputs,
 * and the inputs its script appends. Scripts are read, never run: the inputs are taken from
 * `name = "..."; value = "..."` assignments and from object literals of text values (JSON) in the script.
 */
import { GatewayResponseError } from "../errors"

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  hellip: "\u2026",
}

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

/** A flat object's values as inputs: every value text or a number; null for anything else. */
function flatInputs(value: unknown): Record<string, string> | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null
  const entries = Object.entries(value as Record<string, unknown>)
  if (entries.length === 0 || !entries.every(([, v]) => typeof v === "string" || typeof v === "number")) return null
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]))
}

const parseJson = (text: string): { value: unknown } | null => {
  try {
    return { value: JSON.parse(text) }
  } catch {
    return null
  }
}

/** `x.name = "..."; x.value = "..."`: string bodies that cannot backtrack into each other (no nested quantifiers). */
const NAME_VALUE_PAIR =
  /\.name\s*=\s*(["'])((?:\\.|(?!\1)[^\\\n])*)\1\s*(?:;\s*)?[\w$.]*\.value\s*=\s*(["'])((?:\\.|(?!\3)[^\\\n])*)\3/g

/** A `{` not yet closed: where it starts, its own text so far (inner blocks as `0`), and what was found before it. */
interface OpenBlock {
  start: number
  from: number
  text: string[]
  inner: number
  innerJson: boolean
  foundBefore: number
}

/**
 * Inputs a page script appends: object literals of text values that are valid JSON (a JSON object is taken
 * whole: the objects inside it are not inputs; a code block is searched inside), and `x.name = "..."` /
 * `x.value = "..."` assignment pairs.
 *
 * One pass, linear in the script's length whatever a page holds (a hostile one is up to the transport's 5 MiB):
 * braces are matched with a stack outside '...' and "..." strings (which end at a line break, as JavaScript's
 * do, so a stray quote in a comment costs one line), and whether a block is JSON is read from its own text
 * with each inner block written `0`: that is valid JSON exactly when the block is, given its inner blocks are.
 * So no character is parsed twice, and an unclosed brace costs nothing more.
 */
export function scriptInputs(script: string): Record<string, string> {
  const found: Record<string, string>[] = []
  const open: OpenBlock[] = []
  let quote: string | null = null
  for (let j = 0; j < script.length; j++) {
    const c = script[j]!
    if (quote) {
      if (c === "\\") j++
      else if (c === quote || c === "\n") quote = null
      continue
    }
    if (c === '"' || c === "'") quote = c
    else if (c === "{") open.push({ start: j, from: j, text: [], inner: 0, innerJson: true, foundBefore: found.length })
    else if (c === "}" && open.length > 0) {
      const block = open.pop()!
      block.text.push(script.slice(block.from, j + 1))
      const json = block.innerJson ? parseJson(block.text.join("")) : null
      if (json) {
        found.length = block.foundBefore // taken whole: what was found inside it is part of it
        const own = block.inner === 0 ? flatInputs(json.value) : null
        if (own) found.push(own)
      }
      const parent = open[open.length - 1]
      if (parent) {
        parent.text.push(script.slice(parent.from, block.start), "0")
        parent.from = j + 1
        parent.inner++
        parent.innerJson &&= json !== null
      }
    }
  }
  const inputs: Record<string, string> = Object.assign({}, ...found)
  let m: RegExpExecArray | null
  NAME_VALUE_PAIR.lastIndex = 0
  while ((m = NAME_VALUE_PAIR.exec(script))) inputs[unescapeJs(m[2]!)] = unescapeJs(m[4]!)
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
 * The start tags `<name ...>` in `html`, in order, each with where it ends. Every search goes on from the last
 * tag's end and a tag that never closes ends the list, so the whole page is read once (a pattern such as
 * `<input\b[^>]*>` would read the rest of the page again from every unclosed `<input`).
 */
function* startTags(html: string, name: string, from = 0): Generator<{ tag: string; index: number; end: number }> {
  const start = new RegExp(`<${name}\\b`, "gi")
  start.lastIndex = from
  for (let m: RegExpExecArray | null; (m = start.exec(html));) {
    const close = html.indexOf(">", m.index)
    if (close < 0) return
    yield { tag: html.slice(m.index, close + 1), index: m.index, end: close + 1 }
    start.lastIndex = close + 1
  }
}

/** Where `</name>` next starts at or after `from`, or -1. */
function endTag(html: string, name: string, from: number): number {
  const end = new RegExp(`</${name}\\s*>`, "gi")
  end.lastIndex = from
  return end.exec(html)?.index ?? -1
}

/**
 * Reads the first form of the page. `baseUrl` resolves a relative action. A page without a form or without
 * an action is a GatewayResponseError. Linear in the page's length.
 */
export function parseHostedPage(html: string, baseUrl: string, operation = "checkout"): HostedForm {
  const form = startTags(html, "form").next().value
  if (!form) throw new GatewayResponseError(operation, "form", "is required in the hosted page HTML")
  const formAttrs = tagAttributes(form.tag)
  if (!formAttrs.action) throw new GatewayResponseError(operation, "form.action", "is required in the hosted page HTML")
  let action: string
  try {
    action = new URL(formAttrs.action, baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`).toString()
  } catch {
    throw new GatewayResponseError(operation, "form.action", "must be a URL")
  }
  const formEnd = endTag(html, "form", form.end)
  const formHtml = html.slice(form.index, formEnd < 0 ? undefined : formEnd)
  const inputs: Record<string, string> = {}
  for (const { tag } of startTags(formHtml, "input")) {
    const a = tagAttributes(tag)
    if (a.name && (a.type ?? "text").toLowerCase() === "hidden") inputs[a.name] = a.value ?? ""
  }
  for (let from = 0; ;) {
    const script = startTags(html, "script", from).next().value
    const end = script ? endTag(html, "script", script.end) : -1
    if (!script || end < 0) break
    Object.assign(inputs, scriptInputs(html.slice(script.end, end)))
    from = end
  }
  return { action, method: (formAttrs.method ?? "POST").toUpperCase(), inputs }
}
