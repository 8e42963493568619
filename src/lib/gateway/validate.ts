/**
 * zod → typed errors: a request that fails its schema becomes a GatewayValidationError naming the field and
 * the rule (nothing is sent); an answer that fails its schema becomes a GatewayResponseError naming the field.
 * A valid value takes the fast path compiled from the same schema (./fast-parse.ts); zod words every error.
 */
import { z } from "zod"
import { GatewayResponseError, GatewayValidationError, ValidationIssue } from "./errors"
import { fastParser, UNSURE } from "./fast-parse"

/** `a.b[0].c` from a zod path. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = ""
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`
    else out += out.length ? `.${String(p)}` : String(p)
  }
  return out
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = data
  for (const p of path) {
    if (v === null || typeof v !== "object") return undefined
    v = (v as Record<PropertyKey, unknown>)[p]
  }
  return v
}

function plural(n: number | bigint, word: string): string {
  return `${n} ${word}${Number(n) === 1 ? "" : "s"}`
}

function typeName(v: unknown): string {
  if (v === null) return "null"
  if (Array.isArray(v)) return "array"
  return typeof v
}

/** The parts of a zod issue (raised, or raw in an error map) that say which rule it breaks. */
type IssueLike = {
  code?: string
  message?: string
  maximum?: number | bigint
  minimum?: number | bigint
  origin?: string
  expected?: string
  values?: readonly unknown[]
  format?: string
  pattern?: RegExp | string
}

/**
 * The rule an issue breaks, in words ("must be at most 64 characters"); `value` is the field's value. A
 * schema's own message is kept. Also the error map of the admin forms, which show the rule under the field.
 */
export function ruleOf(issue: IssueLike, value: unknown): string {
  const custom = issue.message && !/^(Invalid|Too (big|small)|Unrecognized)/.test(issue.message)
  const own = (fallback: string) => (custom ? issue.message! : fallback)
  switch (issue.code) {
    case "invalid_type":
      return value === undefined
        ? "is required"
        : own(`must be ${article(String(issue.expected))} (got ${typeName(value)})`)
    case "too_big": {
      const max = issue.maximum ?? 0
      return own(
        issue.origin === "string"
          ? `must be at most ${plural(max, "character")}`
          : issue.origin === "array"
            ? `must hold at most ${plural(max, "entry").replace("entrys", "entries")}`
            : `must be at most ${String(max)}`
      )
    }
    case "too_small": {
      const min = issue.minimum ?? 0
      return own(
        issue.origin === "string"
          ? Number(min) === 1
            ? "must not be empty"
            : `must be at least ${plural(min, "character")}`
          : issue.origin === "array"
            ? `must hold at least ${plural(min, "entry").replace("entrys", "entries")}`
            : `must be at least ${String(min)}`
      )
    }
    case "invalid_value":
      return own(`must be one of ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(", ")}`)
    case "invalid_format":
      return own(issue.pattern ? `must match ${issue.pattern}` : `must be a valid ${issue.format}`)
    case "invalid_union":
      return value === undefined ? "is required" : own(`has an unexpected type (${typeName(value)})`)
    default:
      return issue.message || "is invalid"
  }
}

/** Turns zod issues into field + rule pairs, in the words of the gateway's fields. */
export function issuesOf(error: z.ZodError, data: unknown): ValidationIssue[] {
  const out: ValidationIssue[] = []
  for (const issue of error.issues) {
    const path = issue.path as PropertyKey[]
    const field = formatPath(path) || "(body)"
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        out.push({ field: field === "(body)" ? key : `${field}.${key}`, rule: "is not a known field of this request" })
      }
    } else {
      out.push({ field, rule: ruleOf(issue, valueAt(data, path)) })
    }
  }
  return out
}

function article(t: string): string {
  return /^[aeiou]/.test(t) ? `an ${t}` : `a ${t}`
}

/** Parses a request with its schema or throws GatewayValidationError. */
export function parseRequest<S extends z.ZodType>(schema: S, data: unknown, operation: string): z.output<S> {
  const fast = fastParser(schema)(data)
  if (fast !== UNSURE) return fast as z.output<S>
  const r = schema.safeParse(data)
  if (r.success) return r.data
  throw new GatewayValidationError(issuesOf(r.error, data), { operation })
}

/** Parses an answer with its schema or throws GatewayResponseError naming the first failing field. */
export function parseResponse<S extends z.ZodType>(
  schema: S,
  data: unknown,
  operation: string,
  httpStatus?: number
): z.output<S> {
  const fast = fastParser(schema)(data)
  if (fast !== UNSURE) return fast as z.output<S>
  const r = schema.safeParse(data)
  if (r.success) return r.data
  const issues = issuesOf(r.error, data)
  const first = issues[0] ?? { field: "(body)", rule: "is invalid" }
  throw new GatewayResponseError(
    operation,
    first.field,
    first.rule,
    httpStatus !== undefined ? { httpStatus } : undefined
  )
}
