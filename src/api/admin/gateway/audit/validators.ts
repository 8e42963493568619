import { z } from "zod"
import { GatewayOperationAudit } from "../../../../modules/gateway/models/gateway-operation-audit"
import { fieldsOf, listQuery, oneOrMany } from "../common-validators"

const AUDIT_RESULTS = ["attempted", "succeeded", "failed", "unknown", "partial", "undone"] as const

/** GET /admin/gateway/audit */
export const AdminListAuditSchema = listQuery({
  operation: oneOrMany(z.string()),
  actor_id: oneOrMany(z.string()),
  target_id: oneOrMany(z.string()),
  request_id: oneOrMany(z.string()),
  idempotency_key: oneOrMany(z.string()),
  /** A subscription's gateway recurring id: the rows about that contract's record (its cancels, the sync's corrections). */
  recurring_id: oneOrMany(z.string()),
  result: oneOrMany(z.enum(AUDIT_RESULTS, { error: `result must be ${AUDIT_RESULTS.join(", ")}` })),
})

/** A row is written before its operation is sent and completed afterwards (updated_at); its request hash stays inside. */
export const AUDIT_FIELDS = fieldsOf(GatewayOperationAudit, ["request_hash"])
