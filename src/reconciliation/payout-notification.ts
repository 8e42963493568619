/**
 * What a verified payout notification does. Its `status` is not signed (docs/gateway-contract.md), so the payout
 * is read from the gateway instead; the API has no payout query, so reading it means sending its request again
 * under the same request_id, which pays nothing more only if the gateway de-duplicates request_id [assumed].
 * Every notification of one payout has the same signature (and so one notification row, re-run per delivery),
 * and anyone holding one can re-post it: a re-send per delivery would let the gateway's retries or a replay
 * send the payout again and again. So, decided under the payout's lock:
 * - a final payout (COMPLETED or FAILED) is never sent again: a FAILED one re-sent could be paid while its record
 *   stays FAILED;
 * - an open one is re-read at most once every `payout.refresh_interval_seconds` (default 60);
 * - with `payout.refresh_on_notification: false` nothing is sent; staff refresh the payout from the admin.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { withPayoutLock } from "../workflows/payouts/payout-lock"
import { refreshPayoutWorkflow } from "../workflows/payouts/refresh-payout"

type Outcome = ["processed" | "ignored", string]
const FINAL = new Set(["COMPLETED", "FAILED"])

export async function payoutNotified(
  container: MedusaContainer,
  payoutId: string,
  requestId: string
): Promise<Outcome> {
  const gatewayModule = container.resolve("gateway")
  const rule = gatewayModule.payoutRefreshRule()
  // The lock covers the decision and its mark only: the re-read's answer is written under the same lock
  // (recordPayoutAnswerStep), after whatever else is answering this payout.
  const skip = await withPayoutLock(container, payoutId, async (): Promise<Outcome | null> => {
    const payout = await gatewayModule.retrieveGatewayPayout(payoutId)
    if (FINAL.has(payout.status)) return ["ignored", `payout ${requestId} is ${payout.status} (final): not sent again`]
    if (!rule.onNotification)
      return [
        "ignored",
        `payout ${requestId} not re-read (payout.refresh_on_notification is false): refresh it from the admin`,
      ]
    const last = payout.last_notification_at ? new Date(payout.last_notification_at).getTime() : 0
    const now = Date.now()
    if (now - last < rule.intervalSeconds * 1000) {
      return ["ignored", `payout ${requestId} was re-read less than ${rule.intervalSeconds} s ago: not sent again`]
    }
    // Marked before the request: a re-read that fails or hangs still counts against the interval.
    await gatewayModule.updateGatewayPayouts({ id: payoutId, last_notification_at: new Date(now) })
    return null
  })
  if (skip) return skip
  const { result } = await refreshPayoutWorkflow(container).run({ input: { id: payoutId, actor: { type: "gateway" } } })
  const status = (result as { status?: string } | undefined)?.status ?? "read again"
  return ["processed", `payout ${requestId} ${status} (re-read from the gateway)`]
}
