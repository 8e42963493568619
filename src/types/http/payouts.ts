import type { InferTypeOf } from "@medusajs/framework/types"
import type { z } from "zod"
import type { payoutBeneficiarySchema, payoutPayerSchema } from "../../lib/gateway/acquiring/schemas/payout"
import type { GatewayPayout } from "../../modules/gateway/models/gateway-payout"
import type { Json, ListResponse } from "./common"

/** The parties as the gateway's party schemas take them (recorded as sent). */
export type PayoutBeneficiary = z.output<typeof payoutBeneficiarySchema>
export type PayoutPayer = z.output<typeof payoutPayerSchema>

export type GatewayPayoutRecord = Omit<InferTypeOf<typeof GatewayPayout>, "beneficiary" | "payer"> & {
  beneficiary: PayoutBeneficiary | null
  payer: PayoutPayer | null
}

/** GET /admin/gateway/payouts/:id, POST /admin/gateway/payouts, POST .../:id/refresh */
export type AdminGatewayPayoutResponse = { payout: GatewayPayoutRecord }
/** GET /admin/gateway/payouts */
export type AdminGatewayPayoutListResponse = ListResponse<"payouts", GatewayPayoutRecord>

export type AdminGatewayPayout = Json<GatewayPayoutRecord>
