import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ListResponse } from "../../../types/http"
import { gatewayModule } from "../../../workflows/common/operation-context"

type GatewayModule = ReturnType<typeof gatewayModule>
type ListConfig = { skip: number; take: number; select?: string[]; order?: Record<string, "ASC" | "DESC"> }

/** Filters and pagination of a list route, as `validateAndTransformQuery` prepared them. */
export function listArgs(req: AuthenticatedMedusaRequest<unknown>) {
  const { skip = 0, take = 20, select, order } = req.listConfig as Partial<ListConfig>
  const config: ListConfig = { skip, take, ...(select ? { select } : {}), ...(order ? { order } : {}) }
  return { filters: req.filterableFields as Record<string, unknown>, config, page: { offset: skip, limit: take } }
}

/**
 * A list route: the module's `listAndCount…` with the query's filters and page, answered as
 * `{ [key]: records, count, offset, limit }`.
 */
export const listRoute =
  <K extends string, T>(
    key: K,
    listAndCount: (
      gateway: GatewayModule,
      filters: Record<string, unknown>,
      config: ListConfig
    ) => Promise<[T[], number]>
  ) =>
  async (req: AuthenticatedMedusaRequest, res: MedusaResponse<ListResponse<K, T>>) => {
    const { filters, config, page } = listArgs(req)
    const [records, count] = await listAndCount(gatewayModule(req.scope), filters, config)
    res.json({ [key]: records, count, ...page } as ListResponse<K, T>)
  }
