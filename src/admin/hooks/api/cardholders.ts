import type { z } from "zod"
import type { AdminCreateCardholderSchema } from "../../../api/admin/gateway/schemas/cardholders"
import type {
  AdminGatewayCardholderDeleteResponse,
  AdminGatewayCardholderListResponse,
  AdminGatewayCardholderResponse,
} from "../../../types/http"
import { resource, useChange } from "./resource"

const cardholders = resource<AdminGatewayCardholderListResponse, AdminGatewayCardholderResponse>(
  "gateway_cardholder",
  "/admin/gateway/cardholders"
)
const path = cardholders.path

export const { keys: cardholderKeys, useList: useCardholders, useDetail: useCardholder } = cardholders
export const useCreateCardholder = () =>
  useChange<AdminGatewayCardholderResponse, z.input<typeof AdminCreateCardholderSchema>>(
    (body) => ({ path, body }),
    [cardholderKeys]
  )

export const useDeleteCardholder = (id: string) =>
  useChange<AdminGatewayCardholderDeleteResponse>(() => ({ path: `${path}/${id}`, method: "DELETE" }), [cardholderKeys])
