// @ts-check
"use strict"
/**
 * The sandbox's subscription clock [assumed, sandbox]: real time plus an offset that only moves forward
 * (POST /sandbox/clock) and that reset() sets back to zero. Subscriptions read "now" here, so a test can pass a
 * contract's recurring_deduction_time without waiting; everything else in the sandbox keeps real time.
 */

/** The largest single advance: ten years, so one request cannot ask for an unbounded catch-up. */
const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 60 * 60
const SECONDS_PER_DAY = 24 * 60 * 60

function createClock() {
  let offsetMs = 0
  return {
    /** The clock's current time. */
    now() {
      return new Date(Date.now() + offsetMs)
    },
    /** How far ahead of real time the clock is. */
    offsetSeconds() {
      return offsetMs / 1000
    },
    /** Move forward by whole seconds (validated by parseAdvance). @param {number} seconds */
    advance(seconds) {
      offsetMs += seconds * 1000
    },
    reset() {
      offsetMs = 0
    },
  }
}

/** @typedef {ReturnType<typeof createClock>} Clock */

/**
 * The body of POST /sandbox/clock: `{ advance_seconds: n }` or `{ advance_days: n }`, n a whole number > 0.
 * @param {Record<string, unknown>} body
 * @returns {{ seconds: number } | { field: string, error: string }}
 */
function parseAdvance(body) {
  const hasSeconds = body.advance_seconds !== undefined
  const hasDays = body.advance_days !== undefined
  if (hasSeconds && hasDays) return { field: "advance_days", error: "give advance_seconds or advance_days, not both" }
  if (!hasSeconds && !hasDays) return { field: "advance_seconds", error: "advance_seconds or advance_days is required" }
  const field = hasSeconds ? "advance_seconds" : "advance_days"
  const n = body[field]
  if (typeof n !== "number" || !Number.isInteger(n) || n <= 0)
    return { field, error: `${field} must be a whole number greater than 0` }
  const seconds = hasSeconds ? n : n * SECONDS_PER_DAY
  if (seconds > MAX_ADVANCE_SECONDS) {
    const max = hasSeconds ? MAX_ADVANCE_SECONDS : MAX_ADVANCE_SECONDS / SECONDS_PER_DAY
    return { field, error: `${field} must be at most ${max} (ten years)` }
  }
  return { seconds }
}

module.exports = { createClock, parseAdvance, MAX_ADVANCE_SECONDS }
