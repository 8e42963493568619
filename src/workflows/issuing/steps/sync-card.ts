import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { CardRecord } from "../../../lib/gateway"
import { decimalAmount } from "../../../modules/gateway/mappers/amounts"
import { cardFieldsFromRecord } from "../../../modules/gateway/mappers/card"
import { auditedGatewayCall } from "../../common/audited-call"
import { gatewayModule, OperationActor, RecordActionInput } from "../../common/operation-context"

type Container = Parameters<typeof gatewayModule>[0]

/** The mirror's fields of a card query answer; number and CVV are dropped by the mapper. */
export function cardMirrorFields(record: CardRecord, currency: string) {
  const limit = record.amountLimit
  return {
    ...cardFieldsFromRecord(record),
    balance: decimalAmount(record.balance, currency),
    amount_limit: limit === null || limit === undefined || limit === "" ? null : decimalAmount(String(limit), currency),
    last_synced_at: new Date(),
  }
}

/** Queries a card at the gateway (audited as card.query) and writes what the mirror keeps. */
export async function syncCard(container: Container, cardId: string, actor?: OperationActor | null) {
  const service = gatewayModule(container)
  const card = await service.retrieveGatewayCard(cardId)
  const record = await auditedGatewayCall(container, { operation: "card.query", actor, target_id: card.id }, () =>
    service.issuing().card.query({ cardId: card.gateway_card_id })
  )
  return service.updateGatewayCards({ id: card.id, ...cardMirrorFields(record, card.currency) })
}

/** Re-reads a card from the gateway into the mirror (a query: nothing to compensate). */
export const syncCardStep = createStep(
  "gateway-sync-card",
  async (input: RecordActionInput, { container }) => new StepResponse(await syncCard(container, input.id, input.actor))
)
