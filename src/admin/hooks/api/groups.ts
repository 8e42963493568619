import type { z } from "zod"
import type { AdminTrackGroupSchema } from "../../../api/admin/gateway/schemas/groups"
import type { AdminGatewayGroupListResponse, AdminGatewayGroupResponse } from "../../../types/http"
import { resource, useChange } from "./resource"

const groups = resource<AdminGatewayGroupListResponse, AdminGatewayGroupResponse, z.input<typeof AdminTrackGroupSchema>>("gateway_group", "/admin/gateway/groups")

export const groupKeys = groups.keys
export const useGroups = groups.useList
export const useGroup = groups.useDetail
/** Tracking a group is creating its record here (from the gateway's). */
export const useTrackGroup = () => groups.useCreate()

export const useGroupAction = (id: string, action: "close" | "refresh") =>
  useChange<AdminGatewayGroupResponse>(() => ({ path: `${groups.path}/${id}/${action}` }), [groupKeys])
