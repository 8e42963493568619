import type { AuthenticatedMedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { createPayoutWorkflow } from "../../../../workflows/payouts/create-payout"
import { actorOf } from "../actor"
import { listRoute } from "../list-response"
import type { AdminCreatePayout } from "../schemas/payouts"
import type { AdminGatewayPayoutResponse, GatewayPayoutRecord } from "../../../../types/http"

/**
 * @oas [get] /admin/gateway/payouts
 * operationId: AdminGatewayListPayouts
 * summary: List payouts
 * description: Payouts recorded by the plugin, newest first. Filterable by status, currency, request_id,
 *   transaction_id, reference and creation date (`created_at[$gte]=...`); paginated with offset/limit.
 * x-authenticated: true
 * parameters:
 *   - { in: query, name: status, schema: { type: string, enum: [PENDING, UNKNOWN, PROCESSING, COMPLETED, FAILED] } }
 *   - { in: query, name: payment_currency, schema: { type: string } }
 *   - { in: query, name: request_id, schema: { type: string } }
 *   - { in: query, name: created_at, schema: { type: object }, description: "operators $gte, $lte, ..." }
 *   - { in: query, name: offset, schema: { type: integer, default: 0 } }
 *   - { in: query, name: limit, schema: { type: integer, default: 20 } }
 *   - { in: query, name: order, schema: { type: string, default: "-created_at" } }
 * responses:
 *   "200": { description: "{ payouts, count, offset, limit }" }
 *   "400": { description: A query parameter is invalid (named in the message). }
 *   "401": { description: Not authenticated as an admin user. }
 */
export const GET = listRoute<"payouts", GatewayPayoutRecord>("payouts", (gateway, filters, config) => gateway.listAndCountGatewayPayouts(filters, config))

/**
 * @oas [post] /admin/gateway/payouts
 * operationId: AdminGatewayCreatePayout
 * summary: Create a payout
 * description: Pays a beneficiary through the gateway (`/v1/payout`). The amount must have exactly the
 *   currency's decimals at most (USD 2, JPY 0, KWD 3). The payout is PROCESSING until the gateway's
 *   notification (or a refresh) reports COMPLETED or FAILED. A `request_id` is generated unless given; a
 *   request_id already used is refused (422): refresh that payout instead.
 * x-authenticated: true
 * requestBody:
 *   content:
 *     application/json:
 *       schema:
 *         type: object
 *         required: [payment_amount, payment_currency, beneficiary]
 *         properties:
 *           request_id: { type: string }
 *           payment_amount: { type: string, example: "100.00" }
 *           payment_currency: { type: string, example: USD }
 *           reference: { type: string }
 *           reason: { type: string }
 *           beneficiary: { type: object }
 *           payer: { type: object }
 * responses:
 *   "200": { description: "{ payout }" }
 *   "400": { description: Invalid field (named), or the gateway refused it (its code and message). }
 *   "401": { description: Not authenticated as an admin user. }
 *   "422": { description: The request_id was used already. }
 */
export const POST = async (req: AuthenticatedMedusaRequest<AdminCreatePayout>, res: MedusaResponse<AdminGatewayPayoutResponse>) => {
  const { result } = await createPayoutWorkflow(req.scope).run({ input: { ...req.validatedBody, actor: actorOf(req) } })
  res.json({ payout: result })
}
