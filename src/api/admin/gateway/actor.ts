import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import type { OperationActor } from "../../../workflows/common/operation-context"

/**
 * Who is behind an admin request, for the audit rows of what it asks the gateway to do: an admin user, or a
 * secret API key (Medusa accepts both on /admin; its auth context says which).
 */
export function actorOf(req: AuthenticatedMedusaRequest<unknown>): OperationActor {
  const actorType = req.auth_context?.actor_type
  // Named, never assumed: only a user is a person (what the reveal requires); anything else Medusa might let
  // through is recorded as what it is not ("other"), so no rule for users applies to it.
  const type = actorType === "user" ? "user" : actorType === "api-key" ? "api-key" : "other"
  return { type, id: req.auth_context?.actor_id ?? null }
}
