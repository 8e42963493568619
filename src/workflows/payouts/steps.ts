import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { GatewayOutcomeUnknownError, PayoutResponse, redact } from "../../lib/gateway"
import {
  payoutFieldsFromGateway,
  PayoutStatus,
  payoutStatusOf,
  payoutUpdate,
} from "../../modules/gateway/mappers/payout"
import { auditedGatewayCall } from "../common/audited-call"
import type { IdempotentRequest } from "../common/idempotency"
import { gatewayModule, OperationActor, RecordActionInput } from "../common/operation-context"
import { withPayoutLock } from "./payout-lock"
import { payoutRequestOf, StoredPayout } from "./payout-request"
import { payoutRefreshRefusal } from "./refresh-guard"

/** What the gateway said about a payout: its mapped fields, or that the answer was lost. */
export interface PayoutAnswer {
  payout_id: string
  unknown: boolean
  status: PayoutStatus
  fields: Record<string, unknown>
}

/**
 * Records the payout as PENDING before anything is sent, so that a payout the gateway may have made is never
 * missing from the module. Compensation deletes it only while it is still PENDING, i.e. when the gateway
 * refused it or was never reached; a payout the gateway answered (or may have made) stays.
 */
export const createPayoutRecordStep = createStep(
  "gateway-create-payout-record",
  async (input: StoredPayout & { created_by?: string | null }, { container }) => {
    const service = gatewayModule(container)
    const exists = async () => {
      const [existing] = await service.listGatewayPayouts({ request_id: input.request_id }, { take: 1 })
      if (!existing) return null
      return new MedusaError(
        MedusaError.Types.CONFLICT,
        `A payout with request_id "${input.request_id}" is recorded already (${existing.id}, ${existing.status}): nothing more was sent. ` +
          `Repeat the request to get it once it is sent, or refresh it.`
      )
    }
    const found = await exists()
    if (found) throw found
    // Two requests with the same request_id at once: the unique index lets one record it.
    const created = await service.createGatewayPayouts({ ...input, status: "PENDING" as const }).catch(async (e) => {
      throw (await exists()) ?? e
    })
    return new StepResponse(created, created.id)
  },
  async (id, { container }) => {
    if (!id) return
    const service = gatewayModule(container)
    const [current] = await service.listGatewayPayouts({ id }, { take: 1 })
    if (current?.status === "PENDING") await service.deleteGatewayPayouts(id)
  }
)

/** Sends (or re-sends, for a refresh) the payout's request and maps the answer; the call is audited. */
async function sendPayout(
  container: Parameters<typeof gatewayModule>[0],
  payout: StoredPayout & { id: string },
  operation: "payout.create" | "payout.refresh",
  actor: OperationActor | null | undefined,
  idempotency: IdempotentRequest | null = null
): Promise<PayoutAnswer> {
  const client = gatewayModule(container).payouts()
  const outcome = await auditedGatewayCall(
    container,
    {
      operation,
      actor,
      target_id: payout.id,
      request_id: payout.request_id,
      details: { payment_amount: payout.payment_amount, payment_currency: payout.payment_currency },
      idempotency,
    },
    async (): Promise<{ answer: PayoutResponse } | { lost: string }> => {
      try {
        return { answer: await client.payout(payoutRequestOf(payout)) }
      } catch (e) {
        // The gateway may have made the payout: it is recorded as UNKNOWN, not as failed.
        if (e instanceof GatewayOutcomeUnknownError) return { lost: e.message }
        throw e
      }
    },
    (r) =>
      "lost" in r
        ? { result: "unknown", error_code: "outcome_unknown", error_message: String(redact(r.lost)) }
        : { details: { status: r.answer.status, transaction_id: r.answer.transaction_id ?? null } }
  )
  if ("lost" in outcome) return { payout_id: payout.id, unknown: true, status: "UNKNOWN", fields: {} }
  return {
    payout_id: payout.id,
    unknown: false,
    status: payoutStatusOf(outcome.answer.status),
    fields: payoutFieldsFromGateway(outcome.answer),
  }
}

/**
 * Sends the payout. A payout cannot be taken back, so when a later step fails the compensation keeps the
 * record and marks it UNKNOWN: a refresh re-reads it from the gateway by its request_id.
 */
export const sendPayoutStep = createStep(
  "gateway-send-payout",
  async (
    input: {
      payout: StoredPayout & { id: string }
      actor?: OperationActor | null
      idempotency?: IdempotentRequest | null
    },
    { container }
  ) => {
    const answer = await sendPayout(container, input.payout, "payout.create", input.actor, input.idempotency ?? null)
    return new StepResponse(answer, answer.payout_id)
  },
  async (id, { container }) => {
    if (!id) return
    const service = gatewayModule(container)
    await withPayoutLock(container, id, async () => {
      const current = await service.retrieveGatewayPayout(id)
      // Only a payout with no answer recorded: one a notification's re-read moved on keeps what it learned.
      if (current.status === "PENDING") await service.updateGatewayPayouts({ id, status: "UNKNOWN" })
    })
  }
)

/**
 * Re-sends a stored payout's request (same request_id) to read its current state, which pays nothing more only
 * if the gateway de-duplicates request_id [assumed]. A final payout (COMPLETED or FAILED) is refused before
 * anything is sent, whoever runs the workflow (refresh-guard.ts); the status is read under the payout's lock,
 * as every decision on a payout's status is, and the request is sent after it (the answer is written under it).
 */
export const resendPayoutStep = createStep("gateway-resend-payout", async (input: RecordActionInput, { container }) => {
  const payout = await withPayoutLock(container, input.id, async () => {
    const current = await gatewayModule(container).retrieveGatewayPayout(input.id)
    const refusal = payoutRefreshRefusal(current)
    if (refusal) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, refusal)
    return current
  })
  return new StepResponse(
    await sendPayout(container, payout as unknown as StoredPayout & { id: string }, "payout.refresh", input.actor)
  )
})

/**
 * Writes what the gateway answered, under the payout's lock and from the record as it is then: a notification's
 * re-read may have finished the payout meanwhile, and a final status (or its details) is never replaced by an
 * earlier answer.
 */
export const recordPayoutAnswerStep = createStep(
  "gateway-record-payout-answer",
  async (answer: PayoutAnswer, { container }) => {
    const service = gatewayModule(container)
    const updated = await withPayoutLock(container, answer.payout_id, async () => {
      const current = await service.retrieveGatewayPayout(answer.payout_id)
      if (answer.unknown)
        return service.updateGatewayPayouts({
          id: current.id,
          status: current.status === "PENDING" ? "UNKNOWN" : current.status,
        })
      const { status, fields } = payoutUpdate(current.status as PayoutStatus, answer.status, answer.fields)
      return service.updateGatewayPayouts({ id: current.id, ...fields, status })
    })
    return new StepResponse(updated)
  }
)
