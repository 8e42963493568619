/**
 * Where the card-attempt caps count (card-attempts.ts): counters per key over a time window.
 *
 * `CapStore` is the interface. Its contract is Redis's `INCR key` + `EXPIRE key window NX` per key, so a store
 * shared by several Medusa instances (Redis, or a cache with an atomic increment) is a drop-in: each hit adds
 * one to the key's count in its current window, atomically, and the window starts at the key's first hit.
 *
 * `MemoryCapStore` is the default: this process's memory, BOUNDED. It holds at most `maxKeys` keys; expired
 * ones are dropped first (oldest window first) and, when it is still full, a NEW key is refused (its count is
 * `null`, which the card route answers "try again later") while keys already counted go on counting.
 * Refused rather than evicting the oldest: evicting would let a card tester reset their own counters by
 * flooding the store with fresh keys (new carts and sessions are cheap), a silent bypass; refusing turns a
 * flood into a visible, logged slowdown of new card posts until the windows expire. The bound is what keeps
 * memory flat under any number of addresses, carts or cards.
 */

export interface CapStore {
  /**
   * Adds one to each key's count in its window of `windowSeconds` (started by the key's first hit) and answers
   * the counts after adding, in order; `null` for a key the store could not count (full).
   */
  hit(keys: readonly string[], windowSeconds: number): Promise<(number | null)[]>
}

/** Keys the in-process store holds at most (about 150 bytes each: some 15 MB when full). */
export const DEFAULT_MAX_CAP_KEYS = 100_000

interface Counter {
  count: number
  expiresAt: number
}

export class MemoryCapStore implements CapStore {
  /** Insertion order = order of window start; with one window length that is also the order of expiry. */
  readonly #counters = new Map<string, Counter>()

  constructor(
    readonly maxKeys: number = DEFAULT_MAX_CAP_KEYS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#counters.size
  }

  async hit(keys: readonly string[], windowSeconds: number): Promise<(number | null)[]> {
    const now = this.now()
    return keys.map((key) => {
      const counter = this.#counters.get(key)
      if (counter && counter.expiresAt > now) return ++counter.count
      if (counter) this.#counters.delete(key) // its window is over: a new one starts
      this.#dropExpired(now)
      if (this.#counters.size >= this.maxKeys) return null
      this.#counters.set(key, { count: 1, expiresAt: now + windowSeconds * 1000 })
      return 1
    })
  }

  /** Drops expired counters from the oldest on, stopping at the first live one (amortised O(1) a hit). */
  #dropExpired(now: number): void {
    for (const [key, counter] of this.#counters) {
      if (counter.expiresAt > now) return
      this.#counters.delete(key)
    }
  }
}
