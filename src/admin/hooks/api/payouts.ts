import type { z } from "zod"
import type { AdminCreatePayoutSchema } from "../../../api/admin/gateway/schemas/payouts"
import type { AdminGatewayPayoutListResponse, AdminGatewayPayoutResponse } from "../../../types/http"
import { queryKeys } from "./query-keys"
import { useChange, useDetailQuery, useListQuery } from "./resource"

export const payoutKeys = queryKeys("gateway_payout")
const path = "/admin/gateway/payouts"

export const usePayouts = (query: Record<string, unknown>) => useListQuery<AdminGatewayPayoutListResponse>(payoutKeys, path, query)

export const usePayout = (id: string) => useDetailQuery<AdminGatewayPayoutResponse>(payoutKeys, path, id)

export const useCreatePayout = () =>
  useChange<AdminGatewayPayoutResponse, z.input<typeof AdminCreatePayoutSchema>>((body) => ({ path, body }), [payoutKeys])

/** Re-sends the payout's request_id: the gateway answers its state and never pays twice. */
export const useRefreshPayout = (id: string) => useChange<AdminGatewayPayoutResponse>(() => ({ path: `${path}/${id}/refresh` }), [payoutKeys])
