/**
 * The dashboard's period and filters, kept in the URL (`?from=2026-10-01&to=2026-10-31&currency=EUR`) so a view
 * can be linked and reloaded. A period is checked with the API's own schema before it is asked for.
 */
import { Input, Label, Text } from "@medusajs/ui"
import { useState } from "react"
import { AdminGatewayDashboardSchema } from "../../../../../api/admin/gateway/schemas/dashboard"
import { FilterSelect, OptionsSelect } from "../../../../components/filter-select"
import { useUrlFilters } from "../../../../hooks/use-url-filters"
import { brandLabel, providerLabel } from "./labels"

const FILTER_KEYS = ["from", "to", "provider_id", "card_brand", "currency"] as const

/** The URL's filters, and a setter of several at once. */
export const useDashboardFilters = () => useUrlFilters(FILTER_KEYS)

const DAY_MS = 86_400_000
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10)

/** The presets, as periods of whole UTC days ending today (or the last month). */
const PRESETS: { value: string; label: string; period: () => { from: string; to: string } }[] = [
  { value: "7", label: "Last 7 days", period: () => ({ from: dayOf(Date.now() - 6 * DAY_MS), to: dayOf(Date.now()) }) },
  {
    value: "30",
    label: "Last 30 days",
    period: () => ({ from: dayOf(Date.now() - 29 * DAY_MS), to: dayOf(Date.now()) }),
  },
  {
    value: "90",
    label: "Last 90 days",
    period: () => ({ from: dayOf(Date.now() - 89 * DAY_MS), to: dayOf(Date.now()) }),
  },
  {
    value: "month",
    label: "This month",
    period: () => {
      const n = new Date()
      return { from: dayOf(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), 1)), to: dayOf(Date.now()) }
    },
  },
  {
    value: "last-month",
    label: "Last month",
    period: () => {
      const n = new Date()
      return {
        from: dayOf(Date.UTC(n.getUTCFullYear(), n.getUTCMonth() - 1, 1)),
        to: dayOf(Date.UTC(n.getUTCFullYear(), n.getUTCMonth(), 0)),
      }
    },
  },
]

/** The filters besides the period: each one's URL key, the key of its values in the answer, its texts. */
const SELECTS = [
  {
    key: "provider_id",
    options: "providers",
    placeholder: "All providers",
    label: providerLabel,
    testId: "dashboard-provider-filter",
  },
  {
    key: "card_brand",
    options: "card_brands",
    placeholder: "All card brands",
    label: brandLabel,
    testId: "dashboard-brand-filter",
  },
  {
    key: "currency",
    options: "currencies",
    placeholder: "All currencies",
    label: (c: string) => c,
    testId: "dashboard-currency-filter",
  },
] as const

export function DashboardFilters({
  period,
  options,
}: {
  /** The period shown (the API's answer: defaults filled in). */
  period: { from: string; to: string }
  options: { providers: string[]; card_brands: string[]; currencies: string[] }
}) {
  const { filters, set } = useDashboardFilters()
  const [error, setError] = useState<string | null>(null)
  const preset = PRESETS.find((p) => {
    const x = p.period()
    return x.from === period.from && x.to === period.to
  })
  const choose = (next: { from: string; to: string }) => {
    const parsed = AdminGatewayDashboardSchema.safeParse(next)
    if (!parsed.success) return setError(parsed.error.issues.map((i) => i.message).join("; "))
    setError(null)
    set(next)
  }
  // A filter's current value stays a choice even when the period holds none of it.
  const withCurrent = (values: string[], current?: string) =>
    current && !values.includes(current) ? [...values, current] : values
  return (
    <div className="flex flex-col gap-y-2 px-6 py-4" data-testid="dashboard-filters">
      <div className="flex flex-wrap items-end gap-2">
        <div className="w-[170px]" data-testid="dashboard-period">
          <OptionsSelect
            size="small"
            value={preset?.value ?? "custom"}
            onChange={(v) => {
              const p = PRESETS.find((x) => x.value === v)
              if (p) choose(p.period())
            }}
            options={[
              ...PRESETS.map(({ value, label }) => ({ value, label })),
              ...(preset ? [] : [{ value: "custom", label: "Custom period" }]),
            ]}
          />
        </div>
        <div className="flex items-center gap-x-1">
          <Label size="xsmall" htmlFor="dashboard-from" className="text-ui-fg-subtle">
            From
          </Label>
          <Input
            id="dashboard-from"
            data-testid="dashboard-from"
            size="small"
            type="date"
            value={period.from}
            onChange={(e) => e.target.value && choose({ from: e.target.value, to: period.to })}
          />
          <Label size="xsmall" htmlFor="dashboard-to" className="text-ui-fg-subtle">
            to
          </Label>
          <Input
            id="dashboard-to"
            data-testid="dashboard-to"
            size="small"
            type="date"
            value={period.to}
            onChange={(e) => e.target.value && choose({ from: period.from, to: e.target.value })}
          />
        </div>
        {SELECTS.map((f) => (
          <FilterSelect
            key={f.key}
            testId={f.testId}
            placeholder={f.placeholder}
            value={filters[f.key]}
            onChange={(v) => set({ [f.key]: v })}
            options={withCurrent(options[f.options], filters[f.key]).map((v) => ({ value: v, label: f.label(v) }))}
          />
        ))}
      </div>
      {error && (
        <Text size="small" className="text-ui-fg-error" data-testid="dashboard-period-error">
          {error}
        </Text>
      )}
    </div>
  )
}
