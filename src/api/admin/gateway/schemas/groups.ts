/** The card-group bodies (zod only: see ./fields.ts). */
import { z } from "zod"
import { groupCreateRequestSchema } from "../../../../lib/gateway/issuing/schemas/group"
import { checkAmounts } from "../../../../lib/gateway/schema-helpers"
import { amountField, currencyField } from "./fields"

export const GROUP_STATUSES = ["active", "closed"] as const

/** The gateway's `/group/create` fields that the admin body takes with the gateway's rules. */
const gateway = groupCreateRequestSchema.shape

/**
 * POST /admin/gateway/groups: opens a group at the gateway (`/group/create`), funded with `charge_amount` from
 * the company's account, in `currency` with at most its decimals. `name` is the gateway's `group_name`.
 */
export const AdminCreateGroupSchema = z
  .strictObject({
    name: gateway.group_name,
    country_code: gateway.country_code.transform((v) => v.toUpperCase()),
    currency: currencyField,
    charge_amount: amountField,
  })
  .superRefine((v, ctx) => checkAmounts(v, ctx, [["charge_amount", "currency"]]))
export type AdminCreateGroup = z.infer<typeof AdminCreateGroupSchema>

/** POST /admin/gateway/groups/track: start tracking a group that exists at the gateway, by its gateway id. */
export const AdminTrackGroupSchema = z.strictObject({
  gateway_group_id: z
    .string({ error: 'must be the gateway\'s group id, e.g. "7001"' })
    .regex(/^\d{1,20}$/, "must be the gateway's group id (digits), e.g. 7001"),
})
export type AdminTrackGroup = z.infer<typeof AdminTrackGroupSchema>

/**
 * POST /admin/gateway/groups/:id/refund: `amount` (the gateway's `refund_amount`) goes back from the group's
 * balance to the company's account, in the group's currency (its decimals are checked by the route, which
 * knows the group).
 */
export const AdminRefundGroupSchema = z.strictObject({ amount: amountField })
export type AdminRefundGroup = z.infer<typeof AdminRefundGroupSchema>
