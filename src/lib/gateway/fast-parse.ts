/**
 * A fast path for zod parsing, compiled once per schema from the schema itself (no second copy of any rule):
 * the common shapes of the gateway's answers and requests (objects, arrays, strings with their checks,
 * numbers, booleans, literals, enums, unions, optional and nullable, and transforms of the value alone) are
 * walked directly, without zod's per-field result objects; any other node (a default, a transform that takes
 * zod's context, ...) is handed to zod for that value alone. The fast path only ever says "valid, and this is
 * the value zod would give" or "not sure":
 * on "not sure" (which includes every invalid input) the caller runs zod's own parse, which then names the
 * field and the rule exactly as before. A 100-record order-query answer: about 0.77 ms in zod, 0.1-0.15 ms
 * here (bench/client-overhead.ts; the equivalence is property-tested in __tests__/fast-parse.test.ts).
 */
import type { z } from "zod"

/** "Not sure": let zod decide (and word the error). */
export const UNSURE: unique symbol = Symbol("unsure")
type Parse = (value: unknown) => unknown

/** Zod's internals the fast path reads (zod 4: `schema._zod.def`, a check's `_zod.check`). */
interface Internals {
  _zod: { def: Def; check?: (payload: { value: unknown; issues: unknown[] }) => void }
}
interface Def {
  type: string
  checks?: Internals[]
  coerce?: boolean
  shape?: Record<string, Internals>
  catchall?: Internals
  element?: Internals
  options?: Internals[]
  innerType?: Internals
  values?: unknown[]
  entries?: Record<string, unknown>
  in?: Internals
  out?: Internals
  when?: unknown
  check?: string
  transform?: (value: unknown, ctx?: unknown) => unknown
}

const compiled = new WeakMap<object, Parse>()

/** The fast parser of `schema` (compiled on first use): returns the parsed value, or UNSURE. */
export function fastParser(schema: z.ZodType): Parse {
  let parse = compiled.get(schema)
  if (!parse) {
    parse = compile(schema as unknown as Internals)
    compiled.set(schema, parse)
  }
  return parse
}

/** Zod itself for one value: its output, or UNSURE when it finds an issue. */
function viaZod(schema: Internals): Parse {
  const s = schema as unknown as z.ZodType
  return (value) => {
    const r = s.safeParse(value)
    return r.success ? r.data : UNSURE
  }
}

/** One check as zod runs it: skipped when its `when` says so (length checks: "the value has a length"). */
function checkOf(c: Internals): (value: unknown) => boolean {
  const def = c._zod.def as Def & {
    when?: (payload: { value: unknown; issues: unknown[] }) => boolean
    maximum?: number
    minimum?: number
    format?: string
    pattern?: RegExp
  }
  const when = def.when
  // The common checks read directly (same rule as zod's own check function), the others through it.
  let test: (value: unknown) => boolean
  if (def.check === "max_length" && typeof def.maximum === "number")
    test = (v) => (v as { length: number }).length <= def.maximum!
  else if (def.check === "min_length" && typeof def.minimum === "number")
    test = (v) => (v as { length: number }).length >= def.minimum!
  else if (
    def.check === "string_format" &&
    def.format === "regex" &&
    def.pattern instanceof RegExp &&
    !def.pattern.global &&
    !def.pattern.sticky
  ) {
    const pattern = def.pattern
    test = (v) => pattern.test(v as string)
  } else {
    test = (value) => {
      const payload = { value, issues: [] as unknown[] }
      c._zod.check!(payload)
      return payload.issues.length === 0
    }
  }
  if (!when) return test
  return (value) => !when({ value, issues: [] }) || test(value)
}

/** The node's own checks (lengths, patterns, refinements), run as zod runs them; null when one rewrites the value. */
function checksOf(schema: Internals): ((value: unknown) => boolean) | null {
  const def = schema._zod.def
  // A format type (z.email(), z.url(), ...) is itself a check, run before the others, as zod does.
  const checks = [...(typeof schema._zod.check === "function" ? [schema] : []), ...(def.checks ?? [])]
  // A check that rewrites the value (trim, toLowerCase, ...): zod's own parse.
  if (checks.some((c) => c._zod.def.check === "overwrite" || typeof c._zod.check !== "function")) return null
  if (checks.length === 0) return () => true
  const tests = checks.map(checkOf)
  if (tests.length === 1) return tests[0]!
  return (value) => {
    for (const test of tests) if (!test(value)) return false
    return true
  }
}

function compile(schema: Internals): Parse {
  const def = schema._zod.def
  const checks = checksOf(schema)
  if (!checks || def.coerce) return viaZod(schema)
  const parse = compileType(schema, def)
  if (!def.checks?.length && typeof schema._zod.check !== "function") return parse
  // The node's own checks run on its output, as zod runs them (a refine after a transform sees the transformed value).
  return (v) => {
    const out = parse(v)
    return out !== UNSURE && checks(out) ? out : UNSURE
  }
}

function compileType(schema: Internals, def: Def): Parse {
  switch (def.type) {
    case "string":
      return (v) => (typeof v === "string" ? v : UNSURE)
    case "number":
      return (v) => (typeof v === "number" && Number.isFinite(v) ? v : UNSURE)
    case "boolean":
      return (v) => (typeof v === "boolean" ? v : UNSURE)
    case "unknown":
    case "any":
      return (v) => v
    case "literal": {
      const values = def.values ?? []
      return (v) => (values.includes(v) ? v : UNSURE)
    }
    case "enum": {
      const values = Object.values(def.entries ?? {})
      return (v) => (values.includes(v) ? v : UNSURE)
    }
    case "optional": {
      const inner = compile(def.innerType!)
      return (v) => (v === undefined ? undefined : inner(v))
    }
    case "nullable": {
      const inner = compile(def.innerType!)
      return (v) => (v === null ? null : inner(v))
    }
    case "union": {
      const options = (def.options ?? []).map(compile)
      return (v) => {
        for (const option of options) {
          const out = option(v)
          if (out !== UNSURE) return out
        }
        return UNSURE
      }
    }
    case "pipe": {
      // Zod's pipe: the output side (usually a transform) runs on what the input side gave.
      const input = compile(def.in!)
      const output = compile(def.out!)
      return (v) => {
        const mid = input(v)
        return mid === UNSURE ? UNSURE : output(mid)
      }
    }
    case "array": {
      const element = compile(def.element!)
      return (v) => {
        if (!Array.isArray(v)) return UNSURE
        let out: unknown[] | undefined
        for (let i = 0; i < v.length; i++) {
          const e = element(v[i])
          if (e === UNSURE) return UNSURE
          if (e !== v[i]) (out ??= v.slice())[i] = e
        }
        return out ?? v
      }
    }
    case "transform": {
      // Called here when it takes the value alone (zod's context unused): zod's own run of a transform kept the
      // value it was given alive past young-generation collections, so every order-query answer (the transform
      // of `orders_list`) reached V8's old generation and the sync's memory peak grew with the open payments
      // (measured: bench/reconciliation.ts, its heap figures by V8 space).
      const transform = def.transform
      if (typeof transform !== "function" || transform.length > 1) return viaZod(schema)
      return (v) => {
        const out = transform(v)
        return out instanceof Promise ? UNSURE : out
      }
    }
    case "object":
      return compileObject(schema, def)
    default:
      return viaZod(schema)
  }
}

/**
 * An object: its shape's fields; unknown keys kept (loose), refused (strict) or dropped (strip), as zod does.
 * Walks the input's keys, not the shape's (a request schema has dozens of optional fields, a request a few);
 * the fields whose absence matters (required ones, or ones that give a value when absent) are listed once.
 */
function compileObject(schema: Internals, def: Def): Parse {
  const catchall = def.catchall?._zod.def.type
  // "unknown": loose (kept as they are); "never": strict (refused); none: strip (dropped); other: zod decides.
  if (catchall !== undefined && catchall !== "unknown" && catchall !== "never") return viaZod(schema)
  const strict = catchall === "never"
  const strip = catchall === undefined
  const byKey = new Map<string, Parse>()
  const absentMatters: [string, unknown][] = []
  for (const [key, s] of Object.entries(def.shape ?? {})) {
    const parse = compile(s)
    byKey.set(key, parse)
    let whenAbsent: unknown
    try {
      whenAbsent = parse(undefined)
    } catch {
      whenAbsent = UNSURE
    }
    if (whenAbsent !== undefined) absentMatters.push([key, whenAbsent])
  }
  return (v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return UNSURE
    const proto = Object.getPrototypeOf(v)
    if (proto !== Object.prototype && proto !== null) return UNSURE // class instances, getters: zod's own walk
    const input = v as Record<string, unknown>
    let changed: Record<string, unknown> | undefined
    let unknownKeys = false
    for (const key in input) {
      const parse = byKey.get(key)
      if (parse === undefined) {
        if (strict) return UNSURE
        unknownKeys = true
        continue
      }
      const value = input[key]
      const parsed = parse(value)
      if (parsed === UNSURE) return UNSURE
      if (parsed !== value) (changed ??= {})[key] = parsed
    }
    for (const [key, whenAbsent] of absentMatters) {
      if (key in input) continue
      if (whenAbsent === UNSURE) return UNSURE
      ;(changed ??= {})[key] = whenAbsent
    }
    if (!changed && !(strip && unknownKeys)) return input
    if (!strip) return { ...input, ...changed }
    const result: Record<string, unknown> = {}
    for (const key in input) if (byKey.has(key)) result[key] = changed && key in changed ? changed[key] : input[key]
    if (changed) for (const key in changed) if (!(key in result)) result[key] = changed[key]
    return result
  }
}
