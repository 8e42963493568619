import { MedusaError, Modules } from "@medusajs/framework/utils"
import type { AdminGatewayRevealedCard } from "../../types/http"
import { runAudited, startAudit } from "../common/audited-call"
import { gatewayModule, OperationActor } from "../common/operation-context"

type Container = Parameters<typeof gatewayModule>[0]

const OPERATION = "card.reveal"

/**
 * Reveals a virtual card's full number and CVV (`/card/query`) for one admin answer.
 *
 * Not a workflow on purpose: a step's result may be kept by the workflow engine, and these values must exist
 * only in this request's memory and its answer. The audit row records who looked, not what they saw.
 *
 * - Only an admin user may, never a secret API key (a reveal is answered to a person, under their name), and
 *   only a listed one when the module option `issuing.reveal.user_ids` is set: 403 otherwise.
 * - At most `issuing.reveal.per_user` reveals per user in `window_seconds` (default 10 an hour), counted from
 *   the audit rows (so across instances) under a lock per user: past it, `{ tooMany }` and nothing is asked.
 * - The audit row is written before the gateway is asked; when it cannot be, nothing is revealed.
 */
export async function revealCard(
  container: Container,
  input: { id: string; actor: OperationActor }
): Promise<{ card: AdminGatewayRevealedCard } | { tooMany: string }> {
  const service = gatewayModule(container)
  const rules = service.revealRules()
  const { actor } = input
  if (actor.type !== "user" || !actor.id) {
    throw new MedusaError(
      MedusaError.Types.FORBIDDEN,
      "Revealing a card's number and CVV needs a signed-in admin user: a secret API key may not (each reveal is audited under a person's name)"
    )
  }
  if (rules.user_ids && !rules.user_ids.includes(actor.id)) {
    throw new MedusaError(
      MedusaError.Types.FORBIDDEN,
      `Admin user ${actor.id} may not reveal card details: only the users listed in the option issuing.reveal.user_ids may`
    )
  }
  const card = await service.retrieveGatewayCard(input.id)
  if (card.status === "closed") {
    throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Card ${card.id} is closed: its details are not revealed`)
  }

  // Counting and writing the row under one lock: two reveals at once cannot both pass the last free place.
  const audit = await container.resolve(Modules.LOCKING).execute(
    `gateway:card-reveal:${actor.id}`,
    async () => {
      const since = new Date(Date.now() - rules.window_seconds * 1000)
      const [, count] = await service.listAndCountGatewayOperationAudits(
        { operation: OPERATION, actor_id: actor.id!, created_at: { $gte: since } },
        { take: 1, select: ["id"] }
      )
      if (count >= rules.per_user) return null
      return startAudit(container, { operation: OPERATION, actor, target_id: card.id })
    },
    { timeout: 10 }
  )
  if (!audit) {
    container
      .resolve<{ warn(m: string): void }>("logger")
      .warn(
        `gateway: card reveal refused for admin user ${actor.id} (card ${card.id}): over ${rules.per_user} in ${rules.window_seconds} seconds`
      )
    return {
      tooMany: `Too many card reveals: at most ${rules.per_user} in ${rules.window_seconds} seconds per admin user (option issuing.reveal). Try again later.`,
    }
  }
  const record = await runAudited(audit, () => service.issuing().card.query({ cardId: card.gateway_card_id }))
  return {
    card: {
      id: card.id,
      number: record.cardNumber ?? null,
      cvv: record.cvv ?? null,
      expiry_month: record.expireMonth ?? card.expiry_month,
      expiry_year: record.expireYear ?? card.expiry_year,
    },
  }
}
