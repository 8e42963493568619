/**
 * Option pieces both clients share (timeouts, retry, logger, base URL) and the check that turns a bad option
 * into a GatewayOptionsError naming it.
 */
import { z } from "zod"
import { GatewayOptionsError } from "./errors"
import { HttpTransport, HttpTransportOptions } from "./http"
import { isPanField, isSecretField } from "./redact"
import type { WireMap } from "./wire-map"
import { formatPath, issuesOf } from "./validate"

const positiveMs = z.number().int("must be a whole number of milliseconds").positive("must be greater than 0")

export const timeoutsOptionSchema = z
  .strictObject({
    connectMs: positiveMs.optional(),
    headersMs: positiveMs.optional(),
    bodyMs: positiveMs.optional(),
    totalMs: positiveMs.optional(),
  })
  .optional()

export const retryOptionSchema = z
  .strictObject({
    attempts: z.number().int().min(1, "must be at least 1").max(10, "must be at most 10").optional(),
    baseMs: z.number().int().min(0).max(60000).optional(),
    maxMs: z.number().int().min(0).max(600000).optional(),
  })
  .optional()

export const loggerOptionSchema = z
  .custom<unknown>(
    (v) => v === undefined || (typeof v === "object" && v !== null),
    "must be an object with debug/info/warn/error functions"
  )
  .optional()

export const baseUrlOptionSchema = z
  .string({ error: "is required (an http(s) URL)" })
  .min(1, "is required (an http(s) URL)")
  .refine((v) => {
    try {
      const u = new URL(v)
      return (u.protocol === "http:" || u.protocol === "https:") && !u.search && !u.hash
    } catch {
      return false
    }
  }, "must be an http(s) URL without query or fragment")

/** Hosts of this machine: plain http to them never crosses a network (a local sandbox, the demo, tests). */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"])

/** Whether `url` is plain http: to another machine, where card data and signed requests would travel in clear. */
export function isInsecureHttpUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === "http:" && !LOOPBACK_HOSTS.has(u.hostname)
  } catch {
    return false
  }
}

/**
 * The https rule of the URLs that carry the gateway's traffic (base URLs, notify_url), as an object refinement:
 * each of `fields` that is plain http to another machine is refused, unless the option `allow` is true.
 */
export function httpsOnly<T extends object>(fields: readonly (keyof T & string)[], allow: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx<T>): void => {
    const v = value as Record<string, unknown>
    if (v[allow] === true) return
    for (const field of fields) {
      if (typeof v[field] === "string" && isInsecureHttpUrl(v[field] as string)) {
        ctx.addIssue({
          code: "custom",
          path: [field],
          message: `must be an https: URL (http: only to localhost, 127.0.0.1 or ::1, or with ${allow}: true)`,
        })
      }
    }
  }
}

/** A path option: starts with "/". */
export const pathOptionSchema = z
  .string({ error: 'must be a path starting with "/"' })
  .regex(/^\/[^\s?#]*$/, 'must be a path starting with "/"')

/** merchant_id (≤ 7) and account_id (≤ 10), the interface's limits. */
export const merchantIdOptionSchema = z
  .string({ error: "is required" })
  .trim()
  .min(1, "is required")
  .max(7, "must be at most 7 characters")
export const accountIdOptionSchema = z
  .string({ error: "is required" })
  .trim()
  .min(1, "is required")
  .max(10, "must be at most 10 characters")

/** A secret (sign key, api key): required, never echoed in a message. */
export const secretOptionSchema = (what: string) =>
  z.string({ error: `is required (${what})` }).refine((v) => v.trim().length > 0, `is required (${what})`)

/** A request encoding. */
export const contentTypeOptionSchema = z.enum(["json", "form", "json-as-form"], {
  error: 'must be "json", "form" or "json-as-form"',
})

/** A list of status codes (text), at least one. */
export const statusListOptionSchema = z
  .array(z.string().trim().min(1), { error: "must be a non-empty list of codes (text)" })
  .min(1, "must be a non-empty list of codes (text)")

/** Signature field lists per endpoint; the keys are checked against the endpoint table by the signer. */
export const signatureListsOptionSchema = z.record(
  z.string(),
  z
    .array(z.string().trim().min(1), { error: "must be a non-empty list of field names" })
    .min(1, "must be a non-empty list of field names")
)

/** A positive whole number. */
export const positiveIntOptionSchema = z
  .number({ error: "must be a positive integer" })
  .int("must be a positive integer")
  .positive("must be a positive integer")

/** The keys an object schema accepts at `path` (through optionals), to say which ones are known. */
function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] | null {
  let s: z.ZodType = schema
  for (const p of [...path, null]) {
    while (s instanceof z.ZodOptional || s instanceof z.ZodDefault || s instanceof z.ZodPipe) {
      s = s instanceof z.ZodPipe ? (s.in as z.ZodType) : (s.unwrap() as z.ZodType)
    }
    if (!(s instanceof z.ZodObject)) return null
    if (p === null) return Object.keys(s.shape)
    s = s.shape[String(p)] as z.ZodType
    if (!s) return null
  }
  return null
}

/** The first problem of `options` against `schema`, as the option it names and the rule it breaks; null when valid. */
export function firstOptionProblem(schema: z.ZodType, options: unknown): { option: string; rule: string } | null {
  const r = schema.safeParse(options)
  if (r.success) return null
  const issue = r.error.issues[0]!
  if (issue.code === "unrecognized_keys") {
    const parent = formatPath(issue.path as PropertyKey[])
    const known = knownKeysAt(schema, issue.path as PropertyKey[])
    return {
      option: parent ? `${parent}.${issue.keys[0]}` : issue.keys[0]!,
      rule: `is not known${known ? ` (${known.join(", ")})` : ""}`,
    }
  }
  const first = issuesOf(r.error, options)[0] ?? { field: "(options)", rule: "is invalid" }
  return { option: first.field, rule: first.rule }
}

/** Validates options with a schema; the first problem becomes a GatewayOptionsError naming the option. */
export function parseOptions<S extends z.ZodType>(schema: S, options: unknown): z.output<S> {
  if (options === null || typeof options !== "object") throw new GatewayOptionsError("(options)", "must be an object")
  const problem = firstOptionProblem(schema, options)
  if (problem)
    throw new GatewayOptionsError(problem.option, problem.rule.replace(/^is not known/, "is not a known option"))
  return schema.parse(options)
}

/**
 * The transport a client's options ask for. `secret` (its sign key or api key) is redacted from every log line,
 * and so are the gateway's names (`wire`) of our card, security code, expiry and token fields.
 */
export function transportFor(
  options: Pick<
    HttpTransportOptions,
    "timeouts" | "retry" | "logger" | "connections" | "maxResponseBytes" | "logBodies"
  >,
  secret: string,
  wire?: Pick<WireMap, "wireNamesOf">
): HttpTransport {
  const { timeouts, retry, logger, connections, maxResponseBytes, logBodies } = options
  return new HttpTransport({
    ...(timeouts ? { timeouts } : {}),
    ...(retry ? { retry } : {}),
    ...(logger ? { logger } : {}),
    ...(connections !== undefined ? { connections } : {}),
    ...(maxResponseBytes !== undefined ? { maxResponseBytes } : {}),
    ...(logBodies !== undefined ? { logBodies } : {}),
    secrets: [secret],
    ...(wire ? { redactFields: { secret: wire.wireNamesOf(isSecretField), pan: wire.wireNamesOf(isPanField) } } : {}),
  })
}

/** `baseUrl` + `path`, keeping any path prefix of the base URL (e.g. ".../api" + "/card/query"). */
export function joinUrl(baseUrl: string, path: string): URL {
  return new URL(baseUrl.replace(/\/+$/, "") + path)
}
