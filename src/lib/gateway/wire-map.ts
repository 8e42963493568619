/**
 * The wire map: the ONE place where the library's field names and values become the gateway's, and back.
 *
 * The library names every field as `interface.md`, the public docs' samples or `docs/gateway-contract.md`
 * do. Where a name or a value is [assumed] (see "Wire audit" in docs/gateway-contract.md), a merchant whose
 * gateway differs overrides it from the options, without a code change:
 *
 *   fieldNames:  { [operation]: { [our field path]: "gateway's name" } }
 *   fieldValues: { [operation]: { [our field path]: "constant" | null | { [our value]: "gateway's value" | [...] } } }
 *
 * - A field path is a name (`platform_source`), a nested name (`beneficiary.bank_details.swift_code`) or a
 *   name inside the entries of a list (`capture_orders[].amount`, `orders_list[].payment_status`), always
 *   in OUR names. A rename renames the last segment only (rename the parent with its own entry).
 * - Operations are the client's (`authorise`, `capture`, ..., `cardQuery`), or their paths (`/v1/capture`);
 *   `payment` stands for `authorise`, `apm` and `checkout` together (an entry for one of them wins).
 *   Notifications are `notification` and `payoutNotification`.
 * - One table per operation serves its request AND its answer: a field the gateway spells differently is
 *   spelt so both ways. Requests: renamed just before encoding (after signing: signature field lists use our
 *   names, so they keep working). Answers: renamed back as soon as they are read (the direct payment's XML
 *   answer: every element of that name).
 * - Values: a text is the constant sent for that field (whatever the caller passed); null leaves the field
 *   out; an object translates: our value → the gateway's (the first, when a list is given) in requests, and
 *   any listed gateway value → ours in JSON answers and notifications. Values are applied BEFORE signing (the
 *   gateway signs what it receives). Constants never apply to answers. The direct payment's XML answer is
 *   renamed, never translated: its `order_status` is read through `statusCodes.orderStatus`, and its values
 *   are signed.
 */
import { GatewayOptionsError } from "./errors"
import { safeEntries } from "./plain-object"

export type FieldNameMap = Readonly<Record<string, string>>
export type FieldValueRule = string | null | Readonly<Record<string, string | readonly string[]>>
export type FieldValueMap = Readonly<Record<string, FieldValueRule>>
/** `{ [operation]: { [our field path]: gateway's name } }` */
export type FieldNamesOption = Readonly<Record<string, FieldNameMap>>
/** `{ [operation]: { [our field path]: constant | null | { ourValue: gatewayValue | gatewayValue[] } } }` */
export type FieldValuesOption = Readonly<Record<string, FieldValueMap>>

type Obj = Record<string, unknown>

interface Segment {
  name: string
  /** The value at this segment is a list whose entries are walked (`name[]`). */
  list: boolean
}

interface Rename {
  path: string
  parents: Segment[]
  leaf: Segment
  wire: string
}

interface Constant {
  parents: Segment[]
  leaf: Segment
  value: string | null
}

interface Translation {
  parents: Segment[]
  leaf: Segment
  toWire: ReadonlyMap<string, string>
  toOurs: ReadonlyMap<string, string>
}

interface KeyTable {
  /** Shallowest first. */
  renames: Rename[]
  constants: Constant[]
  translations: Translation[]
}

const SEGMENT = "[A-Za-z_][A-Za-z0-9_-]*(?:\\[\\])?"
const PATH_RE = new RegExp(`^${SEGMENT}(?:\\.${SEGMENT})*$`)
const WIRE_NAME_RE = /^[^\s.[\]"'<>/=&]+$/

/** `a.b[].c` → segments. */
export function parseFieldPath(path: string): Segment[] | null {
  if (!PATH_RE.test(path)) return null
  return path
    .split(".")
    .map((s) => (s.endsWith("[]") ? { name: s.slice(0, -2), list: true } : { name: s, list: false }))
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v)

/** Calls `fn` with every object found at `parents` (walking into lists marked `[]`). */
function forEachParent(root: unknown, parents: readonly Segment[], fn: (o: Obj) => void): void {
  const walk = (value: unknown, i: number): void => {
    if (i === parents.length) {
      if (isObj(value)) fn(value)
      return
    }
    if (!isObj(value)) return
    const seg = parents[i]!
    const next = value[seg.name]
    if (seg.list) {
      if (Array.isArray(next)) for (const e of next) walk(e, i + 1)
    } else {
      walk(next, i + 1)
    }
  }
  walk(root, 0)
}

/**
 * A deep copy of plain objects and arrays (the caller's request and the parsed answer are never mutated),
 * without the keys that would set the copy's prototype (./plain-object.ts).
 */
function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T
  if (isObj(value)) {
    const out: Obj = {}
    for (const [k, v] of safeEntries(value)) out[k] = copy(v)
    return out as T
  }
  return value
}

function mapLeafValue(value: unknown, leaf: Segment, map: ReadonlyMap<string, string>): unknown {
  const one = (v: unknown) => {
    if (typeof v === "string" || typeof v === "number") {
      const hit = map.get(String(v))
      if (hit !== undefined) return hit
    }
    return v
  }
  return leaf.list && Array.isArray(value) ? value.map(one) : one(value)
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
}

export interface WireMapSpec<K extends string> {
  /** The operations (keys) this map accepts. */
  keys: readonly K[]
  /** Other spellings of the keys (paths such as "/v1/capture"). */
  aliases?: Readonly<Record<string, K>>
  /** Group keys standing for several operations (e.g. payment → authorise, apm, checkout). */
  groups?: Readonly<Record<string, readonly K[]>>
  /**
   * Field names each operation sends or reads (first segment of a path), to refuse a typo; an operation
   * absent from this record (or null) accepts any name.
   */
  knownFields?: Readonly<Partial<Record<K, ReadonlySet<string> | null>>>
  /** Option names used in error messages (default "fieldNames", "fieldValues"). */
  optionNames?: { names: string; values: string }
}

/** Resolved field names and values of one client; see the file comment. */
export class WireMap<K extends string = string> {
  readonly #tables: Map<K, KeyTable>

  private constructor(tables: Map<K, KeyTable>) {
    this.#tables = tables
  }

  /** A map that changes nothing (no option given). */
  static identity<K extends string>(): WireMap<K> {
    return new WireMap<K>(new Map())
  }

  /** Validates the options (GatewayOptionsError naming `fieldNames.op.field`) and compiles them. */
  static compile<K extends string>(
    spec: WireMapSpec<K>,
    fieldNames: FieldNamesOption | undefined,
    fieldValues: FieldValuesOption | undefined
  ): WireMap<K> {
    const optNames = spec.optionNames?.names ?? "fieldNames"
    const optValues = spec.optionNames?.values ?? "fieldValues"
    const tables = new Map<K, KeyTable>()
    const table = (k: K) => {
      let t = tables.get(k)
      if (!t) tables.set(k, (t = { renames: [], constants: [], translations: [] }))
      return t
    }

    const resolveKey = (option: string, rawKey: string): K[] => {
      if ((spec.keys as readonly string[]).includes(rawKey)) return [rawKey as K]
      const alias = spec.aliases?.[rawKey]
      if (alias) return [alias]
      const group = spec.groups?.[rawKey]
      if (group) return [...group]
      const names = [...spec.keys, ...Object.keys(spec.groups ?? {})].join(", ")
      throw new GatewayOptionsError(
        `${option}.${rawKey}`,
        `is not a known operation (one of: ${names}, or their paths)`
      )
    }

    const checkPath = (option: string, keys: readonly K[], path: string): Segment[] => {
      const segments = parseFieldPath(path)
      if (!segments) {
        throw new GatewayOptionsError(
          option,
          "is not a field path (write name, parent.name or list[].name, in the library's names)"
        )
      }
      for (const k of keys) {
        const known = spec.knownFields?.[k]
        if (known && !known.has(segments[0]!.name)) {
          throw new GatewayOptionsError(
            option,
            `is not a field that ${k} sends or reads (see "Wire audit" in docs/gateway-contract.md for the names)`
          )
        }
      }
      return segments
    }

    const entries = (option: string, value: unknown): [string, unknown][] => {
      if (value === undefined) return []
      if (!isObj(value)) throw new GatewayOptionsError(option, "must be an object keyed by operation")
      return Object.entries(value)
    }

    // Entries for a group come first so that an operation's own entry replaces them.
    const ordered = (list: [string, unknown][]) =>
      [...list].sort(([a], [b]) => Number(Boolean(spec.groups?.[b])) - Number(Boolean(spec.groups?.[a])))

    // ---- names
    const namesSeen = new Map<K, Map<string, Rename>>()
    for (const [rawKey, map] of ordered(entries(optNames, fieldNames))) {
      const keys = resolveKey(optNames, rawKey)
      if (!isObj(map))
        throw new GatewayOptionsError(`${optNames}.${rawKey}`, "must be an object { ourField: gatewayName }")
      for (const [path, wire] of Object.entries(map)) {
        const option = `${optNames}.${rawKey}.${path}`
        const segments = checkPath(option, keys, path)
        if (typeof wire !== "string" || !WIRE_NAME_RE.test(wire)) {
          throw new GatewayOptionsError(
            option,
            "must be the gateway's field name (text without spaces, dots, brackets or quotes)"
          )
        }
        for (const k of keys) {
          const byPath = namesSeen.get(k) ?? new Map<string, Rename>()
          namesSeen.set(k, byPath)
          byPath.set(path, { path, parents: segments.slice(0, -1), leaf: segments[segments.length - 1]!, wire })
        }
      }
    }
    for (const [k, byPath] of namesSeen) {
      const renames = [...byPath.values()]
      // two fields of one object must not end up with the same gateway name
      const targets = new Map<string, string>()
      for (const r of renames) {
        const parent = r.parents.map((s) => s.name + (s.list ? "[]" : "")).join(".")
        const at = `${parent}|${r.wire}`
        const other = targets.get(at)
        if (other !== undefined && other !== r.path) {
          throw new GatewayOptionsError(
            `${optNames}.${k}.${r.path}`,
            `gives the same gateway name "${r.wire}" as ${other}`
          )
        }
        targets.set(at, r.path)
      }
      table(k).renames = renames.sort((a, b) => a.parents.length - b.parents.length)
    }

    // ---- values
    const valuesSeen = new Map<K, Map<string, Constant | Translation>>()
    for (const [rawKey, map] of ordered(entries(optValues, fieldValues))) {
      const keys = resolveKey(optValues, rawKey)
      if (!isObj(map)) {
        throw new GatewayOptionsError(
          `${optValues}.${rawKey}`,
          "must be an object { ourField: value | null | { ourValue: gatewayValue } }"
        )
      }
      for (const [path, rule] of Object.entries(map)) {
        const option = `${optValues}.${rawKey}.${path}`
        const segments = checkPath(option, keys, path)
        const parents = segments.slice(0, -1)
        const leaf = segments[segments.length - 1]!
        let compiled: Constant | Translation
        if (rule === null || typeof rule === "string") {
          compiled = { parents, leaf, value: rule }
        } else if (isObj(rule)) {
          const toWire = new Map<string, string>()
          const toOurs = new Map<string, string>()
          for (const [ours, wireValue] of Object.entries(rule)) {
            const list = typeof wireValue === "string" ? [wireValue] : wireValue
            if (!Array.isArray(list) || list.length === 0 || !list.every((v) => typeof v === "string")) {
              throw new GatewayOptionsError(
                `${option}.${ours}`,
                "must be the gateway's value (text) or a non-empty list of them"
              )
            }
            toWire.set(ours, list[0] as string)
            for (const w of list as string[]) {
              const prev = toOurs.get(w)
              if (prev !== undefined && prev !== ours) {
                throw new GatewayOptionsError(
                  `${option}.${ours}`,
                  `lists the gateway's value "${w}", already read as "${prev}"`
                )
              }
              toOurs.set(w, ours)
            }
          }
          compiled = { parents, leaf, toWire, toOurs }
        } else {
          throw new GatewayOptionsError(
            option,
            "must be a text (the value sent), null (leave the field out) or an object { ourValue: gatewayValue | [gatewayValues] }"
          )
        }
        for (const k of keys) {
          const byPath = valuesSeen.get(k) ?? new Map<string, Constant | Translation>()
          valuesSeen.set(k, byPath)
          byPath.set(path, compiled)
        }
      }
    }
    for (const [k, byPath] of valuesSeen) {
      for (const rule of byPath.values()) {
        if ("value" in rule) table(k).constants.push(rule)
        else table(k).translations.push(rule)
      }
    }
    return new WireMap<K>(tables)
  }

  /** True when nothing is overridden for `key` (requests and answers pass through untouched). */
  isIdentity(key: K): boolean {
    const t = this.#tables.get(key)
    return !t || (t.renames.length === 0 && t.constants.length === 0 && t.translations.length === 0)
  }

  /** The gateway's name of one of our top-level fields (itself when not renamed). */
  wireName(key: K, field: string): string {
    const r = this.#tables.get(key)?.renames.find((x) => x.parents.length === 0 && x.leaf.name === field)
    return r ? r.wire : field
  }

  /**
   * The gateway's names of every field (any operation, any depth) whose name of ours passes `test`: redaction
   * uses them, so that a field renamed on the wire (`security_code` → `cvn2`) is hidden in logs under both names.
   */
  wireNamesOf(test: (ourName: string) => boolean): string[] {
    const names = new Set<string>()
    for (const t of this.#tables.values()) for (const r of t.renames) if (test(r.leaf.name)) names.add(r.wire)
    return [...names]
  }

  /** Our name of a top-level field the gateway names `wire` (itself when not renamed). */
  ourName(key: K, wire: string): string {
    const r = this.#tables.get(key)?.renames.find((x) => x.parents.length === 0 && x.wire === wire)
    return r ? r.leaf.name : wire
  }

  /** Request, step 1 (before signing): constants, omissions and value translations. Returns a copy. */
  requestValues<T extends Obj>(key: K, body: T): T {
    const t = this.#tables.get(key)
    if (!t || (t.constants.length === 0 && t.translations.length === 0)) return body
    const out = copy(body)
    for (const c of t.constants) {
      forEachParent(out, c.parents, (o) => {
        if (c.value === null) delete o[c.leaf.name]
        else o[c.leaf.name] = c.value
      })
    }
    for (const tr of t.translations) {
      forEachParent(out, tr.parents, (o) => {
        if (o[tr.leaf.name] !== undefined) o[tr.leaf.name] = mapLeafValue(o[tr.leaf.name], tr.leaf, tr.toWire)
      })
    }
    return out
  }

  /** Request, step 2 (after signing, before encoding): our names → the gateway's. Returns a copy. */
  requestNames<T extends Obj>(key: K, body: T): Obj {
    const t = this.#tables.get(key)
    if (!t || t.renames.length === 0) return body
    const out = copy(body) as Obj
    // deepest first: parents are still found by our names while their children are renamed
    for (const r of [...t.renames].reverse()) {
      forEachParent(out, r.parents, (o) => renameKey(o, r.leaf.name, r.wire))
    }
    return out
  }

  /** Answer names only: the gateway's names → ours (e.g. before a signature is checked). Returns a copy. */
  answerNames<T>(key: K, data: T): T {
    const t = this.#tables.get(key)
    if (!t || t.renames.length === 0 || !isObj(data)) return data
    const out = copy(data) as Obj
    // shallowest first: a renamed parent is found by our name when its children are renamed
    for (const r of t.renames) forEachParent(out, r.parents, (o) => renameKey(o, r.wire, r.leaf.name))
    return out as T
  }

  /** A JSON answer or a notification: names back to ours, then the gateway's values back to ours. */
  answer<T>(key: K, data: T): T {
    const t = this.#tables.get(key)
    if (!t || !isObj(data)) return data
    const out = this.answerNames(key, data) as unknown as Obj
    if (t.translations.length === 0) return out as T
    const target = out === (data as unknown) ? copy(out) : out
    for (const tr of t.translations) {
      forEachParent(target, tr.parents, (o) => {
        if (o[tr.leaf.name] !== undefined) o[tr.leaf.name] = mapLeafValue(o[tr.leaf.name], tr.leaf, tr.toOurs)
      })
    }
    return target as T
  }

  /** An XML answer: every element named as the gateway names one of ours is renamed (values untouched). */
  answerXml(key: K, xml: string): string {
    const t = this.#tables.get(key)
    if (!t || t.renames.length === 0) return xml
    const back = new Map<string, string>()
    for (const r of t.renames) back.set(r.wire, r.leaf.name)
    const names = [...back.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escapeRe)
      .join("|")
    const re = new RegExp(`<(/?)(${names})(?=[\\s/>])`, "g")
    return xml.replace(re, (_m, slash: string, name: string) => `<${slash}${back.get(name) ?? name}`)
  }

  /** The text answer of a gateway (JSON or XML) with names and values back to ours; unreadable text is left as is. */
  answerText(key: K, text: string, opts: { xml?: boolean } = {}): string {
    if (this.isIdentity(key)) return text
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch {
      return opts.xml ? this.answerXml(key, text) : text
    }
    if (!isObj(data)) return text
    return JSON.stringify(this.answer(key, data))
  }

  /** A 4xx error body `{ code, source, message }`: `source` back to our name (nothing else changes). */
  errorText(key: K, text: string): string {
    if (this.isIdentity(key)) return text
    let data: unknown
    try {
      data = JSON.parse(text)
    } catch {
      return text
    }
    if (!isObj(data) || typeof data.source !== "string") return text
    const ours = this.ourName(key, data.source)
    return ours === data.source ? text : JSON.stringify({ ...data, source: ours })
  }
}

function renameKey(o: Obj, from: string, to: string): void {
  if (from === to || !Object.prototype.hasOwnProperty.call(o, from)) return
  const value = o[from]
  delete o[from]
  o[to] = value
}
