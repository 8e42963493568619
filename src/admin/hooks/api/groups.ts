import type { z } from "zod"
import type { AdminTrackGroupSchema } from "../../../api/admin/gateway/schemas/groups"
import type { AdminGatewayGroupListResponse, AdminGatewayGroupResponse } from "../../../types/http"
import { queryKeys } from "./query-keys"
import { useChange, useDetailQuery, useListQuery } from "./resource"

export const groupKeys = queryKeys("gateway_group")
const path = "/admin/gateway/groups"

export const useGroups = (query: Record<string, unknown>, options: { enabled?: boolean } = {}) =>
  useListQuery<AdminGatewayGroupListResponse>(groupKeys, path, query, options)

export const useGroup = (id: string) => useDetailQuery<AdminGatewayGroupResponse>(groupKeys, path, id)

export const useTrackGroup = () =>
  useChange<AdminGatewayGroupResponse, z.input<typeof AdminTrackGroupSchema>>((body) => ({ path, body }), [groupKeys])

export const useGroupAction = (id: string, action: "close" | "refresh") =>
  useChange<AdminGatewayGroupResponse>(() => ({ path: `${path}/${id}/${action}` }), [groupKeys])
