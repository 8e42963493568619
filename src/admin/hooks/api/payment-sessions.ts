import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { sdk } from "../../lib/sdk"
import type { GatewayPaymentDetails } from "../../lib/types"
import { queryKeys } from "./query-keys"

export const gatewayPaymentKeys = queryKeys("gateway_payment")

/** The order with its payment collections, sessions and payments (what the widget needs to find its session). */
export const useOrderPayments = (orderId: string) =>
  useQuery({
    queryKey: ["gateway_order_payments", orderId],
    queryFn: () =>
      sdk.admin.order.retrieve(orderId, {
        fields: "id,*payment_collections,*payment_collections.payment_sessions,*payment_collections.payments",
      }),
  })

export const useGatewayPayment = (sessionId: string | undefined) =>
  useQuery({
    queryKey: gatewayPaymentKeys.detail(sessionId ?? ""),
    queryFn: () => sdk.client.fetch<GatewayPaymentDetails>(`/admin/gateway/payment-sessions/${sessionId}`),
    enabled: !!sessionId,
  })

export const useReviewGatewayPayment = (sessionId: string, orderId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: "approve" | "reject") =>
      sdk.client.fetch<{ order_no: string; state: string }>(`/admin/gateway/payment-sessions/${sessionId}/review`, { method: "POST", body: { action } }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: gatewayPaymentKeys.detail(sessionId) })
      queryClient.invalidateQueries({ queryKey: ["gateway_order_payments", orderId] })
      // The dashboard's own order queries (payment status, summary).
      queryClient.invalidateQueries({ queryKey: ["orders"] })
    },
  })
}
