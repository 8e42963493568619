/**
 * GET /admin/gateway/go-live — runs the go-live check now against the configured gateway (read-only calls:
 * an order query and a cardholder query for records that do not exist) and answers its report.
 * @summary Go-live check
 */
import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { runGoLiveChecks } from "../../../../go-live"
import type { AdminGatewayGoLiveResponse } from "../../../../types/http"

export const GET = async (req: AuthenticatedMedusaRequest, res: MedusaResponse<AdminGatewayGoLiveResponse>) => {
  // Its own request came the way the store API's do: it tells whether a proxy stands in front of the server.
  const report = await runGoLiveChecks(req.scope, undefined, new Date(), req.headers)
  // Each run asks the gateway afresh; a cached answer would hide the fix just made.
  res.setHeader("Cache-Control", "no-store")
  res.json({ report })
}
