/**
 * The shoppers: what real ones do at a checkout, each journey on its own cart (or carts), with every choice drawn
 * from the journey's own seeded generator (SHOPPERS_SEED and the journey's number), so that a journey does the same
 * whatever runs beside it. Each journey records what its shopper was SHOWN at the end of each checkout:
 * - "order": complete-cart answered an order;
 * - "declined": a definite decline (the card route's session in error with its decline, or a completion whose cart
 *   reads back a declined / failed gateway session, as the storefront kit's completeCart shows it);
 * - "processing": requires_more, still pending, an error that is not a decline, no answer, or the shopper left;
 * with the cart, every payment session the journey saw created (the gateway's order_no) and the order id.
 */
import { rng } from "../crash/driver"
import { CHANGING_COURSE_JOURNEYS } from "./journeys/changing-course"
import { CUSTOMER_JOURNEYS } from "./journeys/customers"
import { LATE_AND_ABANDONED_JOURNEYS } from "./journeys/late-and-abandoned"
import type { JourneyEnv, JourneyKind, JourneyRecord } from "./journeys/record"
import { SINGLE_CHECKOUT_JOURNEYS } from "./journeys/single-checkout"
import { Journey, Trip } from "./journeys/trip"

export type { Checkout, JourneyEnv, JourneyKind, JourneyRecord, SessionSeen, Shown } from "./journeys/record"
export { Trip } from "./journeys/trip"

/** How often each journey is picked (all appear in a run of 40 or more with most seeds). */
export const JOURNEY_WEIGHTS: [JourneyKind, number][] = [
  ["card_plain", 7],
  ["decline_retry", 6],
  ["threeds_pass", 5],
  ["threeds_fail_retry", 5],
  ["risk_review", 4],
  ["apm", 5],
  ["hosted", 5],
  ["switch_methods", 12],
  ["two_tabs", 7],
  ["double_click", 6],
  ["back_after_pay", 6],
  ["late_after_cart_change", 7],
  ["late_after_ttl", 3],
  ["abandon", 7],
  ["saved_card", 4],
  ["subscription", 4],
]

/** The order in which a run's first journeys are dealt, so that a short run still has every kind. */
export function journeyPlan(count: number, seed: number): JourneyKind[] {
  const r = rng(seed * 7919 + 17)
  const total = JOURNEY_WEIGHTS.reduce((s, [, w]) => s + w, 0)
  const draw = (): JourneyKind => {
    let x = r.next() * total
    return JOURNEY_WEIGHTS.find(([, w]) => (x -= w) < 0)![0]
  }
  const kinds = JOURNEY_WEIGHTS.map(([k]) => k)
  // Every kind once (shuffled), then weighted draws.
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = r.int(0, i)
    ;[kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!]
  }
  const out = kinds.slice(0, Math.min(count, kinds.length))
  while (out.length < count) out.push(draw())
  return out
}

/** The journeys. Each runs on its own cart(s) and records what its shopper was shown. */
export const JOURNEYS: Record<JourneyKind, Journey> = {
  ...SINGLE_CHECKOUT_JOURNEYS,
  ...CHANGING_COURSE_JOURNEYS,
  ...LATE_AND_ABANDONED_JOURNEYS,
  ...CUSTOMER_JOURNEYS,
}

/** Runs journey `n` of kind `kind`; never throws (a set-up failure is recorded as the journey's error). */
export async function runJourney(env: JourneyEnv, n: number, kind: JourneyKind): Promise<JourneyRecord> {
  const t = new Trip(env, n, kind)
  const t0 = Date.now()
  try {
    await JOURNEYS[kind](t)
  } catch (e) {
    t.rec.error = (e as Error).message.slice(0, 300)
    t.log(`stopped: ${t.rec.error}`)
    for (const c of t.rec.checkouts)
      if (c.shown !== "order" && c.shown !== "declined")
        t.show("processing", `harness call failed: ${t.rec.error}`, c.final_sessions, c)
  }
  t.rec.ms = Date.now() - t0
  return t.rec
}
