import { listRoute } from "../list-response"
import type { GatewayOperationAuditRecord } from "../../../../types/http"

/**
 * @oas [get] /admin/gateway/audit
 * operationId: AdminGatewayListAudit
 * summary: List the audit of payout, issuing, subscription and review operations
 * description: One row per operation sent to the gateway (payouts, issuing, subscription cancels, reviews), per
 *   card reveal and per subscription status the sync corrected: operation, actor (`user` or `api-key`), target
 *   record, request_id, the client's idempotency_key (money-moving requests), the gateway's request number,
 *   result and error. A row is written `attempted` before its operation is sent, then completed (`succeeded`,
 *   `failed`, `unknown`, `partial`, or `undone` by a compensation). Filterable by operation, actor_id,
 *   target_id, request_id, idempotency_key, result and creation date, and by `recurring_id`: the rows about the
 *   subscription with that gateway recurring id (what staff have from the gateway); newest first.
 * x-authenticated: true
 * parameters:
 *   - { in: query, name: operation, schema: { type: string, example: card.reveal } }
 *   - { in: query, name: target_id, schema: { type: string } }
 *   - { in: query, name: recurring_id, schema: { type: string } }
 *   - { in: query, name: result, schema: { type: string, enum: [attempted, succeeded, failed, unknown, partial, undone] } }
 *   - { in: query, name: offset, schema: { type: integer } }
 *   - { in: query, name: limit, schema: { type: integer } }
 * responses:
 *   "200": { description: "{ audit, count, offset, limit }" }
 *   "400": { description: A query parameter is invalid. }
 *   "401": { description: Not authenticated as an admin user. }
 */
export const GET = listRoute<"audit", GatewayOperationAuditRecord>(
  "audit",
  async (gateway, { recurring_id, ...filters }, config) => {
    if (recurring_id === undefined) return gateway.listAndCountGatewayOperationAudits(filters, config)
    // The contract's rows are those whose target is its subscription record (within target_id, when given too).
    const subscriptions = await gateway.listGatewaySubscriptions({ recurring_id }, { select: ["id"] })
    const given = filters.target_id === undefined ? null : [filters.target_id].flat()
    const targets = subscriptions.map((s) => s.id).filter((id) => !given || given.includes(id))
    if (!targets.length) return [[], 0]
    return gateway.listAndCountGatewayOperationAudits({ ...filters, target_id: targets }, config)
  }
)
