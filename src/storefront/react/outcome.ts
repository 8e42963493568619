/**
 * What the card form, the payment control and the saved-card picker do with a post's outcome: follow 3-D Secure
 * themselves (the documented POST hand-off), show a decline in the shopper's words, and hand everything to the
 * storefront's `onOutcome` (which completes the cart for authorized, pending_authorization and pending).
 */
import { declineText, failedCallText, format, messagesEn, type GatewayMessages } from "../messages.js"
import { submitRedirect } from "../redirect.js"
import type { CardOutcome } from "../types.js"

export interface OutcomeProps {
  /**
   * Called with every outcome. On `authorized`, `pending_authorization` and `pending`, complete the cart (e.g.
   * `completeCart`, or the storefront's own place-order action). A `declined` outcome is also shown in the form.
   */
  onOutcome?: (outcome: CardOutcome) => void | Promise<void>
  /** Send the shopper to the issuer at once on `requires_more` (default true). */
  followRedirect?: boolean
}

/** Answers the message to show under the form, if any. */
export async function handleOutcome(
  outcome: CardOutcome,
  props: OutcomeProps,
  m: GatewayMessages = messagesEn
): Promise<string | null> {
  let message: string | null = null
  if (outcome.status === "declined") message = format(m.declined, { reason: declineText(outcome.decline, m) })
  if (outcome.status === "requires_more" && props.followRedirect !== false) {
    if (outcome.redirect) submitRedirect(outcome.redirect)
    else message = m.issuerUnavailable
  }
  await props.onOutcome?.(outcome)
  return message
}

/** A failed call's message in the shopper's language (messages.ts, failedCallText). */
export const messageOf = (err: unknown, m: GatewayMessages = messagesEn): string => failedCallText(err, m)
