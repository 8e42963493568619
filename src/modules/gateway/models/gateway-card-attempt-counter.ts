import { model } from "@medusajs/framework/utils"

/**
 * The card-attempt caps' counters (src/modules/gateway/card-attempt-counters.ts), one row per key in its current
 * window: shared by every Medusa instance on this database. A key is a cap and what it counts (a client address,
 * a session or cart id, or a card's keyed hash, never its number); rows whose window is over are deleted.
 */
export const GatewayCardAttemptCounter = model.define("gateway_card_attempt_counter", {
  key: model.text().primaryKey(),
  /** Posts counted in the window, this one included. */
  hits: model.number(),
  /** The window started with the key's first post and ends here (the database's clock). */
  window_ends_at: model.dateTime().index(),
})
