/**
 * Which payouts a refresh may re-send. Reading a payout means sending its request again under the same request_id
 * (the API has no payout query), which pays nothing more only if the gateway de-duplicates request_id [assumed]
 * (docs/gateway-contract.md). A final payout has nothing left to read and is never sent again, as a payout
 * notification never re-sends one (src/reconciliation/payout-notification.ts): a FAILED one re-sent could be paid
 * while its record stays FAILED (a final status never moves), and a COMPLETED one paid twice should the gateway
 * not de-duplicate.
 *
 * No imports: the admin page uses it too, to show Refresh only where the API takes it.
 */
export const FINAL_PAYOUT_STATUSES: readonly string[] = ["COMPLETED", "FAILED"]

/** COMPLETED or FAILED: the payout never changes again and is never re-sent. */
export function isFinalPayoutStatus(status: string | null | undefined): boolean {
  return FINAL_PAYOUT_STATUSES.includes(String(status ?? ""))
}

/** Why a refresh of this payout is refused (it is final), or null when it may be re-sent. */
export function payoutRefreshRefusal(payout: {
  id: string
  request_id?: string | null
  status: string | null | undefined
}): string | null {
  if (!isFinalPayoutStatus(payout.status)) return null
  const which = `Payout ${payout.id}${payout.request_id ? ` (request_id "${payout.request_id}")` : ""}`
  const risk =
    payout.status === "FAILED"
      ? "a FAILED payout re-sent could be paid while its record stays FAILED. If it is still owed, create a new payout"
      : "a COMPLETED payout re-sent would be paid again unless the gateway de-duplicates its request_id [assumed]"
  return `${which} is ${payout.status}: a final payout is never refreshed, because a refresh re-sends its request to the gateway and ${risk}. Nothing was sent to the gateway.`
}
