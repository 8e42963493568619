/** The shapes the plugin's admin routes answer (src/api/admin/gateway/**). */

export type ListResponse<K extends string, T> = { [key in K]: T[] } & { count: number; offset: number; limit: number }

export type RefundRecord = { reference: string; refund_reference_id: string | null; amount: string; status: string }

export type GatewaySessionData = {
  order_no?: string
  method?: string
  amount?: string
  currency?: string
  transaction_id?: string | null
  gateway_state?: string | null
  card_mask?: string | null
  /** A saved card this payment saved (`save`) or was paid with (`pay`): brand and last 4 only. */
  saved_card?: { use: "save" | "pay"; id: string | null; brand: string | null; last4: string } | null
  threeds_result?: string | null
  payment_method?: string | null
  decline?: { code: string; message: string } | null
  outcome_unknown?: boolean
  discrepancy?: string | null
  captures?: CaptureRecord[]
  refunds?: RefundRecord[]
}

export type CaptureRecord = { id: string; amount: string; status: string }

export type DisputeRecord = { dispute_id: string | null; amount: string | null; reason: string | null; status: string | null; at?: string }

export type GatewayPayment = {
  id: string
  order_no: string
  transaction_id: string | null
  gateway_state: string | null
  payment_status: string | null
  threeds_result: string | null
  risk_action: string | null
  risk_score: string | null
  risk_reasons: unknown
  review_status: string | null
  disputes: unknown
  refunds: RefundRecord[] | null
  last_notification_at: string | null
  last_reconciled_at: string | null
  discrepancy: string | null
}

export type GatewayNotification = {
  id: string
  notify_type: string | null
  verified: boolean
  status: string | null
  result: string | null
  received_at: string
  processed_at: string | null
}

export type GatewayPaymentDetails = {
  payment_session: {
    id: string
    provider_id: string
    status: string
    amount: number
    currency_code: string
    data: GatewaySessionData | null
    payment_id: string | null
  }
  payment: { id: string; data: GatewaySessionData | null; captured_at: string | null; canceled_at: string | null } | null
  gateway_payment: GatewayPayment | null
  notifications: GatewayNotification[]
}

export type Party = Record<string, unknown> & {
  entity_type?: string
  company_name?: string
  first_name?: string
  last_name?: string
  address?: Record<string, unknown>
  bank_details?: Record<string, unknown>
}

export type Payout = {
  id: string
  request_id: string
  status: "PENDING" | "UNKNOWN" | "PROCESSING" | "COMPLETED" | "FAILED"
  payment_amount: string
  payment_currency: string
  source_amount: string | null
  source_currency: string | null
  payment_date: string | null
  payment_method: string | null
  fee_paid_by: string | null
  reason: string | null
  reference: string | null
  beneficiary_id: string | null
  beneficiary: Party | null
  payer: Party | null
  amount_beneficiary_receives: string | null
  amount_payer_pays: string | null
  fee_amount: string | null
  fee_currency: string | null
  failure_reason: string | null
  failure_type: string | null
  transaction_id: string | null
  short_reference_id: string | null
  last_notification_at: string | null
  created_by: string | null
  created_at: string
  updated_at: string
}

export type Cardholder = {
  id: string
  gateway_cardholder_id: string
  first_name: string
  last_name: string
  email: string
  mobile_prefix: string | null
  mobile: string | null
  birth_date: string | null
  billing_country: string | null
  billing_state: string | null
  billing_city: string | null
  billing_address: string | null
  billing_postal: string | null
  remark: string | null
  status: "active" | "deleted"
  last_synced_at: string | null
  created_at: string
}

export type Card = {
  id: string
  gateway_card_id: string
  cardholder_id: string
  gateway_cardholder_id: string | null
  group_id: string
  gateway_group_id: string | null
  alias: string | null
  last4: string | null
  expiry_month: string | null
  expiry_year: string | null
  currency: string | null
  charge_amount: string | null
  amount_limit: string | null
  balance: string | null
  card_type: string | null
  is_one_time: boolean | null
  status: "active" | "blocked" | "closed"
  valid_start_date: string | null
  valid_end_date: string | null
  last_synced_at: string | null
  created_at: string
}

export type CardGroup = {
  id: string
  gateway_group_id: string
  name: string | null
  currency: string
  country_code: string | null
  balance: string | null
  status: "active" | "closed"
  last_synced_at: string | null
  created_at: string
}

export type SyncRun = {
  id: string
  job: "order_sync" | "refund_sync"
  status: "running" | "succeeded" | "failed"
  started_at: string
  finished_at: string | null
  checked: number
  changed: number
  requests: number
  discrepancies: { items?: { order_no: string; reason: string }[] } | null
  error: string | null
}

export type RevealedCard = { id: string; number: string | null; cvv: string | null; expiry_month: string | null; expiry_year: string | null }
