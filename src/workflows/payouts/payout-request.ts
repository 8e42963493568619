import type { PayoutRequest } from "../../lib/gateway"

/** The fields of a payout the admin gives (gateway names); amounts as decimal text or numbers. */
export interface PayoutFields {
  payment_amount: string
  payment_currency: string
  source_amount?: string | null
  source_currency?: string | null
  payment_date?: string | null
  payment_method?: string | null
  fee_paid_by?: string | null
  swift_charge_option?: string | null
  fund_source?: string | null
  reason?: string | null
  reference?: string | null
  beneficiary_id?: string | null
  client_data?: string | null
  beneficiary?: Record<string, unknown> | null
  payer?: Record<string, unknown> | null
}

/** A stored payout record, as far as re-sending it needs. */
export type StoredPayout = PayoutFields & { request_id: string; notify_url?: string | null }

/**
 * The `/v1/payout` request of a stored payout. Rebuilt from the record both to send it and to refresh it: the
 * gateway answers a repeated request_id with the payout's current state instead of paying again.
 */
export function payoutRequestOf(p: StoredPayout): PayoutRequest {
  const req: Record<string, unknown> = {
    request_id: p.request_id,
    payment_amount: p.payment_amount,
    payment_currency: p.payment_currency,
  }
  const optional = [
    "source_amount",
    "source_currency",
    "payment_date",
    "payment_method",
    "fee_paid_by",
    "swift_charge_option",
    "fund_source",
    "reason",
    "reference",
    "beneficiary_id",
    "client_data",
    "beneficiary",
    "payer",
    "notify_url",
  ] as const
  for (const k of optional) {
    const v = p[k]
    if (v !== null && v !== undefined && v !== "") req[k] = v
  }
  return req as PayoutRequest
}
