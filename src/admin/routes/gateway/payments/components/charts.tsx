/** The dashboard's charts (recharts), each over the period's days; drawn at once (no animation: figures, not a show). */
import { Text } from "@medusajs/ui"
import type { ReactNode } from "react"
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

const countAxis = (max: number) => {
  const ticks = evenTicks(max)
  return {
    ticks,
    domain: [0, ticks[ticks.length - 1]!] as [number, number],
    allowDecimals: false,
    interval: 0 as const,
  }
}

/** A chart's frame: its fixed height (ResponsiveContainer needs a sized parent) and its test id. */
const Frame = ({ testId, children, height = HEIGHT }: { testId: string; children: ReactNode; height?: number }) => (
  <div className="px-6 py-4" data-testid={testId} style={{ height: height + 32 }}>
    <ResponsiveContainer width="100%" height={height}>
      {children as never}
    </ResponsiveContainer>
  </div>
)

const ATTEMPT_BARS = ["Approved", "Declined", "Pending, review, canceled"] as const

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
      <Frame testId="dashboard-attempts-chart">
        <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid stroke={COLOURS.grid} vertical={false} />
          <XAxis dataKey="day" {...axis} minTickGap={16} />
          <YAxis {...axis} {...countAxis(Math.max(0, ...data.map((d) => d.approved + d.declined + d.open)))} />
          <Tooltip {...tooltipStyle} />
          <Legend {...legendInOrder(ATTEMPT_BARS)} />
          <Bar
            isAnimationActive={false}
            dataKey="approved"
            name={ATTEMPT_BARS[0]}
            stackId="a"
            fill={COLOURS.approved}
          />
          <Bar
            isAnimationActive={false}
            dataKey="declined"
            name={ATTEMPT_BARS[1]}
            stackId="a"
            fill={COLOURS.declined}
          />
          <Bar isAnimationActive={false} dataKey="open" name={ATTEMPT_BARS[2]} stackId="a" fill={COLOURS.open} />
        </BarChart>
      </Frame>
      <Frame testId="dashboard-approval-chart" height={140}>
        <LineChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
          <CartesianGrid stroke={COLOURS.grid} vertical={false} />
          <XAxis dataKey="day" {...axis} minTickGap={16} />
          <YAxis {...axis} domain={[0, 100]} ticks={[0, 25, 50, 75, 100]} interval={0} unit=" %" />
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

/** 3-D Secure per day: passed, failed, not finished (stacked). */
export const ThreeDsChart = ({ days }: { days: Json<DashboardDay>[] }) => {
  const data = days.map((d) => ({
    day: shortDay(d.date),
    passed: d.threeds_passed,
    failed: d.threeds_failed,
    open: d.threeds_started - d.threeds_passed - d.threeds_failed,
  }))
  return (
    <Frame testId="dashboard-threeds-chart">
      <BarChart data={data} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid stroke={COLOURS.grid} vertical={false} />
        <XAxis dataKey="day" {...axis} minTickGap={16} />
        <YAxis {...axis} {...countAxis(Math.max(0, ...data.map((d) => d.passed + d.failed + d.open)))} />
        <Tooltip {...tooltipStyle} />
        <Legend {...legendInOrder(["Passed", "Failed", "Not finished"])} />
        <Bar isAnimationActive={false} dataKey="passed" name="Passed" stackId="t" fill={COLOURS.passed} />
        <Bar isAnimationActive={false} dataKey="failed" name="Failed" stackId="t" fill={COLOURS.failed} />
        <Bar isAnimationActive={false} dataKey="open" name="Not finished" stackId="t" fill={COLOURS.notFinished} />
      </BarChart>
    </Frame>
  )
}

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
      <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 0 }}>
        <CartesianGrid stroke={COLOURS.grid} vertical={false} />
        <XAxis dataKey="day" {...axis} minTickGap={16} />
        <YAxis {...axis} domain={[0, moneyTicks[moneyTicks.length - 1]!]} ticks={moneyTicks} interval={0} />
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
