import { z } from "@medusajs/framework/zod"

export const AdminGatewayReviewSchema = z
  .object({ action: z.enum(["approve", "reject"], { error: 'action must be "approve" or "reject"' }) })
  .strict()
export type AdminGatewayReview = z.infer<typeof AdminGatewayReviewSchema>

export const AdminGatewaySyncRunSchema = z
  .object({ job: z.enum(["order_sync", "refund_sync", "subscription_sync"], { error: 'job must be "order_sync", "refund_sync" or "subscription_sync"' }) })
  .strict()
export type AdminGatewaySyncRun = z.infer<typeof AdminGatewaySyncRunSchema>
