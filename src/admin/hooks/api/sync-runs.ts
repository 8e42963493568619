import { useQuery } from "@tanstack/react-query"
import type { z } from "zod"
import type { AdminGatewaySyncRunSchema } from "../../../api/admin/gateway/schemas/payments"
import type { AdminGatewaySyncRunListResponse, AdminGatewaySyncRunResponse, Json } from "../../../types/http"
import { sdk } from "../../lib/sdk"
import { queryKeys } from "./query-keys"
import { useChange } from "./resource"

export const syncRunKeys = queryKeys("gateway_sync_run")
const path = "/admin/gateway/sync-runs"

export const useSyncRuns = (limit = 20) =>
  useQuery({
    queryKey: syncRunKeys.list({ limit }),
    queryFn: () => sdk.client.fetch<Json<AdminGatewaySyncRunListResponse>>(path, { query: { limit } }),
  })

export const useRunSync = () =>
  useChange<AdminGatewaySyncRunResponse, z.input<typeof AdminGatewaySyncRunSchema>["job"]>(
    (job) => ({ path, body: { job } }),
    [syncRunKeys]
  )
