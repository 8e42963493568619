/**
 * Fewer gateway requests driven by anonymous store calls (anyone holding a cart id can repeat them): one call
 * in flight per key, shared by everyone asking meanwhile, and, where a slightly old answer is harmless, the
 * answer kept for a few seconds. Bounded: past `maxKeys` the oldest kept answer goes (a miss only costs a
 * request, so evicting is safe here, unlike the card-attempt counters).
 */
export class ShortCache<V> {
  readonly #kept = new Map<string, { value: V; until: number }>()
  readonly #inFlight = new Map<string, Promise<V>>()

  constructor(
    readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now
  ) {}

  /**
   * The answer for `key`: kept from less than `ttlMs` ago, or the call already in flight, or a new `fetch`
   * (kept when `keep` says so; with `ttlMs` 0 nothing is kept, calls are only shared).
   */
  async get(key: string, ttlMs: number, fetch: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    const kept = this.#kept.get(key)
    if (kept && kept.until > this.now()) return kept.value
    if (kept) this.#kept.delete(key)
    const pending = this.#inFlight.get(key)
    if (pending) return pending
    const call = fetch().finally(() => this.#inFlight.delete(key))
    this.#inFlight.set(key, call)
    const value = await call
    if (ttlMs > 0 && keep(value)) {
      if (this.#kept.size >= this.maxKeys) this.#kept.delete(this.#kept.keys().next().value!)
      this.#kept.set(key, { value, until: this.now() + ttlMs })
    }
    return value
  }
}
