import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import type { z } from "zod"
import type { AdminGatewayReviewSchema } from "../../../api/admin/gateway/schemas/payments"
import type { AdminGatewayPaymentDetailsResponse, AdminGatewayReviewResponse, Json } from "../../../types/http"
import { sdk } from "../../lib/sdk"
import { queryKeys } from "./query-keys"

export const gatewayPaymentKeys = queryKeys("gateway_payment")
const orderPaymentsKey = (orderId: string) => ["gateway_order_payments", orderId]

/** The order with its payment collections, sessions and payments (what the widget needs to find its session). */
export const useOrderPayments = (orderId: string) =>
  useQuery({
    queryKey: orderPaymentsKey(orderId),
    queryFn: () =>
      sdk.admin.order.retrieve(orderId, {
        fields: "id,*payment_collections,*payment_collections.payment_sessions,*payment_collections.payments",
      }),
  })

export const useGatewayPayment = (sessionId: string | undefined) =>
  useQuery({
    queryKey: gatewayPaymentKeys.detail(sessionId ?? ""),
    queryFn: () =>
      sdk.client.fetch<Json<AdminGatewayPaymentDetailsResponse>>(`/admin/gateway/payment-sessions/${sessionId}`),
    enabled: !!sessionId,
  })

export const useReviewGatewayPayment = (sessionId: string, orderId: string) => {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: z.input<typeof AdminGatewayReviewSchema>["action"]) =>
      sdk.client.fetch<Json<AdminGatewayReviewResponse>>(`/admin/gateway/payment-sessions/${sessionId}/review`, {
        method: "POST",
        body: { action },
      }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: gatewayPaymentKeys.detail(sessionId) })
      queryClient.invalidateQueries({ queryKey: orderPaymentsKey(orderId) })
      // The dashboard's own order queries (payment status, summary).
      queryClient.invalidateQueries({ queryKey: ["orders"] })
    },
  })
}
