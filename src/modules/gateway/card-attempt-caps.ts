/**
 * The card-post caps as the service applies them (src/domain/card-attempts.ts says what is counted): the store's
 * limits, and one post counted against its scope's counters (./card-attempt-counters.ts keeps the counts).
 */
import { environmentOf } from "../../go-live/addresses"
import {
  addressBucket,
  attemptCounters,
  AttemptScope,
  AttemptVerdict,
  CardAttemptLimits,
  cardAttemptLimits,
  capReached,
  GatewayProviderOptions,
} from "../../domain"

/** The store's caps (`payments.card_attempts`), else the defaults: higher away from the live gateway. */
export function cardAttemptLimitsOf(payments: GatewayProviderOptions | undefined): CardAttemptLimits {
  return cardAttemptLimits(payments?.card_attempts, !!payments && environmentOf(payments.base_url, false) !== "live")
}

/**
 * Counts one card post against the caps of `scope` (address bucketed by /64 for IPv6) with `count` (the service's
 * counters, shared by every instance); answers the cap it went past, or null. No counter, no count.
 */
export async function takeCardAttempt(
  limits: CardAttemptLimits,
  scope: AttemptScope,
  count: (keys: readonly string[], windowSeconds: number) => Promise<number[]>
): Promise<AttemptVerdict> {
  const counters = attemptCounters(scope.address ? { ...scope, address: addressBucket(scope.address) } : scope)
  if (!counters.length) return null
  const counts = await count(
    counters.map((c) => c.key),
    limits.window_seconds
  )
  return capReached(counters, counts, limits)
}
