/**
 * Option pieces both clients share (timeouts, retry, logger, base URL) and the check that turns a bad option
 * into a GatewayOptionsError naming it.
 */
import { z } from "zod"
import { GatewayOptionsError } from "./errors"
import { issuesOf } from "./validate"

const positiveMs = z.number().int("must be a whole number of milliseconds").positive("must be greater than 0")

export const timeoutsOptionSchema = z
  .strictObject({ connectMs: positiveMs.optional(), headersMs: positiveMs.optional(), bodyMs: positiveMs.optional() })
  .optional()

export const retryOptionSchema = z
  .strictObject({
    attempts: z.number().int().min(1, "must be at least 1").max(10, "must be at most 10").optional(),
    baseMs: z.number().int().min(0).max(60000).optional(),
    maxMs: z.number().int().min(0).max(600000).optional(),
  })
  .optional()

export const loggerOptionSchema = z
  .custom<unknown>((v) => v === undefined || (typeof v === "object" && v !== null), "must be an object with debug/info/warn/error functions")
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

/** A path option: starts with "/". */
export const pathOptionSchema = z.string().regex(/^\/[^\s?#]*$/, 'must be a path starting with "/"')

/** Validates options with a schema; the first problem becomes a GatewayOptionsError naming the option. */
export function parseOptions<S extends z.ZodType>(schema: S, options: unknown): z.output<S> {
  if (options === null || typeof options !== "object") throw new GatewayOptionsError("(options)", "must be an object")
  const r = schema.safeParse(options)
  if (r.success) return r.data
  const first = issuesOf(r.error, options)[0] ?? { field: "(options)", rule: "is invalid" }
  throw new GatewayOptionsError(first.field, first.rule.replace("is not a known field of this request", "is not a known option"))
}

/** `baseUrl` + `path`, keeping any path prefix of the base URL (e.g. ".../api" + "/card/query"). */
export function joinUrl(baseUrl: string, path: string): URL {
  return new URL(baseUrl.replace(/\/+$/, "") + path)
}
