import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { AdminGatewaySavedCardDeleteResponse, AdminGatewaySavedCardsResponse } from "../../../types/http"
import { sdk } from "../../lib/sdk"
import { queryKeys } from "./query-keys"

export const savedCardKeys = queryKeys("gateway_saved_card")

/** A customer's saved cards (masked: brand, last 4, expiry). */
export const useCustomerSavedCards = (customerId: string) =>
  useQuery({
    queryKey: savedCardKeys.list({ customer_id: customerId }),
    queryFn: () => sdk.client.fetch<AdminGatewaySavedCardsResponse>(`/admin/gateway/customers/${customerId}/saved-cards`),
  })

export const useDeleteSavedCard = (customerId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (cardId: string) =>
      sdk.client.fetch<AdminGatewaySavedCardDeleteResponse>(`/admin/gateway/customers/${customerId}/saved-cards/${cardId}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedCardKeys.all }),
  })
}
