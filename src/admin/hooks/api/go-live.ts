import { useQuery } from "@tanstack/react-query"
import type { AdminGatewayGoLiveResponse, Json } from "../../../types/http"
import { sdk } from "../../lib/sdk"
import { queryKeys } from "./query-keys"

export const goLiveKeys = queryKeys("gateway_go_live")

/** Runs the go-live check (each fetch asks the gateway afresh; "Run again" refetches). */
export const useGoLiveReport = () =>
  useQuery({
    queryKey: goLiveKeys.all,
    queryFn: () => sdk.client.fetch<Json<AdminGatewayGoLiveResponse>>("/admin/gateway/go-live"),
    // A report is a moment's answer: never shown from cache when the page opens again.
    gcTime: 0,
    refetchOnWindowFocus: false,
  })
