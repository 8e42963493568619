import type { z } from "zod"
import type { AdminCreateGroupSchema, AdminTrackGroupSchema } from "../../../api/admin/gateway/schemas/groups"
import type { AdminGatewayGroupListResponse, AdminGatewayGroupResponse } from "../../../types/http"
import { IDEMPOTENCY_HEADER } from "../../lib/idempotency"
import { resource, useChange } from "./resource"

const groups = resource<AdminGatewayGroupListResponse, AdminGatewayGroupResponse>(
  "gateway_group",
  "/admin/gateway/groups"
)
const path = groups.path

export const { keys: groupKeys, useList: useGroups, useDetail: useGroup } = groups

/** Opens a group at the gateway, funded from the company's account, under the form's idempotency key (one group per form at most). */
export const useCreateGroup = (key: string) =>
  useChange<AdminGatewayGroupResponse, z.input<typeof AdminCreateGroupSchema>>(
    (body) => ({ path, body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    [groupKeys]
  )
/** Tracking a group that exists at the gateway is recording it here (from the gateway's). */
export const useTrackGroup = () =>
  useChange<AdminGatewayGroupResponse, z.input<typeof AdminTrackGroupSchema>>(
    (body) => ({ path: `${path}/track`, body }),
    [groupKeys]
  )

export const useGroupAction = (id: string, action: "close" | "refresh") => groups.useAction(id, action)

/** `amount` back from the group to the company's account, under the prompt's idempotency `key`; answers the group with its new balance. */
export const useRefundGroup = (id: string) =>
  useChange<AdminGatewayGroupResponse, { amount: string; key: string }>(
    ({ amount, key }) => ({ path: `${path}/${id}/refund`, body: { amount }, headers: { [IDEMPOTENCY_HEADER]: key } }),
    [groupKeys]
  )
