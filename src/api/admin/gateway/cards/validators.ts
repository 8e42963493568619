import { z } from "zod"
import { GatewayCard } from "../../../../modules/gateway/models/gateway-card"
import { fieldsOf, listQuery, oneOrMany, statusFilter } from "../common-validators"
import { CARD_STATUSES } from "../schemas/cards"

/** GET /admin/gateway/cards */
export const AdminListCardsSchema = listQuery({
  status: statusFilter(CARD_STATUSES),
  cardholder_id: oneOrMany(z.string()),
  group_id: oneOrMany(z.string()),
  last4: z
    .string()
    .regex(/^\d{4}$/, "last4 must be 4 digits")
    .optional(),
  gateway_card_id: oneOrMany(z.string()),
})

/** The gateway's request number of the creation stays in the audit. */
export const CARD_FIELDS = fieldsOf(GatewayCard, ["gateway_req_no"])
