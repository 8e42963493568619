import { MedusaError } from "@medusajs/framework/utils"
import {
  createStep,
  createWorkflow,
  StepResponse,
  transform,
  WorkflowResponse,
} from "@medusajs/framework/workflows-sdk"
import { cardFieldsFromCreation } from "../../modules/gateway/mappers/card"
import { assertOperationDone, auditedGatewayCall, logError } from "../common/audited-call"
import { KeyedActionInput, markUndone } from "../common/idempotency"
import { gatewayModule, newRequestId } from "../common/operation-context"
import { currencyAmount } from "./steps/load-card"
import { refreshGroupBalanceStep } from "./steps/sync-group"

export interface CreateCardsInput extends KeyedActionInput {
  /** The module's cardholder and group record ids (gwchd_..., gwgrp_...). */
  cardholder_id: string
  group_id: string
  /** Charged to each card from the group, in the group's currency. */
  charge_amount: string
  /** How many cards (1–50), all alike. */
  pieces: number
  alias?: string | null
  start_date?: string | null
  end_date?: string | null
  shared?: boolean
  multi_use?: boolean
  currency_check?: boolean
  connector_bin_id?: string | null
}

/** One requested card: created (with the mirror's fields) or not (with the gateway's reason). */
export interface CardCreationEntry {
  index: number
  ok: boolean
  error: string | null
  fields: ReturnType<typeof cardFieldsFromCreation> | null
}

/** The records a creation is for, with the amount in the group currency's exponent. */
interface Prepared {
  cardholder: { id: string; gateway_id: string }
  group: { id: string; gateway_id: string; currency: string }
  charge_amount: string
  request_id: string
}

/** Checks the cardholder and group records and puts the amount in the group currency's exponent. */
const prepareCardsStep = createStep("gateway-prepare-cards", async (input: CreateCardsInput, { container }) => {
  const service = gatewayModule(container)
  const [cardholder] = await service.listGatewayCardholders({ id: input.cardholder_id }, { take: 1 })
  if (!cardholder)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Field "cardholder_id": cardholder ${input.cardholder_id} was not found`
    )
  if (cardholder.status === "deleted") {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Field "cardholder_id": cardholder ${input.cardholder_id} is deleted`
    )
  }
  const [group] = await service.listGatewayCardGroups({ id: input.group_id }, { take: 1 })
  if (!group)
    throw new MedusaError(MedusaError.Types.NOT_FOUND, `Field "group_id": card group ${input.group_id} was not found`)
  const prepared: Prepared = {
    cardholder: { id: cardholder.id, gateway_id: cardholder.gateway_cardholder_id },
    group: { id: group.id, gateway_id: group.gateway_group_id, currency: group.currency },
    charge_amount: currencyAmount(input.charge_amount, group.currency, "charge_amount", "card.create"),
    request_id: newRequestId("card_create"),
  }
  return new StepResponse(prepared)
})

/**
 * `/card/create` with `pieces` cards. The answer carries each card's full number and CVV: they are dropped
 * right here (the step returns the mirror's fields only). Partial success is normal (the group's balance
 * ran out): each entry says whether its card was made. No card at all is a refusal.
 * The audit row holds the client's key while the cards may exist (a repeat is answered from their records).
 * Compensation closes every card created, which returns its balance to the group, and then frees the key.
 */
const createCardsAtGatewayStep = createStep(
  "gateway-create-cards",
  async (input: { prepared: Prepared; request: CreateCardsInput }, { container }) => {
    const { prepared, request } = input
    const client = gatewayModule(container).issuing()
    const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? ("true" as const) : ("false" as const))
    const entries = await auditedGatewayCall(
      container,
      {
        operation: "card.create",
        actor: request.actor,
        request_id: prepared.request_id,
        details: {
          cardholder_id: prepared.cardholder.id,
          group_id: prepared.group.id,
          charge_amount: prepared.charge_amount,
          currency: prepared.group.currency,
          pieces: request.pieces,
        },
        idempotency: request.idempotency ?? null,
      },
      async () => {
        const answer = await client.card.create({
          request_id: prepared.request_id,
          cardholder_id: prepared.cardholder.gateway_id,
          group_id: prepared.group.gateway_id,
          charge_amount: prepared.charge_amount,
          pieces: String(request.pieces),
          ...(request.alias ? { card_alias: request.alias } : {}),
          ...(request.start_date ? { start_date: request.start_date } : {}),
          ...(request.end_date ? { end_date: request.end_date } : {}),
          ...(request.connector_bin_id ? { connector_bin_id: request.connector_bin_id } : {}),
          ...(flag(request.shared) ? { enable_shared: flag(request.shared) } : {}),
          ...(flag(request.multi_use) ? { enable_multi_use: flag(request.multi_use) } : {}),
          ...(flag(request.currency_check) ? { enable_currency_check: flag(request.currency_check) } : {}),
        })
        const mapped: CardCreationEntry[] = answer.createResultInfoList.map((e, index) => ({
          index,
          ok: e.ok && e.cardId !== null && e.cardId !== undefined,
          error: e.ok ? null : e.errorMsg || `status ${e.status}`,
          fields: e.ok && e.cardId !== null && e.cardId !== undefined ? cardFieldsFromCreation(e) : null,
        }))
        if (!mapped.some((e) => e.ok)) {
          assertOperationDone("card.create", {
            ok: false,
            status: "0",
            errorMsg: mapped[0]?.error ?? "no card was created",
          })
        }
        return mapped
      },
      (mapped) => {
        const made = mapped.filter((e) => e.ok).length
        return {
          result: made === mapped.length ? "succeeded" : "partial",
          gateway_req_no: mapped.find((e) => e.fields?.gateway_req_no)?.fields?.gateway_req_no ?? null,
          details: {
            created: made,
            failed: mapped.length - made,
            card_ids: mapped.filter((e) => e.ok).map((e) => e.fields!.gateway_card_id),
          },
        }
      }
    )
    const created = entries.filter((e) => e.ok).map((e) => e.fields!.gateway_card_id)
    return new StepResponse(entries, {
      created,
      actor: request.actor ?? null,
      request_id: prepared.request_id,
      key: request.idempotency?.key ?? null,
    })
  },
  async (done, { container }) => {
    if (!done?.created.length) return
    const client = gatewayModule(container).issuing()
    let closed = 0
    for (const cardId of done.created) {
      const request_id = newRequestId("card_create_undo")
      try {
        await auditedGatewayCall(
          container,
          {
            operation: "card.create.undo",
            actor: done.actor,
            request_id,
            details: { gateway_card_id: cardId, created_by: done.request_id },
          },
          async () => assertOperationDone("card.create.undo", await client.card.close({ request_id, card_id: cardId }))
        )
        closed++
      } catch (e) {
        logError(
          container,
          `gateway: card ${cardId} created but not recorded could not be closed; close it at the gateway: ${(e as Error).message}`
        )
      }
    }
    // Every card closed, its balance back in the group: the client's key may start the request again.
    if (done.key && closed === done.created.length) await markUndone(container, done.key)
  }
)

/** Records every created card in the mirror; compensation removes those records. */
const recordCardsStep = createStep(
  "gateway-record-cards",
  async (input: { prepared: Prepared; entries: CardCreationEntry[]; request: CreateCardsInput }, { container }) => {
    const { prepared, entries, request } = input
    const made = entries.filter((e) => e.ok)
    const rows = made.map((e) => ({
      ...e.fields!,
      cardholder_id: prepared.cardholder.id,
      gateway_cardholder_id: prepared.cardholder.gateway_id,
      group_id: prepared.group.id,
      gateway_group_id: prepared.group.gateway_id,
      currency: prepared.group.currency,
      charge_amount: prepared.charge_amount,
      amount_limit: prepared.charge_amount,
      balance: prepared.charge_amount,
      card_type: request.shared ? "SHARED" : "STANDARD",
      status: "active" as const,
      request_id: prepared.request_id,
      last_synced_at: new Date(),
    }))
    const cards = rows.length ? await gatewayModule(container).createGatewayCards(rows) : []
    const byGatewayId = new Map(cards.map((c) => [c.gateway_card_id, c]))
    const results = entries.map((e) => ({
      index: e.index,
      ok: e.ok,
      error: e.error,
      card: e.ok ? (byGatewayId.get(e.fields!.gateway_card_id) ?? null) : null,
    }))
    return new StepResponse(
      { request_id: prepared.request_id, created: cards.length, failed: entries.length - cards.length, results },
      cards.map((c) => c.id)
    )
  },
  async (ids, { container }) => {
    if (ids?.length) await gatewayModule(container).deleteGatewayCards(ids)
  }
)

/**
 * Creates `pieces` virtual cards for a cardholder, funded from a group: each created card is recorded, and
 * the answer reports every requested card (created, or the gateway's reason). Then refreshes the group's
 * balance.
 */
export const createCardsWorkflow = createWorkflow("gateway-create-cards", (input: CreateCardsInput) => {
  const prepared = prepareCardsStep(input)
  const entries = createCardsAtGatewayStep(
    transform({ prepared, input }, ({ prepared, input }) => ({ prepared: prepared as Prepared, request: input }))
  )
  const result = recordCardsStep(
    transform({ prepared, entries, input }, ({ prepared, entries, input }) => ({
      prepared: prepared as Prepared,
      entries,
      request: input,
    }))
  )
  refreshGroupBalanceStep(
    transform({ prepared, input }, ({ prepared, input }) => ({
      gateway_group_id: (prepared as Prepared).group.gateway_id,
      actor: input.actor ?? null,
    }))
  )
  return new WorkflowResponse(result)
})
