/**
 * The return page's wait for the gateway. Back from 3-D Secure, an APM or the hosted page, the shopper may be
 * quicker than the gateway's confirmation: completing the cart then answers "requires more" (not confirmed yet).
 * `confirmReturn` completes again a few times, waiting longer each time (bounded: by default 5 tries over about
 * 20 s), and answers the first order or decline, or, past the last try, "requires more" (the page then says the
 * payment is still being processed and offers to check again). Completing is safe to repeat: the plugin confirms
 * with the gateway each time and Medusa makes one order.
 *
 * A `complete` that throws (no network, a failed server action, a deploy) is "not confirmed yet", never a decline:
 * nothing says the payment failed, and a shopper back from the bank may have paid ("pay again" would invite a second
 * payment). Only a definite answer (an order, a decline, no cart) ends the wait early.
 */
import type { CompletionResult } from "./types.js"

export interface ConfirmOptions {
  /** Tries in all (default 5). */
  attempts?: number
  /** Wait before the n-th retry: n × intervalMs (default 2000). */
  intervalMs?: number
  sleep?: (ms: number) => Promise<void>
  /** Told each try's result (e.g. to keep "confirming" on screen). */
  onTry?: (result: CompletionResult | null, attempt: number) => void
}

/** `complete` answers null when there is no cart (nothing is tried again then). */
export async function confirmReturn(
  complete: () => Promise<CompletionResult | null>,
  options: ConfirmOptions = {}
): Promise<CompletionResult | null> {
  const attempts = Math.max(1, options.attempts ?? 5)
  const interval = options.intervalMs ?? 2000
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  let result: CompletionResult | null = null
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(interval * (attempt - 1))
    try {
      result = await complete()
    } catch {
      result = { type: "requires_more", message: NOT_CONFIRMED }
    }
    options.onTry?.(result, attempt)
    if (!result || result.type !== "requires_more") return result
  }
  return result
}

/** As `completeCart` answers when the store fails or does not answer. */
const NOT_CONFIRMED = "The payment could not be confirmed yet."
