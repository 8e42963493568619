import type { PayoutResponse } from "../../../lib/gateway"
import { dateOrNull, decimalAmount } from "./amounts"

export type PayoutStatus = "PENDING" | "UNKNOWN" | "PROCESSING" | "COMPLETED" | "FAILED"

const RANK: Record<PayoutStatus, number> = { PENDING: 0, UNKNOWN: 0, PROCESSING: 1, COMPLETED: 2, FAILED: 2 }

/** The gateway's payout status; anything unexpected counts as still processing (never as final). */
export function payoutStatusOf(status: string | null | undefined): PayoutStatus {
  const s = String(status ?? "").toUpperCase()
  return s === "COMPLETED" || s === "FAILED" || s === "PROCESSING" ? s : "PROCESSING"
}

/**
 * The status a payout moves to when the gateway reports `next`. A payout never moves backwards: a late
 * PROCESSING (a delayed answer or notification) does not reopen a COMPLETED or FAILED payout, and a final
 * status is never replaced by the other final one.
 */
export function nextPayoutStatus(current: PayoutStatus, next: PayoutStatus): PayoutStatus {
  if (RANK[current] === 2) return current
  return RANK[next] >= RANK[current] ? next : current
}

/**
 * What a report of the gateway (an answer or a notification) changes on a payout that is `current`: its status
 * (nextPayoutStatus) and, only when the report moves the payout forward or says what it is, its details, so a
 * stale report never overwrites a final fee or failure reason.
 */
export function payoutUpdate(current: PayoutStatus, reported: PayoutStatus, fields: Record<string, unknown>) {
  const status = nextPayoutStatus(current, reported)
  return { status, fields: status !== current || status === reported ? fields : {} }
}

const text = (v: unknown): string | null => (v === null || v === undefined || v === "" ? null : String(v))

/** The gateway-reported fields of a payout (answer or notification) as the module's fields, status aside. */
export function payoutFieldsFromGateway(r: Partial<PayoutResponse> & Record<string, unknown>) {
  const feeCurrency = text(r.fee_currency) ?? text(r.payment_currency)
  const currency = text(r.payment_currency)
  const out: Record<string, unknown> = {
    amount_beneficiary_receives: decimalAmount(r.amount_beneficiary_receives as number | undefined, currency),
    amount_payer_pays: decimalAmount(r.amount_payer_pays as number | undefined, currency),
    fee_amount: decimalAmount(r.fee_amount as number | undefined, feeCurrency),
    fee_currency: feeCurrency,
    failure_reason: text(r.failure_reason),
    failure_type: text(r.failure_type),
    transaction_id: text(r.transaction_id),
    short_reference_id: text(r.short_reference_id),
    payer_id: text(r.payer_id),
    gateway_created_at: dateOrNull(text(r.created_at)),
    gateway_updated_at: dateOrNull(text(r.last_updated_at)),
  }
  // Keep what is known when a notification omits a field.
  for (const k of Object.keys(out)) if (out[k] === null) delete out[k]
  return out
}
