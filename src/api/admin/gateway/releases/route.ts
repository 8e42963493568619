import { listRoute } from "../list-response"
import type { GatewayReleaseRecord } from "../../../../types/http"

/**
 * @oas [get] /admin/gateway/releases
 * operationId: AdminGatewayListReleases
 * summary: List released payments
 * description: Gateway transactions the plugin started that are no payment of an order, and what it did to give
 *   the money back (docs/payments-and-safety.md, "Where every payment ends up"): `status` released (voided or refunded), nothing_held, kept (it became an order's payment after all),
 *   refused or unknown (a person must act: the note says what), releasing (under way). Filterable by status,
 *   reason (session_replaced, second_payment, checkout_expired, earlier_attempt), transaction_id, order_no (the
 *   payment session), cart_id, order_id (the order the cart became, paid another way); newest first.
 * x-authenticated: true
 * parameters:
 *   - { in: query, name: status, schema: { type: string, enum: [releasing, released, nothing_held, kept, refused, unknown] } }
 *   - { in: query, name: reason, schema: { type: string, enum: [session_replaced, second_payment, checkout_expired, earlier_attempt] } }
 *   - { in: query, name: order_id, schema: { type: string } }
 *   - { in: query, name: cart_id, schema: { type: string } }
 *   - { in: query, name: offset, schema: { type: integer, default: 0 } }
 *   - { in: query, name: limit, schema: { type: integer, default: 20 } }
 * responses:
 *   "200": { description: "{ releases, count, offset, limit }" }
 *   "400": { description: A query parameter is invalid (named in the message). }
 *   "401": { description: Not authenticated as an admin user. }
 */
export const GET = listRoute<"releases", GatewayReleaseRecord>("releases", (gateway, filters, config) =>
  gateway.listAndCountGatewayReleases(filters, config)
)
