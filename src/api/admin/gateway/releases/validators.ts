import { z } from "zod"
import { GatewayRelease } from "../../../../modules/gateway/models/gateway-release"
import { fieldsOf, listQuery, oneOrMany, statusFilter } from "../common-validators"

export const RELEASE_STATUSES = ["releasing", "released", "nothing_held", "kept", "refused", "unknown"] as const
export const RELEASE_REASONS = ["session_replaced", "second_payment", "checkout_expired", "earlier_attempt"] as const

/** GET /admin/gateway/releases */
export const AdminListReleasesSchema = listQuery({
  status: statusFilter(RELEASE_STATUSES),
  reason: oneOrMany(z.enum(RELEASE_REASONS, { error: `reason must be ${RELEASE_REASONS.join(", ")}` })),
  transaction_id: oneOrMany(z.string()),
  order_no: oneOrMany(z.string()),
  cart_id: oneOrMany(z.string()),
  order_id: oneOrMany(z.string()),
})

export const RELEASE_FIELDS = fieldsOf(GatewayRelease)
