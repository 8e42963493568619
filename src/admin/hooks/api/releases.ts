import type { AdminGatewayReleaseListResponse } from "../../../types/http"
import { queryKeys } from "./query-keys"
import { useListQuery } from "./resource"

export const releaseKeys = queryKeys("gateway_release")

/** Gateway transactions that are no payment of an order and how their money went back (GET /admin/gateway/releases). */
export const useReleases = (query: Record<string, unknown>, options: { enabled?: boolean } = {}) =>
  useListQuery<AdminGatewayReleaseListResponse>(releaseKeys, "/admin/gateway/releases", query, options)
