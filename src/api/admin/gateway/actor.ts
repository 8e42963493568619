import type { AuthenticatedMedusaRequest } from "@medusajs/framework/http"
import type { OperationActor } from "../../../workflows/common/operation-context"

/** The admin user behind a request, for the audit rows of what it asks the gateway to do. */
export function actorOf(req: AuthenticatedMedusaRequest<unknown>): OperationActor {
  return { type: "user", id: req.auth_context?.actor_id ?? null }
}
