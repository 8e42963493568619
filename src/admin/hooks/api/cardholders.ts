import type { z } from "zod"
import type { AdminCreateCardholderSchema } from "../../../api/admin/gateway/schemas/cardholders"
import type {
  AdminGatewayCardholderDeleteResponse,
  AdminGatewayCardholderListResponse,
  AdminGatewayCardholderResponse,
} from "../../../types/http"
import { resource, useChange } from "./resource"

const cardholders = resource<
  AdminGatewayCardholderListResponse,
  AdminGatewayCardholderResponse,
  z.input<typeof AdminCreateCardholderSchema>
>("gateway_cardholder", "/admin/gateway/cardholders")

export const cardholderKeys = cardholders.keys
export const useCardholders = cardholders.useList
export const useCardholder = cardholders.useDetail
export const useCreateCardholder = () => cardholders.useCreate()

export const useDeleteCardholder = (id: string) =>
  useChange<AdminGatewayCardholderDeleteResponse>(
    () => ({ path: `${cardholders.path}/${id}`, method: "DELETE" }),
    [cardholderKeys]
  )
