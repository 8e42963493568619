/**
 * At most `max` tasks at once; the others wait their turn in arrival order. For work that arrives unbounded
 * (a storm of notifications: one event each) but must reach the database and the gateway a few at a time.
 */
export class ConcurrencyLimit {
  #active = 0
  readonly #waiting: (() => void)[] = []

  constructor(readonly max: number) {
    if (!Number.isInteger(max) || max < 1)
      throw new Error(`ConcurrencyLimit: max must be a whole number ≥ 1 (got ${max})`)
  }

  /** Tasks running now, and waiting for a turn. */
  get active(): number {
    return this.#active
  }
  get waiting(): number {
    return this.#waiting.length
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#active >= this.max) await new Promise<void>((turn) => this.#waiting.push(turn))
    else this.#active++
    try {
      return await task()
    } finally {
      // The turn passes straight to the next waiter (the count stays), or the slot is freed.
      const next = this.#waiting.shift()
      if (next) next()
      else this.#active--
    }
  }
}
