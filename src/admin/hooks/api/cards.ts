import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { Card, ListResponse, RevealedCard } from "../../lib/types"
import { groupKeys } from "./groups"
import { cleanQuery, queryKeys } from "./query-keys"

export const cardKeys = queryKeys("gateway_card")

export const useCards = (query: Record<string, unknown>) =>
  useQuery({
    queryKey: cardKeys.list(query),
    queryFn: () => sdk.client.fetch<ListResponse<"cards", Card>>("/admin/gateway/cards", { query: cleanQuery(query) }),
    placeholderData: (previous) => previous,
  })

export const useCard = (id: string) =>
  useQuery({
    queryKey: cardKeys.detail(id),
    queryFn: () => sdk.client.fetch<{ card: Card }>(`/admin/gateway/cards/${id}`),
  })

export type CreateCardsResult = { request_id: string; created: number; failed: number; results: { index: number; ok: boolean; error?: { code?: string; message?: string } | null; card?: Card | null }[] }

export const useCreateCards = () => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => sdk.client.fetch<CreateCardsResult>("/admin/gateway/cards", { method: "POST", body }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: cardKeys.all })
      queryClient.invalidateQueries({ queryKey: groupKeys.all })
    },
  })
}

export type CardAction = "block" | "activate" | "close" | "refresh" | "limit" | "recharge" | "withdraw"

/** block, activate, close, refresh (no body) and limit, recharge, withdraw (`{ amount }`). */
export const useCardAction = (id: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ action, amount }: { action: CardAction; amount?: string }) =>
      sdk.client.fetch<{ card: Card }>(`/admin/gateway/cards/${id}/${action}`, { method: "POST", body: amount === undefined ? {} : { amount } }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: cardKeys.all })
      queryClient.invalidateQueries({ queryKey: groupKeys.all })
    },
  })
}

/** Never cached: the answer lives only in the component that asked for it. */
export const useRevealCard = (id: string) =>
  useMutation({
    mutationFn: () => sdk.client.fetch<{ card: RevealedCard }>(`/admin/gateway/cards/${id}/reveal`, { method: "POST", body: {} }),
    gcTime: 0,
  })
