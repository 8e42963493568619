/**
 * A 3-D Secure, APM or hosted-page completion reads the gateway once: the complete-cart route's check
 * (src/api/core-route-overrides/store-cart-complete.ts) asks the order query whether the shopper finished, then
 * Medusa's completion asks the provider to authorise, which would ask again. The check hands its answer on here;
 * the provider's authorisation takes it, once, when it is at most `ttlMs` old (the same request, a moment later),
 * and otherwise asks the gateway itself. Only the authorisation takes it: a void's or a sync's read is never
 * answered from here. An answer without the session's current attempt is never taken for "none at the gateway" (the
 * provider asks again): a check whose completion Medusa refused before authorising leaves an answer that can predate
 * a card posted since.
 */
import type { TransactionRecord } from "../lib/gateway"

/** The module's side, as the provider sees it (optional: a provider without the module always asks). */
export interface HandedOrderQuery {
  takeHandedOrderQuery?(orderNo: string): readonly TransactionRecord[] | null
}

export class HandedOrderQueries {
  readonly #answers = new Map<string, { records: readonly TransactionRecord[]; until: number }>()

  constructor(
    readonly ttlMs = 3000,
    readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now
  ) {}

  /** Keeps the order query's records of `orderNo`, read just now, for the authorisation that follows. */
  hand(orderNo: string, records: readonly TransactionRecord[]): void {
    const now = this.now()
    if (this.#answers.size >= this.maxKeys) {
      for (const [key, a] of this.#answers) if (a.until <= now) this.#answers.delete(key)
      if (this.#answers.size >= this.maxKeys) this.#answers.delete(this.#answers.keys().next().value!)
    }
    this.#answers.delete(orderNo)
    this.#answers.set(orderNo, { records, until: now + this.ttlMs })
  }

  /** The records handed on for `orderNo`, once; null when none were or they are too old. */
  take(orderNo: string): readonly TransactionRecord[] | null {
    const a = this.#answers.get(orderNo)
    if (!a) return null
    this.#answers.delete(orderNo)
    return a.until > this.now() ? a.records : null
  }
}
