import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { ListResponse, Payout } from "../../lib/types"
import { cleanQuery, queryKeys } from "./query-keys"

export const payoutKeys = queryKeys("gateway_payout")

export const usePayouts = (query: Record<string, unknown>) =>
  useQuery({
    queryKey: payoutKeys.list(query),
    queryFn: () => sdk.client.fetch<ListResponse<"payouts", Payout>>("/admin/gateway/payouts", { query: cleanQuery(query) }),
    placeholderData: (previous) => previous,
  })

export const usePayout = (id: string) =>
  useQuery({
    queryKey: payoutKeys.detail(id),
    queryFn: () => sdk.client.fetch<{ payout: Payout }>(`/admin/gateway/payouts/${id}`),
  })

export const useCreatePayout = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => sdk.client.fetch<{ payout: Payout }>("/admin/gateway/payouts", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  })
}

export const useRefreshPayout = (id: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => sdk.client.fetch<{ payout: Payout }>(`/admin/gateway/payouts/${id}/refresh`, { method: "POST", body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
  })
}
