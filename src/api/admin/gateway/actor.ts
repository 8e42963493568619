import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import type { OperationActor } from "../../../workflows/common/operation-context"

/**
 * Who is behind an admin request, for the audit rows of what it asks the gateway to do: an admin user, or a
 * secret API key (Medusa accepts both on /admin; its auth context says which).
 */
export function actorOf(req: AuthenticatedMedusaRequest<unknown>): OperationActor {
  const type = req.auth_context?.actor_type === "api-key" ? "api-key" : "user"
  return { type, id: req.auth_context?.actor_id ?? null }
}
