/** The payments dashboard (GET /admin/gateway/dashboard): figures over a period of whole days, in UTC. */

/** Attempts by outcome, and the share approved (null without attempts). */
export interface DashboardCounts {
  attempts: number
  approved: number
  declined: number
  /** Waiting for the shopper (3-D Secure, APM, hosted page) or for the gateway. */
  pending: number
  /** Held for the gateway's risk review. */
  review: number
  /** The gateway's answer was lost and the order query has not told yet. */
  unknown: number
  /** Voided before it was approved (a held or unknown payment). */
  canceled: number
  /** approved ÷ attempts. */
  approval_rate: number | null
}

export interface DashboardDay extends DashboardCounts {
  /** YYYY-MM-DD (UTC). */
  date: string
  threeds_started: number
  threeds_passed: number
  threeds_failed: number
  hosted_started: number
  hosted_completed: number
  apm_started: number
  apm_completed: number
  chargebacks: number
}

/** Declined attempts per reason: the gateway's code and its words (null: the gateway gave none). */
export interface DashboardDecline {
  code: string | null
  message: string | null
  count: number
}

/** Money per currency, exact decimal text in the currency's decimals. */
export interface DashboardMoney {
  currency: string
  captured: string
  refunded: string
  charged_back: string
  captures: number
  refunds: number
  chargebacks: number
}

export interface DashboardMoneyDay {
  date: string
  currency: string
  captured: string
  refunded: string
  charged_back: string
}

/** Attempts of one provider, card brand or currency. */
export interface DashboardBreakdown extends DashboardCounts {
  /** A provider id (pp_gateway_card...), a card brand ("unknown": none known), or a currency code. */
  key: string
}

export interface DashboardCompletion {
  started: number
  completed: number
  /** completed ÷ started (null when none started). */
  rate: number | null
}

export interface PaymentsDashboard {
  /** The period, first and last day included (YYYY-MM-DD, UTC). */
  from: string
  to: string
  time_zone: "UTC"
  filters: { provider_id: string | null; card_brand: string | null; currency: string | null }
  totals: DashboardCounts
  threeds: { started: number; passed: number; failed: number; not_finished: number }
  completion: { hosted: DashboardCompletion; apm: DashboardCompletion }
  /** Every day of the period, oldest first (days without attempts included). */
  days: DashboardDay[]
  /** Most frequent first. */
  declines: DashboardDecline[]
  money: DashboardMoney[]
  /** Per day and currency, only days with money. */
  money_days: DashboardMoneyDay[]
  /** Chargebacks booked in the period ÷ attempts approved in the period; `over` when at or over the store's threshold (a fraction). */
  chargeback_ratio: { chargebacks: number; approved: number; ratio: number | null; threshold: number; over: boolean }
  by: { provider: DashboardBreakdown[]; card_brand: DashboardBreakdown[]; currency: DashboardBreakdown[] }
  /** The filters' choices: what the period holds (whatever is filtered). */
  options: { providers: string[]; card_brands: string[]; currencies: string[] }
}

export type AdminGatewayDashboardResponse = { dashboard: PaymentsDashboard }
