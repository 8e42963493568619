import { z } from "zod"
import { GatewayCardholder } from "../../../../modules/gateway/models/gateway-cardholder"
import { fieldsOf, listQuery, oneOrMany, statusFilter } from "../common-validators"
import { CARDHOLDER_STATUSES } from "../schemas/cardholders"

/** GET /admin/gateway/cardholders */
export const AdminListCardholdersSchema = listQuery({
  status: statusFilter(CARDHOLDER_STATUSES),
  email: z.string().optional(),
  gateway_cardholder_id: oneOrMany(z.string()),
})

export const CARDHOLDER_FIELDS = fieldsOf(GatewayCardholder)
