import { AttemptDayRow, daysOf, MoneyDayRow, paymentsDashboard } from "../figures"
import { AdminGatewayDashboardSchema, dashboardPeriod } from "../../api/admin/gateway/schemas/dashboard"
import { chargebackThreshold, validateModuleOptions } from "../../modules/gateway/options"

const row = (patch: Partial<AttemptDayRow>): AttemptDayRow => ({
  day: "2026-11-02",
  method: "card",
  card_brand: "visa",
  currency: "USD",
  outcome: "approved",
  threeds: "",
  decline_code: "",
  decline_message: "",
  attempts: 1,
  ...patch,
})
const money = (patch: Partial<MoneyDayRow>): MoneyDayRow => ({
  day: "2026-11-02",
  kind: "capture",
  method: "card",
  card_brand: "visa",
  currency: "USD",
  count: 1,
  amount: "10.00",
  ...patch,
})
const period = { from: "2026-11-01", to: "2026-11-03" }

describe("the payments dashboard's figures from the daily roll-ups", () => {
  const attempts = [
    row({ attempts: 6 }),
    row({ outcome: "declined", decline_code: "D0002", decline_message: "Card declined", attempts: 2 }),
    row({
      day: "2026-11-03",
      outcome: "declined",
      threeds: "failed",
      decline_code: "D0005",
      decline_message: "3-D Secure authentication failed",
      attempts: 1,
    }),
    row({ day: "2026-11-03", threeds: "passed", attempts: 3 }),
    row({ day: "2026-11-03", outcome: "pending", threeds: "started", attempts: 1 }),
    row({ method: "hosted", card_brand: "", outcome: "approved", attempts: 2 }),
    row({ method: "hosted", card_brand: "", outcome: "pending", attempts: 1 }),
    row({ method: "apm", card_brand: "", currency: "EUR", outcome: "declined", attempts: 1 }),
    row({ day: "2026-10-31", attempts: 50 }), // outside the period: the reader never returns it, and it is ignored
  ].filter((r) => r.day >= period.from)
  const moneyRows = [
    money({ count: 2, amount: "20.00" }),
    money({ day: "2026-11-03", count: 1, amount: "0.10" }),
    money({ day: "2026-11-03", kind: "refund", count: 2, amount: "4.05" }),
    money({ day: "2026-11-03", kind: "chargeback", count: 1, amount: "10.00" }),
    money({ currency: "JPY", count: 1, amount: "1500" }),
  ]
  const d = paymentsDashboard(attempts, moneyRows, period, {}, 0.01)

  it("counts attempts by outcome per day and in all, with the approval rate", () => {
    expect(d.totals).toEqual({
      attempts: 17,
      approved: 11,
      declined: 4,
      pending: 2,
      review: 0,
      unknown: 0,
      canceled: 0,
      approval_rate: 11 / 17,
    })
    expect(d.days.map((x) => [x.date, x.attempts, x.approved])).toEqual([
      ["2026-11-01", 0, 0],
      ["2026-11-02", 12, 8],
      ["2026-11-03", 5, 3],
    ])
    expect(d.days[0]!.approval_rate).toBeNull()
  })

  it("3-D Secure, hosted and APM completion, decline reasons most frequent first", () => {
    expect(d.threeds).toEqual({ started: 5, passed: 3, failed: 1, not_finished: 1 })
    expect(d.completion).toEqual({
      hosted: { started: 3, completed: 2, rate: 2 / 3 },
      apm: { started: 1, completed: 0, rate: 0 },
    })
    expect(d.declines).toEqual([
      { code: "D0002", message: "Card declined", count: 2 },
      { code: "D0005", message: "3-D Secure authentication failed", count: 1 },
      { code: null, message: null, count: 1 },
    ])
  })

  it("money per currency, exactly, and the chargeback ratio against the threshold", () => {
    expect(d.money).toEqual([
      { currency: "JPY", captured: "1500", refunded: "0", charged_back: "0", captures: 1, refunds: 0, chargebacks: 0 },
      {
        currency: "USD",
        captured: "20.10",
        refunded: "4.05",
        charged_back: "10.00",
        captures: 3,
        refunds: 2,
        chargebacks: 1,
      },
    ])
    expect(d.money_days.map((m) => [m.date, m.currency, m.captured])).toEqual([
      ["2026-11-02", "JPY", "1500"],
      ["2026-11-02", "USD", "20.00"],
      ["2026-11-03", "USD", "0.10"],
    ])
    expect(d.chargeback_ratio).toEqual({ chargebacks: 1, approved: 11, ratio: 1 / 11, threshold: 0.01, over: true })
    expect(paymentsDashboard(attempts, moneyRows, period, {}, 0.1).chargeback_ratio.over).toBe(false)
  })

  it("filters by provider, card brand (unknown: none known) and currency, and lists the choices of the period", () => {
    expect(
      paymentsDashboard(attempts, moneyRows, period, { provider_id: "pp_gateway_hosted" }, 0.01).totals.attempts
    ).toBe(3)
    expect(paymentsDashboard(attempts, moneyRows, period, { card_brand: "unknown" }, 0.01).totals.attempts).toBe(4)
    const eur = paymentsDashboard(attempts, moneyRows, period, { currency: "EUR" }, 0.01)
    expect([eur.totals.attempts, eur.money]).toEqual([1, []])
    expect(eur.options).toEqual({
      providers: ["pp_gateway_apm", "pp_gateway_card", "pp_gateway_hosted"],
      card_brands: ["unknown", "visa"],
      currencies: ["EUR", "JPY", "USD"],
    })
    expect(d.by.provider.map((b) => [b.key, b.attempts])).toEqual([
      ["pp_gateway_card", 13],
      ["pp_gateway_hosted", 3],
      ["pp_gateway_apm", 1],
    ])
  })
})

describe("the dashboard's period", () => {
  it("defaults to the last 30 days, today included (UTC); days are listed from the first to the last", () => {
    expect(dashboardPeriod({}, Date.parse("2026-11-26T23:59:00Z"))).toEqual({ from: "2026-10-28", to: "2026-11-26" })
    expect(dashboardPeriod({ to: "2026-03-01" })).toEqual({ from: "2026-01-31", to: "2026-03-01" })
    expect(daysOf({ from: "2024-02-28", to: "2024-03-01" })).toEqual(["2024-02-28", "2024-02-29", "2024-03-01"])
  })

  it("refuses a bad date, a reversed period, one over 366 days, an unknown provider or brand, naming the field", () => {
    const issues = (q: Record<string, string>) =>
      AdminGatewayDashboardSchema.safeParse(q).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`)
    expect(issues({ from: "2026-02-30" })).toEqual(["from: from must be a date YYYY-MM-DD"])
    expect(issues({ from: "2026-03-02", to: "2026-03-01" })).toEqual(["from: from must be on or before to"])
    expect(issues({ from: "2025-01-01", to: "2026-01-02" })).toEqual(["from: from must be at most 366 days before to"])
    expect(issues({ provider_id: "pp_system_default" })?.[0]).toMatch(
      /^provider_id: provider_id must be one of pp_gateway_card/
    )
    expect(issues({ card_brand: "visa" })).toBeUndefined()
    expect(issues({ card_brand: "bogus" })?.[0]).toMatch(/^card_brand: card_brand must be one of unknown, visa/)
    expect(AdminGatewayDashboardSchema.parse({ currency: "usd" }).currency).toBe("USD")
  })
})

describe("the chargeback threshold the store sets (module option dashboard.chargeback_threshold_percent)", () => {
  it("is a percentage, 1 by default, used as a fraction", () => {
    expect(chargebackThreshold(undefined)).toBe(0.01)
    expect(
      chargebackThreshold(validateModuleOptions({ dashboard: { chargeback_threshold_percent: 0.9 } }).dashboard)
    ).toBe(0.009) // exactly: never 0.009000000000000001
  })

  it("refuses what is not a percentage over 0 and at most 100, naming the option", () => {
    const bad = (dashboard: unknown) => () => validateModuleOptions({ dashboard })
    for (const v of [0, -1, 101, "1"])
      expect(bad({ chargeback_threshold_percent: v })).toThrow(
        'Gateway module: option "dashboard.chargeback_threshold_percent" must be a percentage greater than 0 and at most 100'
      )
    expect(bad({ threshold: 1 })).toThrow('option "dashboard.threshold" is not known')
  })
})
