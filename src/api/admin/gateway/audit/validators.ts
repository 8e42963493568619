import { z } from "zod"
import { GatewayOperationAudit } from "../../../../modules/gateway/models/gateway-operation-audit"
import { fieldsOf, listQuery, oneOrMany } from "../common-validators"

/** GET /admin/gateway/audit */
export const AdminListAuditSchema = listQuery({
  operation: oneOrMany(z.string()),
  actor_id: oneOrMany(z.string()),
  target_id: oneOrMany(z.string()),
  request_id: oneOrMany(z.string()),
  result: oneOrMany(z.enum(["succeeded", "failed", "unknown", "partial"], { error: "result must be succeeded, failed, unknown or partial" })),
})

/** An audit row is written once: no updated_at. */
export const AUDIT_FIELDS = fieldsOf(GatewayOperationAudit, [], ["created_at"])
