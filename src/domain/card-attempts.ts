/**
 * Limits on card posts, so that the card route cannot be used to test stolen cards: per payment session
 * (counted in the session's data by the provider, under the route's per-session lock) and per client address
 * (counted here, in this process's memory: with several instances each one counts its own posts).
 */
export interface CardAttemptLimits {
  /** Card posts that reach the gateway for one payment session. */
  per_session: number
  /** Card posts from one client address within `window_seconds`. */
  per_address: number
  window_seconds: number
}

export const DEFAULT_CARD_ATTEMPT_LIMITS: CardAttemptLimits = { per_session: 5, per_address: 20, window_seconds: 3600 }

export function cardAttemptLimits(option: Partial<CardAttemptLimits> | undefined): CardAttemptLimits {
  return { ...DEFAULT_CARD_ATTEMPT_LIMITS, ...(option ?? {}) }
}

/** Sliding-window counter of posts per address. */
export class AddressAttempts {
  readonly #seen = new Map<string, number[]>()

  /** Records a post from `address` and says whether it is within the limit. */
  take(address: string, limits: CardAttemptLimits, now = Date.now()): boolean {
    const since = now - limits.window_seconds * 1000
    const times = (this.#seen.get(address) ?? []).filter((t) => t > since)
    if (times.length >= limits.per_address) {
      this.#seen.set(address, times)
      return false
    }
    times.push(now)
    this.#seen.set(address, times)
    if (this.#seen.size > 10_000) this.#prune(since)
    return true
  }

  #prune(since: number): void {
    for (const [k, v] of this.#seen) if (!v.some((t) => t > since)) this.#seen.delete(k)
  }
}
