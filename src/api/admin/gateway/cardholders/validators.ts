import { z } from "@medusajs/framework/zod"
import { listParams, oneOrMany, ymd } from "../common-validators"

const text = (name: string, max: number) => z.string({ error: `${name} must be a string` }).max(max, `${name} must be at most ${max} characters`)

/** POST /admin/gateway/cardholders (the gateway's field names). */
export const AdminCreateCardholderSchema = z
  .object({
    first_name: text("first_name", 64).min(1, "first_name is required"),
    last_name: text("last_name", 64).min(1, "last_name is required"),
    email: z.email({ error: "email must be an email address" }).max(100, "email must be at most 100 characters"),
    birth_date: ymd("birth_date").optional(),
    mobile_prefix: text("mobile_prefix", 8).optional(),
    mobile: text("mobile", 32).optional(),
    billing_country: text("billing_country", 64).optional(),
    billing_state: text("billing_state", 64).optional(),
    billing_city: text("billing_city", 64).optional(),
    billing_address: text("billing_address", 255).optional(),
    billing_postal: text("billing_postal", 16).optional(),
    remark: text("remark", 255).optional(),
  })
  .strict()
export type AdminCreateCardholder = z.infer<typeof AdminCreateCardholderSchema>

/** GET /admin/gateway/cardholders */
export const AdminListCardholdersSchema = listParams().extend({
  id: oneOrMany(z.string()),
  status: oneOrMany(z.enum(["active", "deleted"], { error: "status must be active or deleted" })),
  email: z.string().optional(),
  gateway_cardholder_id: oneOrMany(z.string()),
})

export const AdminGetCardholderSchema = z.object({ fields: z.string().optional() })

export const CARDHOLDER_FIELDS = [
  "id",
  "gateway_cardholder_id",
  "first_name",
  "last_name",
  "email",
  "mobile_prefix",
  "mobile",
  "birth_date",
  "billing_country",
  "billing_state",
  "billing_city",
  "billing_address",
  "billing_postal",
  "remark",
  "status",
  "last_synced_at",
  "created_at",
  "updated_at",
]
