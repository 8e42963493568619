/**
 * A capture whose answer was lost, while the order query reads the payment as captured by a code whose meaning
 * is [assumed] (status.ts): the code cannot tell whether the lost capture was made. For a capture of the whole
 * authorisation (and no other capture), sending it once more settles it: a gateway that made the first one
 * refuses the second (nothing is left to capture), one that did not makes it now. A second capture of part of
 * the amount could take more, so a part capture is never re-sent. Used by the provider's capture and the sync.
 */
import { AcquiringClient, GatewayOutcomeUnknownError, toMinorUnits } from "../lib/gateway"
import { describeEntry } from "./errors"
import { captureEntry } from "./money-requests"
import type { CaptureRecord, GatewaySessionData } from "./session-data"
import { GatewayState, isCapturedState } from "./status"

/** Whether a lost capture of `amount` may be re-sent: the whole authorisation, and no other capture recorded. */
export function mayResendCapture(data: GatewaySessionData, amount: string, otherCaptures: number): boolean {
  return otherCaptures === 0 && toMinorUnits(amount, data.currency) === toMinorUnits(data.amount, data.currency)
}

export type ResentCapture = { by: CaptureRecord["by"] } | { refused: string } | null

/**
 * Sends the whole capture once more. `{ by: "plugin" }`: accepted; `{ by: "gateway" }`: refused while the order
 * query (`readState`) reads it captured; `{ refused }`: refused and not captured (nothing was captured);
 * null: this answer was lost too, or the query could not tell.
 */
export async function resendWholeCapture(
  client: AcquiringClient,
  data: GatewaySessionData,
  readState: () => Promise<GatewayState | null>
): Promise<ResentCapture> {
  try {
    const res = await client.capture({
      capture_orders: [captureEntry(data, data.amount)],
    })
    const entry = res.capture_orders.find((e) => e.transaction_id === data.transaction_id) ?? res.capture_orders[0]
    if (entry?.outcome === "done") return { by: "plugin" }
    if (entry?.outcome !== "refused") return null
    const state = await readState()
    if (isCapturedState(state)) return { by: "gateway" }
    return state === null || state === "unknown" ? null : { refused: describeEntry(entry.result, entry.error_message) }
  } catch (err) {
    if (err instanceof GatewayOutcomeUnknownError) return null
    throw err
  }
}
