/** Bodies of the payment review and reconciliation routes (zod only: see ./fields.ts). */
import { z } from "zod"

export const REVIEW_ACTIONS = ["approve", "reject"] as const
export const SYNC_JOBS = ["order_sync", "refund_sync", "subscription_sync"] as const

/** POST /admin/gateway/payment-sessions/:id/review */
export const AdminGatewayReviewSchema = z.strictObject({
  action: z.enum(REVIEW_ACTIONS, { error: 'must be "approve" or "reject"' }),
})
export type AdminGatewayReview = z.infer<typeof AdminGatewayReviewSchema>

/** POST /admin/gateway/sync-runs */
export const AdminGatewaySyncRunSchema = z.strictObject({
  job: z.enum(SYNC_JOBS, { error: 'must be "order_sync", "refund_sync" or "subscription_sync"' }),
})
export type AdminGatewaySyncRun = z.infer<typeof AdminGatewaySyncRunSchema>
