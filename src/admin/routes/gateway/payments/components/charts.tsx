/** The dashboard's charts (recharts), each over the period's days; drawn at once (no animation: figures, not a show). */
import { Text } from "@medusajs/ui"
import type { ComponentProps, ReactNode } from "react"
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts"
import type { LegendPayload } from "recharts"
import type { DashboardDay, DashboardMoneyDay, Json } from "../../../../../types/http"
import { COLOURS, evenTicks, shortDay } from "./labels"

const HEIGHT = 260
const axis = { stroke: COLOURS.axis, fontSize: 11, tickLine: false }
const tooltipStyle = {
  contentStyle: { background: "var(--bg-base)", border: "1px solid var(--border-base)", borderRadius: 8, fontSize: 12 },
  labelStyle: { color: "var(--fg-base)" },
}

/**
 * The legend in the order of the bars (recharts sorts it by name unless told otherwise), so the first swatch is the
 * bottom of each stack.
 */
const legendInOrder = (names: readonly string[]) => ({
  wrapperStyle: { fontSize: 12 },
  itemSorter: (item: LegendPayload) => names.indexOf(String(item.value)),
})

/** A value axis from 0 to its last tick, every tick labelled (recharts would skip some to avoid overlaps). */
const tickedAxis = (ticks: number[]) => ({
  ticks,
  domain: [0, ticks[ticks.length - 1]!] as [number, number],
  interval: 0 as const,
})

const countAxis = (max: number) => ({ ...tickedAxis(evenTicks(max)), allowDecimals: false })

/**
 * What every chart of days draws under its series: horizontal grid lines, the days along the bottom and one value
 * axis (`yAxis`: its ticks and unit), in the admin's colours.
 */
const dayAxes = (yAxis: ComponentProps<typeof YAxis>) => (
  <>
    <CartesianGrid stroke={COLOURS.grid} vertical={false} />
    <XAxis dataKey="day" {...axis} minTickGap={16} />
    <YAxis {...axis} {...yAxis} />
  </>
)

/** A chart's frame: its fixed height (ResponsiveContainer needs a sized parent) and its test id. */
const Frame = ({ testId, children, height = HEIGHT }: { testId: string; children: ReactNode; height?: number }) => (
  <div className="px-6 py-4" data-testid={testId} style={{ height: height + 32 }}>
    <ResponsiveContainer width="100%" height={height}>
      {children as never}
    </ResponsiveContainer>
  </div>
)

/** The space around a chart's plot; the value axis's labels need less than recharts keeps for them. */
const MARGIN = { top: 8, right: 8, left: -16, bottom: 0 }

type StackedBar<K extends string> = { key: K; name: string; fill: string }

/**
 * Counts per day as stacked bars, the first of `bars` at the bottom of each stack (and first in the legend), on an
 * axis of whole numbers up to the tallest stack.
 */
function StackedCountsChart<K extends string>({
  testId,
  data,
  bars,
}: {
  testId: string
  data: ({ day: string } & Record<NoInfer<K>, number>)[]
  bars: readonly StackedBar<K>[]
}) {
  const tallest = Math.max(0, ...data.map((d) => bars.reduce((sum, bar) => sum + d[bar.key], 0)))
  return (
    <Frame testId={testId}>
      <BarChart data={data} margin={MARGIN}>
        {dayAxes(countAxis(tallest))}
        <Tooltip {...tooltipStyle} />
        <Legend {...legendInOrder(bars.map((bar) => bar.name))} />
        {bars.map((bar) => (
          <Bar key={bar.key} isAnimationActive={false} dataKey={bar.key} name={bar.name} stackId="a" fill={bar.fill} />
        ))}
      </BarChart>
    </Frame>
  )
}

const ATTEMPT_BARS = [
  { key: "approved", name: "Approved", fill: COLOURS.approved },
  { key: "declined", name: "Declined", fill: COLOURS.declined },
  { key: "open", name: "Pending, review, canceled", fill: COLOURS.open },
] as const

/**
 * Attempts per day by outcome (stacked bars, one axis of counts), and under it the approval rate on its own chart
 * (0 to 100 %): two axes on one chart let a bar be read against the percentage scale.
 */
export const AttemptsChart = ({ days }: { days: Json<DashboardDay>[] }) => {
  const data = days.map((d) => ({
    day: shortDay(d.date),
    approved: d.approved,
    declined: d.declined,
    open: d.attempts - d.approved - d.declined,
    rate: d.approval_rate === null ? null : Math.round(d.approval_rate * 1000) / 10,
  }))
  return (
    <>
      <StackedCountsChart testId="dashboard-attempts-chart" data={data} bars={ATTEMPT_BARS} />
      <Frame testId="dashboard-approval-chart" height={140}>
        <LineChart data={data} margin={MARGIN}>
          {dayAxes({ ...tickedAxis([0, 25, 50, 75, 100]), unit: " %" })}
          <Tooltip {...tooltipStyle} formatter={(v) => `${v} %`} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            dataKey="rate"
            name="Approval rate"
            stroke={COLOURS.rate}
            strokeWidth={2}
            dot={{ r: 2 }}
            connectNulls
            isAnimationActive={false}
          />
        </LineChart>
      </Frame>
    </>
  )
}

const THREEDS_BARS = [
  { key: "passed", name: "Passed", fill: COLOURS.passed },
  { key: "failed", name: "Failed", fill: COLOURS.failed },
  { key: "open", name: "Not finished", fill: COLOURS.notFinished },
] as const

/** 3-D Secure per day: passed, failed, not finished (stacked). */
export const ThreeDsChart = ({ days }: { days: Json<DashboardDay>[] }) => (
  <StackedCountsChart
    testId="dashboard-threeds-chart"
    data={days.map((d) => ({
      day: shortDay(d.date),
      passed: d.threeds_passed,
      failed: d.threeds_failed,
      open: d.threeds_started - d.threeds_passed - d.threeds_failed,
    }))}
    bars={THREEDS_BARS}
  />
)

const MONEY_KEYS: Record<string, "captured" | "refunded" | "charged_back"> = {
  Captured: "captured",
  Refunded: "refunded",
  "Charged back": "charged_back",
}

/**
 * Money of one currency per day: captured, refunded, charged back. Amounts arrive as exact decimal text; the
 * bars' heights are drawn from them as numbers, the tooltip shows the text.
 */
export const MoneyChart = ({
  days,
  moneyDays,
  currency,
}: {
  days: Json<DashboardDay>[]
  moneyDays: Json<DashboardMoneyDay>[]
  currency: string
}) => {
  const of = new Map(moneyDays.filter((m) => m.currency === currency).map((m) => [m.date, m]))
  const data = days.map((d) => {
    const m = of.get(d.date)
    return {
      day: shortDay(d.date),
      captured: Number(m?.captured ?? 0),
      refunded: Number(m?.refunded ?? 0),
      charged_back: Number(m?.charged_back ?? 0),
      text: m ?? null,
    }
  })
  const moneyTicks = evenTicks(Math.max(0, ...data.map((d) => Math.max(d.captured, d.refunded, d.charged_back))), false)
  return (
    <Frame testId="dashboard-money-chart">
      <BarChart data={data} margin={{ ...MARGIN, left: 0 }}>
        {dayAxes(tickedAxis(moneyTicks))}
        <Tooltip
          {...tooltipStyle}
          formatter={(_value, name, item) =>
            `${(item.payload as (typeof data)[number]).text?.[MONEY_KEYS[String(name)]!] ?? "0"} ${currency}`
          }
        />
        <Legend {...legendInOrder(Object.keys(MONEY_KEYS))} />
        <Bar isAnimationActive={false} dataKey="captured" name="Captured" fill={COLOURS.captured} />
        <Bar isAnimationActive={false} dataKey="refunded" name="Refunded" fill={COLOURS.refunded} />
        <Bar isAnimationActive={false} dataKey="charged_back" name="Charged back" fill={COLOURS.chargedBack} />
      </BarChart>
    </Frame>
  )
}

/** A chart's empty state: the period holds nothing to draw. */
export const NothingToDraw = ({ what }: { what: string }) => (
  <div className="flex h-[120px] items-center justify-center px-6">
    <Text size="small" className="text-ui-fg-muted">
      {what}
    </Text>
  </div>
)
