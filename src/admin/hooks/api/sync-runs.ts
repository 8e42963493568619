import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { SyncRun } from "../../lib/types"
import { queryKeys } from "./query-keys"

export const syncRunKeys = queryKeys("gateway_sync_run")

export const useSyncRuns = (limit = 20) =>
  useQuery({
    queryKey: syncRunKeys.list({ limit }),
    queryFn: () => sdk.client.fetch<{ sync_runs: SyncRun[]; count: number; limit: number }>("/admin/gateway/sync-runs", { query: { limit } }),
  })

export const useRunSync = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (job: "order_sync" | "refund_sync") =>
      sdk.client.fetch<{ summary: { status: string; checked: number; changed: number; discrepancies: unknown[] } }>("/admin/gateway/sync-runs", { method: "POST", body: { job } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: syncRunKeys.all }),
  })
}
