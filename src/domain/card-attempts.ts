/**
 * Caps on card posts, so that the card route cannot be used to test stolen cards (provider option
 * `card_attempts`). A post counts BEFORE the gateway is called, whatever comes of it (approved, declined,
 * refused with an error, lost), against four caps, each within `window_seconds`:
 * - per client address (`per_address`), bucketed as client-address.ts says;
 * - per payment session (`per_session`) and per cart (`per_cart`): sessions are cheap to create, the cart is not
 *   (it holds the items, addresses and the guest's credential);
 * - per card (`per_card`): a keyed hash of the card number (HMAC-SHA256 with a server secret), or the saved
 *   card's id, so that one card tried on many carts is still one card. The hash is kept only as a counter key,
 *   never with the number, and never stored in a session or a log.
 * This file says what a post is counted against and what the counts mean; the counting itself is the plugin
 * module's (src/modules/gateway/card-attempt-counters.ts: one table shared by every Medusa instance).
 */
import { createHmac } from "node:crypto"

export interface CardAttemptLimits {
  /** Card posts per client address within `window_seconds`. */
  per_address: number
  /** Card posts per payment session within `window_seconds`. */
  per_session: number
  /** Card posts per cart (all its payment sessions) within `window_seconds`. */
  per_cart: number
  /** Card posts per card number (or saved card) within `window_seconds`, across carts. */
  per_card: number
  window_seconds: number
}

export const DEFAULT_CARD_ATTEMPT_LIMITS: CardAttemptLimits = Object.freeze({
  per_address: 20,
  per_session: 5,
  per_cart: 10,
  per_card: 10,
  window_seconds: 3600,
})

/**
 * Away from the live gateway (the plugin's sandbox, or the gateway's test environment: no money moves) the default
 * counts are this many times higher, so a developer running a test list again and again is not locked out for an
 * hour; a live store keeps the defaults. Counts the store sets itself (`card_attempts`) apply everywhere.
 */
export const TESTING_CAP_FACTOR = 100

export function cardAttemptLimits(option: Partial<CardAttemptLimits> | undefined, testing = false): CardAttemptLimits {
  const d = DEFAULT_CARD_ATTEMPT_LIMITS
  const defaults = testing
    ? {
        ...d,
        per_address: d.per_address * TESTING_CAP_FACTOR,
        per_session: d.per_session * TESTING_CAP_FACTOR,
        per_cart: d.per_cart * TESTING_CAP_FACTOR,
        per_card: d.per_card * TESTING_CAP_FACTOR,
      }
    : d
  return { ...defaults, ...(option ?? {}) }
}

/** What a post is counted against; absent ones are not counted. */
export type AttemptScope = Partial<Record<"address" | "session" | "cart" | "card", string>>
export type AttemptCap = keyof AttemptScope

/** The cap a post went past, or null: the post may go on. */
export type AttemptVerdict = AttemptCap | null

const LIMIT_OF: Record<AttemptCap, keyof CardAttemptLimits> = {
  address: "per_address",
  session: "per_session",
  cart: "per_cart",
  card: "per_card",
}

/** A cap a post is counted against and the key of its counter. */
export interface AttemptCounter {
  cap: AttemptCap
  key: string
}

/** The counters of a post's caps, in the order they are checked (`scope`'s); absent ones are not counted. */
export function attemptCounters(scope: AttemptScope): AttemptCounter[] {
  return (Object.keys(scope) as AttemptCap[])
    .filter((cap) => scope[cap])
    .map((cap) => ({ cap, key: `card-attempt:${cap}:${scope[cap]}` }))
}

/** The first cap (in `counters`' order) whose count, this post included, is past its limit; null when none is. */
export function capReached(
  counters: readonly AttemptCounter[],
  counts: readonly number[],
  limits: CardAttemptLimits
): AttemptVerdict {
  const over = counters.findIndex((c, i) => counts[i]! > limits[LIMIT_OF[c.cap]])
  return over < 0 ? null : counters[over]!.cap
}

/**
 * The card key of the per-card cap: HMAC-SHA256 of the card number's digits with `secret`, or of the saved
 * card's id (its token is never read for this). Neither the number nor a plain hash of it is ever kept.
 */
export function cardFingerprint(secret: string | Buffer, card: { number: string } | { saved_card_id: string }): string {
  const subject = "number" in card ? `pan:${card.number.replace(/\D/g, "")}` : `saved:${card.saved_card_id}`
  return createHmac("sha256", secret).update(subject).digest("hex").slice(0, 32)
}

/** The secret of the card fingerprints, derived from a server secret (the sign key): the same on every instance. */
export function fingerprintSecret(serverSecret: string): Buffer {
  return createHmac("sha256", serverSecret).update("gateway card-attempt fingerprint v1").digest()
}
