/**
 * Field paths of the wire map (`name`, `parent.name`, `list[].name`, in our names) and the walks over plain
 * objects along them: what ./wire-map.ts renames and translates with.
 */
import { safeEntries } from "./plain-object"

export type Obj = Record<string, unknown>

export interface Segment {
  name: string
  /** The value at this segment is a list whose entries are walked (`name[]`). */
  list: boolean
}

const SEGMENT = "[A-Za-z_][A-Za-z0-9_-]*(?:\\[\\])?"
const PATH_RE = new RegExp(`^${SEGMENT}(?:\\.${SEGMENT})*$`)

/** `a.b[].c` → segments. */
export function parseFieldPath(path: string): Segment[] | null {
  if (!PATH_RE.test(path)) return null
  return path
    .split(".")
    .map((s) => (s.endsWith("[]") ? { name: s.slice(0, -2), list: true } : { name: s, list: false }))
}

export const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v)

/** Calls `fn` with every object found at `parents` (walking into lists marked `[]`). */
export function forEachParent(root: unknown, parents: readonly Segment[], fn: (o: Obj) => void): void {
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
export function copy<T>(value: T): T {
  if (Array.isArray(value)) return value.map(copy) as T
  if (isObj(value)) {
    const out: Obj = {}
    for (const [k, v] of safeEntries(value)) out[k] = copy(v)
    return out as T
  }
  return value
}

/** The value of a leaf through `map` (each entry of it for a `name[]` leaf); values not in the map stay. */
export function mapLeafValue(value: unknown, leaf: Segment, map: ReadonlyMap<string, string>): unknown {
  const one = (v: unknown) => {
    if (typeof v === "string" || typeof v === "number") {
      const hit = map.get(String(v))
      if (hit !== undefined) return hit
    }
    return v
  }
  return leaf.list && Array.isArray(value) ? value.map(one) : one(value)
}

export function renameKey(o: Obj, from: string, to: string): void {
  if (from === to || !Object.prototype.hasOwnProperty.call(o, from)) return
  const value = o[from]
  delete o[from]
  o[to] = value
}
