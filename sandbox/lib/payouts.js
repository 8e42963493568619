// @ts-check
"use strict"
/**
 * Payout (/v1/payout): idempotent by request_id; PROCESSING, then COMPLETED or FAILED after the payout delay,
 * with a PAYOUT notification. A `reference` containing FAIL fails (contract, "Payout").
 */
const crypto = require("node:crypto")
const money = require("./money")
const time = require("./time")
const v = require("./validation")
const signing = require("./signing")
const events = require("./events")
const { errorResponse, checkEnvelope, checkMerchant, checkSignature } = require("./acquiring-common")

const ECHOED = [
  "merchant_id",
  "account_id",
  "beneficiary_id",
  "client_data",
  "fee_paid_by",
  "payment_amount",
  "payment_currency",
  "payment_date",
  "payment_method",
  "reason",
  "reference",
  "request_id",
  "source_amount",
  "source_currency",
  "swift_charge_option",
  "fund_source",
]

/** Local clearing system by bank country (sandbox table). */
const CLEARING = {
  US: "ACH",
  GB: "FASTER_PAYMENTS",
  AU: "BECS",
  CA: "EFT",
  CN: "CNAPS",
  HK: "FPS",
  SG: "FAST",
  IN: "NEFT",
  BR: "PIX",
  MX: "SPEI",
}
const SEPA = new Set([
  "AT",
  "BE",
  "CY",
  "DE",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PT",
  "SI",
  "SK",
])

const FAILURE = { reason: "Beneficiary account closed", type: "BENEFICIARY_ACCOUNT" }

/** @param {Record<string, any>} body */
function validatePayout(body) {
  const e =
    checkEnvelope(body, ["request_id", "payment_currency", "payment_amount"]) ||
    v.checkAmounts(body, "payment_currency", ["payment_amount"], "", { positive: ["payment_amount"] })
  if (e) return e
  if (!v.isBlank(body.source_currency) || !v.isBlank(body.source_amount)) {
    const s = v.checkAmounts(body, "source_currency", ["source_amount"])
    if (s) return s
  }
  if (!v.isBlank(body.payment_date) && !v.isDate(body.payment_date))
    return v.fail("I0002", "payment_date", "payment_date must be year-month-day")
  for (const f of ["beneficiary", "payer"]) {
    const x = body[f]
    if (x !== undefined && x !== "" && (typeof x !== "object" || x === null || Array.isArray(x)))
      return v.fail("I0002", f, `${f} must be an object (JSON text in a form body)`)
  }
  if (!v.isBlank(body.fee_paid_by) && !["PAYER", "BENEFICIARY", "SHARED"].includes(body.fee_paid_by))
    return v.fail("I0002", "fee_paid_by", "fee_paid_by must be PAYER, BENEFICIARY or SHARED")
  if (!v.isBlank(body.notify_url) && !v.isHttpUrl(body.notify_url))
    return v.fail("I0002", "notify_url", "notify_url must be an http(s) URL")
  return null
}

/** The beneficiary as echoed: bank_details carries local_clearing_system and no bank_code. @param {any} b */
function echoBeneficiary(b) {
  if (!b || typeof b !== "object") return undefined
  const out = { ...b }
  if (b.bank_details && typeof b.bank_details === "object") {
    const { bank_code, ...bank } = b.bank_details
    const country = String(bank.bank_country_code || "").toUpperCase()
    out.bank_details = {
      ...bank,
      local_clearing_system: SEPA.has(country) ? "SEPA" : /** @type {any} */ (CLEARING)[country] || "SWIFT",
    }
  }
  return out
}

/** The payout response fields. @param {any} ctx @param {any} p */
function payoutView(ctx, p) {
  /** @type {Record<string, any>} */
  const out = {}
  for (const f of ECHOED) out[f] = p.request[f] === undefined || p.request[f] === null ? "" : p.request[f]
  const beneficiary = echoBeneficiary(p.request.beneficiary)
  if (beneficiary) out.beneficiary = beneficiary
  if (p.request.payer && typeof p.request.payer === "object") out.payer = { ...p.request.payer }
  const cur = p.request.payment_currency
  Object.assign(out, {
    amount_beneficiary_receives: money.toNumber(p.receives_minor, cur),
    amount_payer_pays: money.toNumber(p.pays_minor, cur),
    created_at: time.isoOffset(p.created_at),
    last_updated_at: time.isoOffset(p.updated_at),
    failure_reason: p.failure_reason,
    failure_type: p.failure_type,
    fee_amount: money.toNumber(p.fee_minor, cur),
    fee_currency: cur,
    payer_id: p.payer_id,
    transaction_id: p.transaction_id,
    short_reference_id: p.short_reference_id,
    status: p.status,
  })
  out.encryption_data = signing.acquiringSign(out, signing.ACQUIRING_FIELDS.payoutNotification, ctx.options.signKey)
  return out
}

/** POST /v1/payout. @param {any} ctx @param {any} info */
function payout(ctx, info) {
  const body = info.body
  const e = validatePayout(body) || checkMerchant(ctx, body) || checkSignature(ctx, "/v1/payout", body)
  if (e) return errorResponse(e)
  const key = `${body.merchant_id}/${body.request_id}`
  const existing = ctx.store.payouts.get(key)
  if (existing) return { status: 200, json: payoutView(ctx, existing) }

  const cur = body.payment_currency
  const amount = /** @type {bigint} */ (money.parseStrict(body.payment_amount, cur))
  const fee = 5n * 10n ** BigInt(money.exponentOf(cur))
  const feePaidBy = body.fee_paid_by || "PAYER"
  const beneficiaryShare = feePaidBy === "BENEFICIARY" ? fee : feePaidBy === "SHARED" ? fee / 2n : 0n
  const now = new Date()
  ctx.store.seq.payout += 1
  const p = {
    key,
    request: JSON.parse(JSON.stringify(body)),
    notify_url: body.notify_url || "",
    status: "PROCESSING",
    failure_reason: "",
    failure_type: "",
    fee_minor: fee,
    receives_minor: amount - beneficiaryShare,
    pays_minor: amount + (fee - beneficiaryShare),
    created_at: now,
    updated_at: now,
    transaction_id: crypto.randomUUID(),
    short_reference_id: `${time.digits8(now).slice(2)}-${String(ctx.store.seq.payout).padStart(6, "0")}`,
    payer_id: crypto.randomUUID(),
    timer: /** @type {any} */ (null),
  }
  ctx.store.payouts.set(key, p)
  const answer = payoutView(ctx, p)
  const delay = ctx.options.payoutDelayMs
  if (!(delay > 0)) settlePayout(ctx, p)
  else p.timer = ctx.timers.after(delay, () => settlePayout(ctx, p))
  return { status: 200, json: answer }
}

/** PROCESSING -> COMPLETED or FAILED, then notify. @param {any} ctx @param {any} p */
function settlePayout(ctx, p) {
  if (p.status !== "PROCESSING") return false
  p.timer = null
  if (String(p.request.reference || "").includes("FAIL")) {
    p.status = "FAILED"
    p.failure_reason = FAILURE.reason
    p.failure_type = FAILURE.type
  } else {
    p.status = "COMPLETED"
  }
  p.updated_at = new Date()
  events.notifyPayout(ctx, p, payoutView(ctx, p))
  return true
}

/** JSON-safe stored state for GET /sandbox/payouts. @param {any} ctx @param {any} p */
function payoutState(ctx, p) {
  return { ...payoutView(ctx, p), notify_url: p.notify_url }
}

module.exports = { payout, payoutView, payoutState, settlePayout, FAILURE }
