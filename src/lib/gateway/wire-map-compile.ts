/**
 * The wire map's options (`fieldNames`, `fieldValues`) checked and compiled into one table per operation, for
 * ./wire-map.ts. A bad entry throws a GatewayOptionsError naming it (`fieldNames.op.field`).
 */
import { GatewayOptionsError } from "./errors"
import { isObj, parseFieldPath, Segment } from "./wire-paths"

export type FieldNameMap = Readonly<Record<string, string>>
export type FieldValueRule = string | null | Readonly<Record<string, string | readonly string[]>>
export type FieldValueMap = Readonly<Record<string, FieldValueRule>>
/** `{ [operation]: { [our field path]: gateway's name } }` */
export type FieldNamesOption = Readonly<Record<string, FieldNameMap>>
/** `{ [operation]: { [our field path]: constant | null | { ourValue: gatewayValue | gatewayValue[] } } }` */
export type FieldValuesOption = Readonly<Record<string, FieldValueMap>>

export interface Rename {
  path: string
  parents: Segment[]
  leaf: Segment
  wire: string
}

export interface Constant {
  parents: Segment[]
  leaf: Segment
  value: string | null
}

export interface Translation {
  parents: Segment[]
  leaf: Segment
  toWire: ReadonlyMap<string, string>
  toOurs: ReadonlyMap<string, string>
}

export interface KeyTable {
  /** Shallowest first. */
  renames: Rename[]
  constants: Constant[]
  translations: Translation[]
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

const WIRE_NAME_RE = /^[^\s.[\]"'<>/=&]+$/

/** Reads one option's entries for `spec`: the operations they name and their field paths, checked. */
class OptionEntries<K extends string> {
  constructor(private readonly spec: WireMapSpec<K>) {}

  /** `[operation as written, its map]`; entries for a group first, so that an operation's own entry replaces them. */
  of(option: string, value: unknown): [string, unknown][] {
    if (value === undefined) return []
    if (!isObj(value)) throw new GatewayOptionsError(option, "must be an object keyed by operation")
    const groups = this.spec.groups
    return Object.entries(value).sort(([a], [b]) => Number(Boolean(groups?.[b])) - Number(Boolean(groups?.[a])))
  }

  /** The operations an entry's key stands for (itself, the operation of a path, or a group's). */
  keys(option: string, rawKey: string): K[] {
    const spec = this.spec
    if ((spec.keys as readonly string[]).includes(rawKey)) return [rawKey as K]
    const alias = spec.aliases?.[rawKey]
    if (alias) return [alias]
    const group = spec.groups?.[rawKey]
    if (group) return [...group]
    const names = [...spec.keys, ...Object.keys(spec.groups ?? {})].join(", ")
    throw new GatewayOptionsError(`${option}.${rawKey}`, `is not a known operation (one of: ${names}, or their paths)`)
  }

  /** A field path's segments, refused unless each of `keys` sends or reads its first segment. */
  path(option: string, keys: readonly K[], path: string): Segment[] {
    const segments = parseFieldPath(path)
    if (!segments) {
      throw new GatewayOptionsError(
        option,
        "is not a field path (write name, parent.name or list[].name, in the library's names)"
      )
    }
    for (const k of keys) {
      const known = this.spec.knownFields?.[k]
      if (known && !known.has(segments[0]!.name)) {
        throw new GatewayOptionsError(
          option,
          `is not a field that ${k} sends or reads (see "Wire audit" in docs/gateway-contract.md for the names)`
        )
      }
    }
    return segments
  }
}

/** Validates the options and compiles one table per operation (an operation with no entry has none). */
export function compileWireTables<K extends string>(
  spec: WireMapSpec<K>,
  fieldNames: FieldNamesOption | undefined,
  fieldValues: FieldValuesOption | undefined
): Map<K, KeyTable> {
  const entries = new OptionEntries(spec)
  const tables = new Map<K, KeyTable>()
  const table = (k: K) => {
    let t = tables.get(k)
    if (!t) tables.set(k, (t = { renames: [], constants: [], translations: [] }))
    return t
  }
  for (const [k, renames] of compileRenames(entries, spec.optionNames?.names ?? "fieldNames", fieldNames)) {
    table(k).renames = renames
  }
  for (const [k, rules] of compileValues(entries, spec.optionNames?.values ?? "fieldValues", fieldValues)) {
    for (const rule of rules) {
      if ("value" in rule) table(k).constants.push(rule)
      else table(k).translations.push(rule)
    }
  }
  return tables
}

/** `fieldNames`: each operation's renames, shallowest first. */
function compileRenames<K extends string>(
  entries: OptionEntries<K>,
  optNames: string,
  fieldNames: FieldNamesOption | undefined
): Map<K, Rename[]> {
  const namesSeen = new Map<K, Map<string, Rename>>()
  for (const [rawKey, map] of entries.of(optNames, fieldNames)) {
    const keys = entries.keys(optNames, rawKey)
    if (!isObj(map))
      throw new GatewayOptionsError(`${optNames}.${rawKey}`, "must be an object { ourField: gatewayName }")
    for (const [path, wire] of Object.entries(map)) {
      const option = `${optNames}.${rawKey}.${path}`
      const segments = entries.path(option, keys, path)
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
  const out = new Map<K, Rename[]>()
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
    out.set(
      k,
      renames.sort((a, b) => a.parents.length - b.parents.length)
    )
  }
  return out
}

/** `fieldValues`: each operation's constants, omissions and translations. */
function compileValues<K extends string>(
  entries: OptionEntries<K>,
  optValues: string,
  fieldValues: FieldValuesOption | undefined
): Map<K, (Constant | Translation)[]> {
  const valuesSeen = new Map<K, Map<string, Constant | Translation>>()
  for (const [rawKey, map] of entries.of(optValues, fieldValues)) {
    const keys = entries.keys(optValues, rawKey)
    if (!isObj(map)) {
      throw new GatewayOptionsError(
        `${optValues}.${rawKey}`,
        "must be an object { ourField: value | null | { ourValue: gatewayValue } }"
      )
    }
    for (const [path, rule] of Object.entries(map)) {
      const option = `${optValues}.${rawKey}.${path}`
      const segments = entries.path(option, keys, path)
      const compiled = compileValueRule(option, segments, rule)
      for (const k of keys) {
        const byPath = valuesSeen.get(k) ?? new Map<string, Constant | Translation>()
        valuesSeen.set(k, byPath)
        byPath.set(path, compiled)
      }
    }
  }
  return new Map([...valuesSeen].map(([k, byPath]) => [k, [...byPath.values()]]))
}

/** One `fieldValues` entry: a constant (text), an omission (null) or a translation (an object). */
function compileValueRule(option: string, segments: Segment[], rule: unknown): Constant | Translation {
  const parents = segments.slice(0, -1)
  const leaf = segments[segments.length - 1]!
  if (rule === null || typeof rule === "string") return { parents, leaf, value: rule }
  if (!isObj(rule)) {
    throw new GatewayOptionsError(
      option,
      "must be a text (the value sent), null (leave the field out) or an object { ourValue: gatewayValue | [gatewayValues] }"
    )
  }
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
  return { parents, leaf, toWire, toOurs }
}
