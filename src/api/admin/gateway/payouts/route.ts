import { createPayoutWorkflow } from "../../../../workflows/payouts/create-payout"
import { gatewayModule } from "../../../../workflows/common/operation-context"
import { createOnceRoute } from "../create-once-route"
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
export const GET = listRoute<"payouts", GatewayPayoutRecord>("payouts", (gateway, filters, config) =>
  gateway.listAndCountGatewayPayouts(filters, config)
)

/**
 * @oas [post] /admin/gateway/payouts
 * operationId: AdminGatewayCreatePayout
 * summary: Create a payout
 * description: Pays a beneficiary through the gateway (`/v1/payout`). The amount must have exactly the
 *   currency's decimals at most (USD 2, JPY 0, KWD 3). The payout is PROCESSING until the gateway's
 *   notification (or a refresh) reports COMPLETED or FAILED. Requires an idempotency key, the header
 *   `Idempotency-Key` (or `request_id` in the body; both, if sent, equal): it becomes the payout's request_id at
 *   the gateway. A repeat with the same key and body answers the same payout (200) without sending anything;
 *   the same key with another body is refused (422); a repeat while the first is still being sent is a 409. A
 *   key whose payout the gateway refused may be used again.
 * x-authenticated: true
 * parameters:
 *   - { in: header, name: Idempotency-Key, required: true, schema: { type: string, maxLength: 64, example: 5f0c8a9e-3d1b-4a7e-9c2f-1b6d0e4a8c31 } }
 * requestBody:
 *   content:
 *     application/json:
 *       schema:
 *         type: object
 *         required: [payment_amount, payment_currency, beneficiary]
 *         properties:
 *           request_id: { type: string, description: "the Idempotency-Key, under the gateway's name" }
 *           payment_amount: { type: string, example: "100.00" }
 *           payment_currency: { type: string, example: USD }
 *           reference: { type: string }
 *           reason: { type: string }
 *           beneficiary: { type: object }
 *           payer: { type: object }
 * responses:
 *   "200": { description: "{ payout } (also for a repeat of the same key and body)" }
 *   "400": { description: "Invalid field (named), a missing or malformed Idempotency-Key, or the gateway refused it (its code and message)." }
 *   "401": { description: Not authenticated as an admin user. }
 *   "409": { description: The first request with this key is still being sent. }
 *   "415": { description: The body is not application/json. }
 *   "422": { description: The key was used for another request. }
 */
export const POST = createOnceRoute<AdminCreatePayout, AdminGatewayPayoutResponse, "request_id">("payout.create", {
  keyField: "request_id",
  // A lost gateway answer is answered as the first request was: the payout, UNKNOWN until refreshed.
  lostAnswerIsRefused: false,
  answer: async (scope, holder) =>
    holder.target_id ? { payout: await gatewayModule(scope).retrieveGatewayPayout(holder.target_id) } : null,
  create: async (scope, input) => ({ payout: (await createPayoutWorkflow(scope).run({ input })).result }),
})
