import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"

/** Filters and pagination of a list route, as `validateAndTransformQuery` prepared them. */
export function listArgs(req: AuthenticatedMedusaRequest<unknown>) {
  const { skip = 0, take = 20, select, order } = req.listConfig as { skip?: number; take?: number; select?: string[]; order?: Record<string, "ASC" | "DESC"> }
  return {
    filters: req.filterableFields as Record<string, unknown>,
    config: { skip, take, ...(select ? { select } : {}), ...(order ? { order } : {}) },
    page: { offset: skip, limit: take },
  }
}
