import { useQuery } from "@tanstack/react-query"
import type { AdminGatewaySavedCardDeleteResponse, AdminGatewaySavedCardsResponse, Json } from "../../../types/http"
import { sdk } from "../../lib/sdk"
import { queryKeys } from "./query-keys"
import { useChange } from "./resource"

export const savedCardKeys = queryKeys("gateway_saved_card")
const path = (customerId: string) => `/admin/gateway/customers/${customerId}/saved-cards`

/** A customer's saved cards (masked: brand, last 4, expiry); not paginated, so not a `resource()` list. */
export const useCustomerSavedCards = (customerId: string) =>
  useQuery({
    queryKey: savedCardKeys.list({ customer_id: customerId }),
    queryFn: () => sdk.client.fetch<Json<AdminGatewaySavedCardsResponse>>(path(customerId)),
  })

/** Deletes one (the store's record; the gateway documents no endpoint to delete a token). */
export const useDeleteSavedCard = (customerId: string) =>
  useChange<AdminGatewaySavedCardDeleteResponse, string>(
    (cardId) => ({ path: `${path(customerId)}/${cardId}`, method: "DELETE" }),
    [savedCardKeys]
  )
