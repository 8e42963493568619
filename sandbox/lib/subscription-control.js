// @ts-check
"use strict"
/**
 * Control routes of the subscription clock and the recurring contracts [assumed, sandbox]:
 *   GET  /sandbox/clock                          { now, offset_seconds }
 *   POST /sandbox/clock                          { advance_seconds | advance_days } -> { now, offset_seconds, deductions }
 *   GET  /sandbox/subscriptions[/{recurring_id}] the contracts with their deductions
 *   POST /sandbox/subscriptions/{recurring_id}   { next_deduction: "decline" | "approve" }
 */
const { parseAdvance } = require("./clock")
const subs = require("./subscriptions")

/** @param {number} status @param {any} json */
const reply = (status, json) => ({ status, json })

/**
 * Move the clock forward and make every deduction that became due, oldest first.
 * @param {any} ctx @param {number} seconds (validated)
 */
function advanceClock(ctx, seconds) {
  ctx.clock.advance(seconds)
  const deductions = subs.runDue(ctx)
  return { ...clockView(ctx), deductions }
}

/** @param {any} ctx */
function clockView(ctx) {
  return { now: ctx.clock.now().toISOString(), offset_seconds: ctx.clock.offsetSeconds() }
}

/** /sandbox/clock. @param {any} ctx @param {string} method @param {any} body */
function clockRoute(ctx, method, body) {
  if (method === "GET") return reply(200, clockView(ctx))
  if (method !== "POST") return null
  const parsed = parseAdvance(body && typeof body === "object" ? body : {})
  if ("error" in parsed) return reply(400, { error: parsed.error, field: parsed.field })
  return reply(200, advanceClock(ctx, parsed.seconds))
}

/**
 * /sandbox/subscriptions and /sandbox/subscriptions/{recurring_id}.
 * @param {any} ctx @param {string} method @param {string | undefined} id @param {any} body
 */
function subscriptionsRoute(ctx, method, id, body) {
  if (id === undefined)
    return method === "GET" ? reply(200, [...ctx.store.subscriptions.values()].map(subs.subscriptionState)) : null
  if (method !== "GET" && method !== "POST") return null
  const rec = ctx.store.subscriptions.get(id)
  if (!rec) return reply(404, { error: `no subscription ${id}` })
  if (method === "GET") return reply(200, subs.subscriptionState(rec))
  const next = body && body.next_deduction
  if (next !== "decline" && next !== "approve")
    return reply(400, { error: 'next_deduction must be "decline" or "approve"', field: "next_deduction" })
  if (rec.recurring_status !== "1")
    return reply(409, { error: `subscription ${id} is not active`, subscription: subs.subscriptionState(rec) })
  rec.next_deduction = next
  return reply(200, subs.subscriptionState(rec))
}

module.exports = { advanceClock, clockRoute, subscriptionsRoute }
