/**
 * The payments dashboard's figures, computed from the daily roll-ups (one row per day and combination of
 * provider, card brand, currency, outcome, 3-D Secure and decline reason, with its count; one row per day, kind,
 * provider, brand and currency of money, with its count and sum): a few thousand rows for a month whatever the
 * number of attempts. Pure; money is summed exactly in minor units.
 */
import { fromMinorUnits, toMinorUnits } from "../lib/gateway"
import { AttemptOutcome, gatewayProviderId, GatewayMethod, MoneyKind, ThreeDs } from "../domain"
import { UNKNOWN_CARD_BRAND as UNKNOWN_BRAND } from "../api/admin/gateway/schemas/dashboard"
import type {
  DashboardBreakdown,
  DashboardCounts,
  DashboardDay,
  DashboardMoney,
  PaymentsDashboard,
} from "../types/http"

/** One row of `gateway_payment_day`. */
export interface AttemptDayRow {
  day: string
  method: GatewayMethod
  /** "" when unknown. */
  card_brand: string
  currency: string
  outcome: AttemptOutcome
  /** "" when 3-D Secure did not start. */
  threeds: ThreeDs | ""
  decline_code: string
  decline_message: string
  attempts: number
}

/** One row of `gateway_money_day`. */
export interface MoneyDayRow {
  day: string
  kind: MoneyKind
  method: GatewayMethod
  card_brand: string
  currency: string
  count: number
  /** Decimal text, the sum of the movements. */
  amount: string
}

export interface DashboardFilters {
  provider_id?: string | null
  card_brand?: string | null
  currency?: string | null
}

export interface DashboardPeriod {
  from: string
  to: string
}

const emptyCounts = (): DashboardCounts => ({
  attempts: 0,
  approved: 0,
  declined: 0,
  pending: 0,
  review: 0,
  unknown: 0,
  canceled: 0,
  approval_rate: null,
})
const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null)

function add(counts: DashboardCounts, row: AttemptDayRow) {
  counts.attempts += row.attempts
  counts[row.outcome] += row.attempts
  counts.approval_rate = rate(counts.approved, counts.attempts)
}

/** The days from `from` to `to`, both included (YYYY-MM-DD). */
export function daysOf({ from, to }: DashboardPeriod): string[] {
  const out: string[] = []
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000)
    out.push(new Date(t).toISOString().slice(0, 10))
  return out
}

const brandOf = (row: { card_brand: string }) => row.card_brand || UNKNOWN_BRAND

function matches(row: { method: GatewayMethod; card_brand: string; currency: string }, f: DashboardFilters): boolean {
  return (
    (!f.provider_id || gatewayProviderId(row.method) === f.provider_id) &&
    (!f.card_brand || brandOf(row) === f.card_brand) &&
    (!f.currency || row.currency === f.currency)
  )
}

function breakdown(rows: AttemptDayRow[], keyOf: (r: AttemptDayRow) => string): DashboardBreakdown[] {
  const by = new Map<string, DashboardBreakdown>()
  for (const r of rows) {
    const key = keyOf(r)
    const b = by.get(key) ?? { key, ...emptyCounts() }
    add(b, r)
    by.set(key, b)
  }
  return [...by.values()].sort((a, b) => b.attempts - a.attempts || a.key.localeCompare(b.key))
}

/** The dashboard of `period` from its roll-up rows, `filters` applied; `threshold` is the chargeback ratio's (a fraction). */
export function paymentsDashboard(
  attemptRows: AttemptDayRow[],
  moneyRows: MoneyDayRow[],
  period: DashboardPeriod,
  filters: DashboardFilters,
  threshold: number
): PaymentsDashboard {
  const options = {
    providers: [...new Set([...attemptRows, ...moneyRows].map((r) => gatewayProviderId(r.method)))].sort(),
    card_brands: [...new Set([...attemptRows, ...moneyRows].map(brandOf))].sort(),
    currencies: [...new Set([...attemptRows, ...moneyRows].map((r) => r.currency))].sort(),
  }
  const rows = attemptRows.filter((r) => r.attempts && matches(r, filters))
  const money = moneyRows.filter((r) => r.count && matches(r, filters))

  const totals = emptyCounts()
  const threeds = { started: 0, passed: 0, failed: 0, not_finished: 0 }
  const completion = {
    hosted: { started: 0, completed: 0, rate: null as number | null },
    apm: { started: 0, completed: 0, rate: null as number | null },
  }
  const days = new Map<string, DashboardDay>(
    daysOf(period).map((date) => [
      date,
      {
        date,
        ...emptyCounts(),
        threeds_started: 0,
        threeds_passed: 0,
        threeds_failed: 0,
        hosted_started: 0,
        hosted_completed: 0,
        apm_started: 0,
        apm_completed: 0,
        chargebacks: 0,
      },
    ])
  )
  const declines = new Map<string, { code: string | null; message: string | null; count: number }>()
  for (const r of rows) {
    add(totals, r)
    const day = days.get(r.day)
    if (day) add(day, r)
    if (r.threeds) {
      threeds.started += r.attempts
      if (r.threeds === "passed") threeds.passed += r.attempts
      else if (r.threeds === "failed") threeds.failed += r.attempts
      else threeds.not_finished += r.attempts
      if (day) {
        day.threeds_started += r.attempts
        if (r.threeds === "passed") day.threeds_passed += r.attempts
        if (r.threeds === "failed") day.threeds_failed += r.attempts
      }
    }
    if (r.method !== "card") {
      const c = completion[r.method]
      c.started += r.attempts
      if (r.outcome === "approved") c.completed += r.attempts
      if (day) {
        day[`${r.method}_started`] += r.attempts
        if (r.outcome === "approved") day[`${r.method}_completed`] += r.attempts
      }
    }
    if (r.outcome === "declined") {
      const key = `${r.decline_code}\u0000${r.decline_message}`
      const d = declines.get(key) ?? { code: r.decline_code || null, message: r.decline_message || null, count: 0 }
      d.count += r.attempts
      declines.set(key, d)
    }
  }
  completion.hosted.rate = rate(completion.hosted.completed, completion.hosted.started)
  completion.apm.rate = rate(completion.apm.completed, completion.apm.started)

  // Money, exactly: minor units per currency (and per day and currency).
  const FIELD: Record<MoneyKind, "captured" | "refunded" | "charged_back"> = {
    capture: "captured",
    refund: "refunded",
    chargeback: "charged_back",
  }
  const COUNT: Record<MoneyKind, "captures" | "refunds" | "chargebacks"> = {
    capture: "captures",
    refund: "refunds",
    chargeback: "chargebacks",
  }
  type Sums = Record<"captured" | "refunded" | "charged_back", bigint>
  const perCurrency = new Map<string, { sums: Sums; counts: Record<"captures" | "refunds" | "chargebacks", number> }>()
  const perDay = new Map<string, Sums>()
  let chargebacks = 0
  for (const m of money) {
    const minor = toMinorUnits(m.amount, m.currency, { allowNegative: true })
    const c = perCurrency.get(m.currency) ?? {
      sums: { captured: 0n, refunded: 0n, charged_back: 0n },
      counts: { captures: 0, refunds: 0, chargebacks: 0 },
    }
    c.sums[FIELD[m.kind]] += minor
    c.counts[COUNT[m.kind]] += m.count
    perCurrency.set(m.currency, c)
    const dayKey = `${m.day}|${m.currency}`
    const d = perDay.get(dayKey) ?? { captured: 0n, refunded: 0n, charged_back: 0n }
    d[FIELD[m.kind]] += minor
    perDay.set(dayKey, d)
    if (m.kind === "chargeback") {
      chargebacks += m.count
      const day = days.get(m.day)
      if (day) day.chargebacks += m.count
    }
  }
  const moneyOut: DashboardMoney[] = [...perCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, { sums, counts }]) => ({
      currency,
      captured: fromMinorUnits(sums.captured, currency),
      refunded: fromMinorUnits(sums.refunded, currency),
      charged_back: fromMinorUnits(sums.charged_back, currency),
      ...counts,
    }))
  const moneyDays = [...perDay.entries()]
    .map(([key, sums]) => {
      const [date, currency] = key.split("|") as [string, string]
      return {
        date,
        currency,
        captured: fromMinorUnits(sums.captured, currency),
        refunded: fromMinorUnits(sums.refunded, currency),
        charged_back: fromMinorUnits(sums.charged_back, currency),
      }
    })
    .sort((a, b) => a.date.localeCompare(b.date) || a.currency.localeCompare(b.currency))

  const ratio = rate(chargebacks, totals.approved)
  return {
    from: period.from,
    to: period.to,
    time_zone: "UTC",
    filters: {
      provider_id: filters.provider_id ?? null,
      card_brand: filters.card_brand ?? null,
      currency: filters.currency ?? null,
    },
    totals,
    threeds,
    completion,
    days: [...days.values()],
    declines: [...declines.values()].sort(
      (a, b) => b.count - a.count || (a.code ?? "\uffff").localeCompare(b.code ?? "\uffff")
    ),
    money: moneyOut,
    money_days: moneyDays,
    chargeback_ratio: {
      chargebacks,
      approved: totals.approved,
      ratio,
      threshold,
      over: ratio !== null && ratio >= threshold,
    },
    by: {
      provider: breakdown(rows, (r) => gatewayProviderId(r.method)),
      card_brand: breakdown(rows, brandOf),
      currency: breakdown(rows, (r) => r.currency),
    },
    options,
  }
}
