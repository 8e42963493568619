/** The card-group body (zod only: see ./fields.ts). */
import { z } from "zod"

export const GROUP_STATUSES = ["active", "closed"] as const

/** POST /admin/gateway/groups: start tracking a group that exists at the gateway, by its gateway id. */
export const AdminTrackGroupSchema = z.strictObject({
  gateway_group_id: z
    .string({ error: 'must be the gateway\'s group id, e.g. "7001"' })
    .regex(/^\d{1,20}$/, "must be the gateway's group id (digits), e.g. 7001"),
})
export type AdminTrackGroup = z.infer<typeof AdminTrackGroupSchema>
