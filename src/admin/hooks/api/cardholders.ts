import type { z } from "zod"
import type { AdminCreateCardholderSchema } from "../../../api/admin/gateway/schemas/cardholders"
import type { AdminGatewayCardholderDeleteResponse, AdminGatewayCardholderListResponse, AdminGatewayCardholderResponse } from "../../../types/http"
import { queryKeys } from "./query-keys"
import { useChange, useDetailQuery, useListQuery } from "./resource"

export const cardholderKeys = queryKeys("gateway_cardholder")
const path = "/admin/gateway/cardholders"

export const useCardholders = (query: Record<string, unknown>, options: { enabled?: boolean } = {}) =>
  useListQuery<AdminGatewayCardholderListResponse>(cardholderKeys, path, query, options)

export const useCardholder = (id: string) => useDetailQuery<AdminGatewayCardholderResponse>(cardholderKeys, path, id)

export const useCreateCardholder = () =>
  useChange<AdminGatewayCardholderResponse, z.input<typeof AdminCreateCardholderSchema>>((body) => ({ path, body }), [cardholderKeys])

export const useDeleteCardholder = (id: string) =>
  useChange<AdminGatewayCardholderDeleteResponse>(() => ({ path: `${path}/${id}`, method: "DELETE" }), [cardholderKeys])
