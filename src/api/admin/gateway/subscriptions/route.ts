/**
 * GET /admin/gateway/subscriptions: the recurring contracts sold by card, newest first, with their deductions;
 * filterable by status, customer_id, order_id and recurring_id, paginated with offset/limit; each with its customer's
 * name and e-mail.
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { AdminGatewaySubscriptionsResponse } from "../../../../types/http"
import { listArgs } from "../list-response"
import { withCustomers } from "./customers"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewaySubscriptionsResponse>) => {
  const gateway = req.scope.resolve("gateway")
  const { filters, config, page } = listArgs(req)
  const [rows, count] = await gateway.listAndCountGatewaySubscriptions(filters, config)
  const views = await gateway.subscriptionViews(rows as Record<string, unknown>[])
  res.json({ subscriptions: await withCustomers(req.scope, views), count, ...page })
}
