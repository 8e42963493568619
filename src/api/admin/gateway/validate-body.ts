import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import type { z } from "zod"
import { issuesOf } from "../../../lib/gateway/validate"

/**
 * Validates and transforms a body with one of ./schemas (which the admin forms share): a 400 names every
 * failing field in front of its rule ("birth_date must be a date YYYY-MM-DD"), in the library's words. The
 * schemas' messages say the rule only, so that a form can show them under the field.
 */
export const validateBody =
  (schema: z.ZodType) =>
  async (req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): Promise<void> => {
    const body = req.body ?? {}
    const parsed = await schema.safeParseAsync(body)
    if (!parsed.success) {
      const issues = issuesOf(parsed.error, body).map((i) => `${i.field} ${i.rule}`)
      return next(new MedusaError(MedusaError.Types.INVALID_DATA, `Invalid request: ${issues.join("; ")}`))
    }
    req.validatedBody = parsed.data
    next()
  }

/**
 * Every POST of the admin gateway routes must say `Content-Type: application/json`, bodiless actions (block,
 * close, reveal, refresh) included: an HTML form on another site can post only urlencoded, multipart or
 * text/plain bodies, so a cross-site form cannot make a signed-in admin's browser act here (CSRF). The admin's
 * own client (Medusa's JS SDK) sends application/json on every request. 415 otherwise, before anything runs.
 */
export const requireJson = (req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void => {
  const type = String(req.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase()
  if (type === "application/json") return next()
  res.status(415).json({
    type: "unsupported_media_type",
    message: `${req.method} ${req.path} needs the header Content-Type: application/json (got ${type ? `"${type}"` : "none"}), also when it has no body`,
  })
}
