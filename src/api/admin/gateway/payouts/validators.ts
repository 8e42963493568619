import { z } from "zod"
import { GatewayPayout } from "../../../../modules/gateway/models/gateway-payout"
import { fieldsOf, listQuery, oneOrMany, statusFilter } from "../common-validators"
import { PAYOUT_STATUSES } from "../schemas/payouts"

/** GET /admin/gateway/payouts */
export const AdminListPayoutsSchema = listQuery({
  status: statusFilter(PAYOUT_STATUSES),
  payment_currency: oneOrMany(z.string().transform((v) => v.toUpperCase())),
  request_id: oneOrMany(z.string()),
  transaction_id: z.string().optional(),
  reference: z.string().optional(),
})

/** What the gateway was sent but staff do not read here (routing options, the caller's data, the notify URL). */
export const PAYOUT_FIELDS = fieldsOf(GatewayPayout, [
  "swift_charge_option",
  "fund_source",
  "client_data",
  "notify_url",
  "payer_id",
])
