/**
 * Capture: the amount is Medusa's capture record's (`context.idempotency_key` is its id; Medusa creates and
 * commits the record, with the amount staff or a workflow asked for, before it calls the provider). A capture
 * whose amount cannot be established is refused: never the whole authorisation by default.
 *
 * `/v1/capture` is always sent: what a payment_status code means is [assumed] (status.ts), so the plugin never
 * takes a captured reading for a capture of its own. A refusal while the order query reads the payment as
 * captured is booked as captured by the gateway (it took the money itself). A lost answer is settled by a
 * declared code, or, for a capture of the whole authorisation, by sending it once more (../../../domain/
 * lost-capture.ts); otherwise it is recorded as unknown for the order sync. Never guessed.
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  AmountInput,
  fromMinorUnits,
  GatewayOutcomeUnknownError,
  toGatewayAmount,
  toMinorUnits,
} from "../../../lib/gateway"
import {
  captureEntry,
  CaptureRecord,
  GatewaySessionData,
  GatewayState,
  isCapturedState,
  describeEntry,
  mayResendCapture,
  resendWholeCapture,
  toMedusaError,
} from "../../../domain"
import { SessionGateway } from "./session-gateway"

/** Medusa's capture records, read from the payment module's container (the provider lives in it). */
export type CaptureReader = {
  retrieve(
    id: string,
    config?: { select?: string[] }
  ): Promise<{ id: string; amount?: unknown; raw_amount?: unknown; payment_id?: string }>
  list(filters: Record<string, unknown>, config?: { select?: string[] }): Promise<{ id: string }[]>
}

/** Captures at the gateway; `captureId` null means an automatic capture of what is left of the authorisation. */
export async function capture(
  gw: SessionGateway,
  data: GatewaySessionData,
  captureId: string | null,
  captures: CaptureReader | undefined
): Promise<GatewaySessionData> {
  const amount = captureId ? await amountOfCapture(captures, captureId, data.currency) : remainingToCapture(data)
  const recorded = (
    status: CaptureRecord["status"],
    state?: GatewayState | null,
    by: CaptureRecord["by"] = "plugin"
  ): GatewaySessionData => {
    const list = [...data.captures, { id: captureId ?? `auto_${data.transaction_id}`, amount, status, by }]
    const total = list
      .filter((c) => c.status === "captured")
      .reduce((sum, c) => sum + toMinorUnits(c.amount, data.currency), 0n)
    return {
      ...data,
      gateway_state:
        status === "captured" ? (state && isCapturedState(state) ? state : "captured") : data.gateway_state,
      captures: list,
      captured_amount: fromMinorUnits(total, data.currency),
      outcome_unknown: status === "unknown",
    }
  }
  try {
    const res = await gw.client.capture({
      capture_orders: [captureEntry(data, amount)],
    })
    const entry = res.capture_orders.find((e) => e.transaction_id === data.transaction_id) ?? res.capture_orders[0]
    if (!entry || entry.outcome === "unknown") {
      throw new GatewayOutcomeUnknownError(
        "capture",
        entry ? `capture_status "${entry.capture_status}"` : "no entry for the transaction"
      )
    }
    if (entry.outcome === "refused") {
      // Captured elsewhere (automatic capture, the merchant portal, an answer we lost) while Medusa has no
      // other capture of this payment: record it. A capture refused because another of ours went first
      // (two staff at once) stays refused, so Medusa never books more than the gateway took.
      const why = describeEntry(entry.result, entry.error_message)
      if (!data.captures.length && !(captureId && (await hasOtherCaptures(captures, captureId)))) {
        const state = await gw.queryState(data)
        if (isCapturedState(state)) {
          gw.logger?.warn(
            `Gateway capture ${captureId ?? ""} of ${data.order_no} refused (${why}) and the gateway reports it ${state}: booked as captured by the gateway`
          )
          return recorded("captured", state, "gateway")
        }
      }
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway capture refused: ${why}`)
    }
    return recorded("captured")
  } catch (err) {
    if (!(err instanceof GatewayOutcomeUnknownError)) throw toMedusaError(err, "Gateway capture")
    // The capture may have happened: ask the gateway instead of guessing.
    const state = await gw.queryState(data)
    if (isCapturedState(state) && gw.declares(state!)) return recorded("captured", state)
    if (isCapturedState(state) && mayResendCapture(data, amount, data.captures.length)) {
      // The code alone cannot tell (its meaning is assumed): the whole capture is sent once more (lost-capture.ts).
      const resent = await resendWholeCapture(gw.client, data, () => gw.queryState(data))
      if (resent && "by" in resent) return recorded("captured", "captured", resent.by)
      if (resent)
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Gateway capture refused: ${resent.refused}; nothing was captured`
        )
    }
    if (state === null || state === "unknown" || isCapturedState(state)) {
      gw.logger?.warn(
        `Gateway capture ${captureId ?? ""} of ${data.order_no}: outcome unknown; recorded as unknown for the order sync`
      )
      return recorded("unknown")
    }
    throw new MedusaError(
      MedusaError.Types.UNEXPECTED_STATE,
      `Gateway capture: the gateway's answer was lost and the gateway says the payment is ${state}, not captured; nothing was captured, try again`
    )
  }
}

/** The amount of Medusa's capture record `captureId`, as gateway decimal text; refuses when it cannot be read. */
async function amountOfCapture(
  captures: CaptureReader | undefined,
  captureId: string,
  currency: string
): Promise<string> {
  const record = captures
    ? await captures.retrieve(captureId, { select: ["id", "amount", "raw_amount"] }).catch(() => null)
    : null
  const amount = (record?.raw_amount ?? record?.amount) as AmountInput | undefined
  if (amount === undefined || amount === null) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Gateway capture: the amount of capture ${captureId} cannot be established; nothing was captured (capture through Medusa's payment module so that its capture record carries the amount)`
    )
  }
  try {
    return toGatewayAmount(amount, currency, { rounding: "half-up" })
  } catch (err) {
    throw toMedusaError(err, "Gateway capture")
  }
}

/** Whether Medusa holds another capture of the same payment as capture `captureId` (committed before us). */
async function hasOtherCaptures(captures: CaptureReader | undefined, captureId: string): Promise<boolean> {
  try {
    const mine = await captures!.retrieve(captureId, { select: ["id", "payment_id"] })
    const all = await captures!.list({ payment_id: mine.payment_id }, { select: ["id"] })
    return all.some((c) => c.id !== captureId)
  } catch {
    return true // cannot tell: refuse rather than book a capture the gateway may not have made for us
  }
}

/** What an automatic capture takes: the authorisation less what is already captured. */
function remainingToCapture(data: GatewaySessionData): string {
  const captured = data.captures.reduce((sum, c) => sum + toMinorUnits(c.amount, data.currency), 0n)
  return fromMinorUnits(toMinorUnits(data.amount, data.currency) - captured, data.currency)
}
