import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { Cardholder, ListResponse } from "../../lib/types"
import { cleanQuery, queryKeys } from "./query-keys"

export const cardholderKeys = queryKeys("gateway_cardholder")

export const useCardholders = (query: Record<string, unknown>, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: cardholderKeys.list(query),
    queryFn: () => sdk.client.fetch<ListResponse<"cardholders", Cardholder>>("/admin/gateway/cardholders", { query: cleanQuery(query) }),
    placeholderData: (previous) => previous,
    ...options,
  })

export const useCardholder = (id: string) =>
  useQuery({
    queryKey: cardholderKeys.detail(id),
    queryFn: () => sdk.client.fetch<{ cardholder: Cardholder }>(`/admin/gateway/cardholders/${id}`),
  })

export const useCreateCardholder = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => sdk.client.fetch<{ cardholder: Cardholder }>("/admin/gateway/cardholders", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardholderKeys.all }),
  })
}

export const useDeleteCardholder = (id: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => sdk.client.fetch<{ cardholder: Cardholder }>(`/admin/gateway/cardholders/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cardholderKeys.all }),
  })
}
