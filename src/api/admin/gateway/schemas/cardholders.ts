/** The cardholder body (zod only: see ./fields.ts). */
import { z } from "zod"
import { cardholderCreateRequestSchema } from "../../../../lib/gateway/issuing/schemas/cardholder"

export const CARDHOLDER_STATUSES = ["active", "deleted"] as const

/** POST /admin/gateway/cardholders: the gateway's `/cardholder/create` fields, with its rules (request_id is the plugin's). */
export const AdminCreateCardholderSchema = cardholderCreateRequestSchema.omit({ request_id: true })
export type AdminCreateCardholder = z.infer<typeof AdminCreateCardholderSchema>
