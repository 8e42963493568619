import type { z } from "zod"
import type { AdminCreatePayoutSchema } from "../../../api/admin/gateway/schemas/payouts"
import type { AdminGatewayPayoutListResponse, AdminGatewayPayoutResponse } from "../../../types/http"
import { IDEMPOTENCY_HEADER } from "../../lib/idempotency"
import { resource, useChange } from "./resource"

const payouts = resource<AdminGatewayPayoutListResponse, AdminGatewayPayoutResponse>(
  "gateway_payout",
  "/admin/gateway/payouts"
)

export const { keys: payoutKeys, useList: usePayouts, useDetail: usePayout } = payouts

/** Creates a payout under the form's idempotency key: every submit of one form is one payout at most. */
export const useCreatePayout = (key: string) =>
  useChange<AdminGatewayPayoutResponse, z.input<typeof AdminCreatePayoutSchema>>(
    (body) => ({ path: payouts.path, body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    [payoutKeys]
  )

/**
 * Re-sends the payout's request_id to read its state, which pays nothing more only if the gateway de-duplicates
 * request_id [assumed]. The API refuses it (400) for a COMPLETED or FAILED payout.
 */
export const useRefreshPayout = (id: string) => payouts.useAction(id, "refresh")
