import { z } from "@medusajs/framework/zod"
import { listParams, oneOrMany } from "../common-validators"

/** POST /admin/gateway/groups: start tracking a group that exists at the gateway, by its gateway id. */
export const AdminTrackGroupSchema = z
  .object({
    gateway_group_id: z.string({ error: "gateway_group_id must be the gateway's group id, e.g. \"7001\"" }).regex(/^\d{1,20}$/, "gateway_group_id must be digits"),
  })
  .strict()
export type AdminTrackGroup = z.infer<typeof AdminTrackGroupSchema>

/** GET /admin/gateway/groups */
export const AdminListGroupsSchema = listParams().extend({
  id: oneOrMany(z.string()),
  status: oneOrMany(z.enum(["active", "closed"], { error: "status must be active or closed" })),
  currency: oneOrMany(z.string().transform((v) => v.toUpperCase())),
  gateway_group_id: oneOrMany(z.string()),
})

export const AdminGetGroupSchema = z.object({ fields: z.string().optional() })

export const GROUP_FIELDS = [
  "id",
  "gateway_group_id",
  "name",
  "currency",
  "country_code",
  "balance",
  "status",
  "application_date",
  "last_synced_at",
  "created_at",
  "updated_at",
]
