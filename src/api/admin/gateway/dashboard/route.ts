/**
 * GET /admin/gateway/dashboard — the payments dashboard over a period of whole days (UTC): attempts and approval
 * rate per day, decline reasons (the gateway's codes and words), 3-D Secure, hosted-page and APM completion,
 * money captured, refunded and charged back per currency, the chargeback ratio against the store's threshold
 * (module option `dashboard.chargeback_threshold_percent`), by provider, card brand and currency. Read from the
 * daily roll-ups of the plugin's records (src/dashboard).
 * @summary Payments dashboard
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { AdminGatewayDashboardQuery, dashboardPeriod } from "../schemas/dashboard"
import type { AdminGatewayDashboardResponse } from "../../../../types/http"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayDashboardResponse>) => {
  const q = req.validatedQuery as AdminGatewayDashboardQuery
  const dashboard = await req.scope.resolve("gateway").paymentsDashboard(dashboardPeriod(q), {
    provider_id: q.provider_id ?? null,
    card_brand: q.card_brand ?? null,
    currency: q.currency ?? null,
  })
  res.json({ dashboard })
}
