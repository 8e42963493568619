// @ts-check
"use strict"
/**
 * Fault rules (contract, "Sandbox control"): `{ path?, fault, rate?, times?, ms? }`; request-faults.js applies
 * the picked faults to a request.
 * - `path` is a prefix of the request path; absent = every gateway path (/v1/*, /api/*).
 *   The special path "notifications" makes a `bad_signature` rule corrupt outgoing notifications instead.
 * - `rate` 0-1 (default 1), `times` how many requests it applies to (default unlimited), `ms` for latency.
 */

const FAULT_KINDS = ["latency", "error5xx", "drop", "malformed", "bad_signature", "foreign_redirect"]
const NOTIFICATIONS_PATH = "notifications"

/**
 * Validate and normalise rules; throws an Error naming the bad rule.
 * @param {unknown} rules
 */
function normaliseRules(rules) {
  if (!Array.isArray(rules)) throw new Error("rules must be an array")
  return rules.map((r, i) => {
    if (!r || typeof r !== "object") throw new Error(`rules[${i}] must be an object`)
    const rule = /** @type {Record<string, any>} */ (r)
    if (!FAULT_KINDS.includes(rule.fault)) throw new Error(`rules[${i}].fault must be one of ${FAULT_KINDS.join(", ")}`)
    if (rule.path !== undefined && (typeof rule.path !== "string" || rule.path === ""))
      throw new Error(`rules[${i}].path must be a non-empty string`)
    if (rule.rate !== undefined && !(typeof rule.rate === "number" && rule.rate >= 0 && rule.rate <= 1))
      throw new Error(`rules[${i}].rate must be a number from 0 to 1`)
    if (rule.times !== undefined && !(Number.isInteger(rule.times) && rule.times >= 0))
      throw new Error(`rules[${i}].times must be a non-negative integer`)
    if (rule.fault === "latency" && !(typeof rule.ms === "number" && Number.isFinite(rule.ms) && rule.ms >= 0))
      throw new Error(`rules[${i}].ms must be a non-negative number for latency`)
    if (rule.ms !== undefined && !(typeof rule.ms === "number" && Number.isFinite(rule.ms) && rule.ms >= 0))
      throw new Error(`rules[${i}].ms must be a non-negative number`)
    return {
      path: rule.path,
      fault: rule.fault,
      rate: rule.rate === undefined ? 1 : rule.rate,
      times: rule.times === undefined ? null : rule.times,
      ms: rule.ms === undefined ? 0 : rule.ms,
      applied: 0,
    }
  })
}

/**
 * @typedef {{ latencyMs: number, error5xx: boolean, drop: boolean, malformed: boolean, badSignature: boolean, foreignRedirect: boolean }} FaultPick
 */

/**
 * No fault: what a request gets when no rule applies (and every request that is not the gateway's).
 * @type {FaultPick}
 */
const NO_FAULT = {
  latencyMs: 0,
  error5xx: false,
  drop: false,
  malformed: false,
  badSignature: false,
  foreignRedirect: false,
}

function createFaults() {
  /** @type {ReturnType<typeof normaliseRules>} */
  let rules = []

  /** @param {any} rule */
  function use(rule) {
    if (rule.times !== null && rule.applied >= rule.times) return false
    if (rule.rate < 1 && Math.random() >= rule.rate) return false
    rule.applied += 1
    return true
  }

  return {
    /** Replace the rules. @param {unknown} next */
    set(next) {
      rules = normaliseRules(next)
      return this.list()
    },
    clear() {
      rules = []
    },
    list() {
      return rules.map((r) => ({ ...r, remaining: r.times === null ? null : Math.max(0, r.times - r.applied) }))
    },
    /**
     * The faults that apply to one gateway request (consumes `times`).
     * @param {string} path
     * @returns {FaultPick}
     */
    pick(path) {
      /** @type {FaultPick} */
      const out = { ...NO_FAULT }
      for (const r of rules) {
        if (r.path === NOTIFICATIONS_PATH) continue
        if (r.path !== undefined && !path.startsWith(r.path)) continue
        if (!use(r)) continue
        if (r.fault === "latency") out.latencyMs += r.ms
        else if (r.fault === "error5xx") out.error5xx = true
        else if (r.fault === "drop") out.drop = true
        else if (r.fault === "malformed") out.malformed = true
        else if (r.fault === "bad_signature") out.badSignature = true
        else if (r.fault === "foreign_redirect") out.foreignRedirect = true
      }
      return out
    },
    /** Whether an outgoing notification gets a corrupted signature (consumes `times`). */
    corruptNotification() {
      let hit = false
      for (const r of rules) {
        if (r.path === NOTIFICATIONS_PATH && r.fault === "bad_signature" && use(r)) hit = true
      }
      return hit
    },
  }
}

module.exports = { createFaults, normaliseRules, FAULT_KINDS, NOTIFICATIONS_PATH, NO_FAULT }
