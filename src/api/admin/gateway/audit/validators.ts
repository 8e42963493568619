import { z } from "@medusajs/framework/zod"
import { listParams, oneOrMany } from "../common-validators"

/** GET /admin/gateway/audit */
export const AdminListAuditSchema = listParams().extend({
  operation: oneOrMany(z.string()),
  actor_id: oneOrMany(z.string()),
  target_id: oneOrMany(z.string()),
  request_id: oneOrMany(z.string()),
  result: oneOrMany(z.enum(["succeeded", "failed", "unknown", "partial"], { error: "result must be succeeded, failed, unknown or partial" })),
})

export const AUDIT_FIELDS = [
  "id",
  "operation",
  "actor_type",
  "actor_id",
  "target_id",
  "request_id",
  "gateway_req_no",
  "result",
  "error_code",
  "error_message",
  "details",
  "created_at",
]
