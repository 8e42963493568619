import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { CardGroup, ListResponse } from "../../lib/types"
import { cleanQuery, queryKeys } from "./query-keys"

export const groupKeys = queryKeys("gateway_group")

export const useGroups = (query: Record<string, unknown>, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: groupKeys.list(query),
    queryFn: () => sdk.client.fetch<ListResponse<"groups", CardGroup>>("/admin/gateway/groups", { query: cleanQuery(query) }),
    placeholderData: (previous) => previous,
    ...options,
  })

export const useGroup = (id: string) =>
  useQuery({
    queryKey: groupKeys.detail(id),
    queryFn: () => sdk.client.fetch<{ group: CardGroup }>(`/admin/gateway/groups/${id}`),
  })

export const useTrackGroup = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: { gateway_group_id: string }) => sdk.client.fetch<{ group: CardGroup }>("/admin/gateway/groups", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  })
}

export const useGroupAction = (id: string, action: "close" | "refresh") => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => sdk.client.fetch<{ group: CardGroup }>(`/admin/gateway/groups/${id}/${action}`, { method: "POST", body: {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  })
}
