import { MedusaError } from "@medusajs/framework/utils"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { toMedusaError } from "../../domain"
import { payoutBeneficiarySchema, payoutPayerSchema, toGatewayAmount } from "../../lib/gateway"
import type { IdempotentRequest } from "../common/idempotency"
import { gatewayModule, type OperationActor } from "../common/operation-context"
import type { PayoutFields } from "./payout-request"

export interface CreatePayoutInput extends PayoutFields {
  /**
   * The caller's own id for this payout, sent as the gateway's request_id. Required, never made up here: a
   * caller that retries with the same id never sends a second payout (the payout record is unique by it; a repeat
   * answers that record, and the gateway answers a repeated request_id with the first payout [assumed]), one that
   * got a new id each time could.
   */
  request_id: string
  /** The admin client's key (= request_id) and request fingerprint: the audit row holds it (common/idempotency.ts). */
  idempotency?: IdempotentRequest | null
  actor?: OperationActor | null
}

/** Checks a party against the gateway library's schema, so a wrong field is a 400 naming it, never a request. */
function checkParty(
  name: string,
  schema: typeof payoutBeneficiarySchema | typeof payoutPayerSchema,
  value: unknown
): void {
  if (value === undefined || value === null) return
  const parsed = schema.safeParse(value)
  if (parsed.success) return
  const issue = parsed.error.issues[0]!
  const keys = (issue as { keys?: string[] }).keys
  const path = [name, ...issue.path.map(String), ...(keys?.length ? [keys.join(", ")] : [])].join(".")
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    `Field "${path}" ${keys?.length ? "is not a field the gateway knows" : issue.message}`
  )
}

/**
 * Normalises the payout: amounts to the currency's exponent (extra decimals are refused, never rounded),
 * currencies upper-case, and the notify_url from the module's options.
 */
export const preparePayoutStep = createStep(
  "gateway-prepare-payout",
  async (input: CreatePayoutInput, { container }) => {
    const currency = input.payment_currency.toUpperCase()
    const sourceCurrency = input.source_currency ? input.source_currency.toUpperCase() : null
    const { actor, idempotency: _key, ...fields } = input
    if (!input.request_id)
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        'Field "request_id" is required: the caller\'s own id of this payout'
      )
    const amount = (value: string, cur: string, field: string) => {
      try {
        return toGatewayAmount(value, cur, { field })
      } catch (e) {
        throw toMedusaError(e, "payout.create")
      }
    }
    checkParty("beneficiary", payoutBeneficiarySchema, input.beneficiary)
    checkParty("payer", payoutPayerSchema, input.payer)
    return new StepResponse({
      ...fields,
      request_id: input.request_id,
      payment_currency: currency,
      payment_amount: amount(input.payment_amount, currency, "payment_amount"),
      source_currency: sourceCurrency,
      source_amount:
        input.source_amount && sourceCurrency ? amount(input.source_amount, sourceCurrency, "source_amount") : null,
      notify_url: gatewayModule(container).payoutNotifyUrl() ?? null,
      created_by: actor?.type === "user" ? (actor.id ?? null) : null,
    })
  }
)
