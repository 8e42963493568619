/**
 * GET /admin/gateway/sync-runs — the last runs of the reconciliation jobs with their summaries.
 * POST /admin/gateway/sync-runs — run one now: `{ job: "order_sync" | "refund_sync" | "subscription_sync" }`; answers its summary.
 * @summary Reconciliation runs
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { runOrderSync, runRefundSync, runSubscriptionSync } from "../../../../reconciliation"
import type { AdminGatewaySyncRun } from "../schemas/payments"
import type { AdminGatewaySyncRunListResponse, AdminGatewaySyncRunResponse } from "../../../../types/http"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewaySyncRunListResponse>) => {
  const gatewayModule = req.scope.resolve("gateway")
  const limit = Math.min(Math.max(Number(req.query.limit ?? 20) || 20, 1), 100)
  const [runs, count] = await gatewayModule.listAndCountGatewaySyncRuns(
    {},
    { take: limit, order: { started_at: "DESC" } }
  )
  res.json({ sync_runs: runs, count, limit })
}

export const POST = async (
  req: AuthenticatedMedusaRequest<AdminGatewaySyncRun>,
  res: MedusaResponse<AdminGatewaySyncRunResponse>
) => {
  const run = { order_sync: runOrderSync, refund_sync: runRefundSync, subscription_sync: runSubscriptionSync }[
    req.validatedBody.job
  ]
  const summary = await run(req.scope)
  res.json({ summary })
}
