import { defineRouteConfig } from "@medusajs/admin-sdk"
import { ChartBar } from "@medusajs/icons"
import { Badge, Heading, Text, clx } from "@medusajs/ui"
import { useState } from "react"
import type { ComponentProps, ReactNode } from "react"
import { Page, Section } from "../../../components/section"
import { ErrorState, LoadingState } from "../../../components/states"
import { OptionsSelect } from "../../../components/filter-select"
import { usePaymentsDashboard } from "../../../hooks/api/dashboard"
import { AttemptsChart, MoneyChart, NothingToDraw, ThreeDsChart } from "./components/charts"
import { DashboardFilters, useDashboardFilters } from "./components/filters"
import { brandLabel, percent, providerLabel } from "./components/labels"
import { BreakdownTable, DeclinesTable, MoneyTable } from "./components/tables"

/** A figure at the top: its value, and what it is made of. */
const Tile = ({
  title,
  value,
  detail,
  testId,
  tone,
}: {
  title: string
  value: ReactNode
  detail?: ReactNode
  testId: string
  tone?: "error"
}) => (
  <div
    className="bg-ui-bg-component shadow-elevation-card-rest flex flex-col gap-y-1 rounded-lg px-4 py-3"
    data-testid={testId}
  >
    <Text size="small" className="text-ui-fg-subtle">
      {title}
    </Text>
    <Heading level="h2" className={clx({ "text-ui-fg-error": tone === "error" })}>
      {value}
    </Heading>
    {detail && (
      // A div: a detail may hold a Badge (a div), which a <p> must not contain.
      <Text as="div" size="xsmall" className="text-ui-fg-muted">
        {detail}
      </Text>
    )}
  </div>
)

/** A section of the dashboard; when the period holds none of its figures it says so (`nothing`) instead. */
const DashboardSection = ({
  nothing,
  children,
  ...section
}: ComponentProps<typeof Section> & { nothing?: string | false }) => (
  <Section {...section}>{nothing ? <NothingToDraw what={nothing} /> : children}</Section>
)

type Dashboard = NonNullable<ReturnType<typeof usePaymentsDashboard>["data"]>["dashboard"]

/** The period's headline figures. */
const Tiles = ({ d }: { d: Dashboard }) => (
  <div className="grid grid-cols-2 gap-3 px-6 py-4 md:grid-cols-3 xl:grid-cols-6" data-testid="dashboard-tiles">
    <Tile
      testId="tile-attempts"
      title="Attempts"
      value={d.totals.attempts}
      detail={`${d.totals.approved} approved, ${d.totals.declined} declined, ${d.totals.pending + d.totals.review + d.totals.unknown} open`}
    />
    <Tile
      testId="tile-approval"
      title="Approval rate"
      value={percent(d.totals.approval_rate)}
      detail="approved ÷ attempts"
    />
    <Tile
      testId="tile-threeds"
      title="3-D Secure passed"
      value={percent(d.threeds.started ? d.threeds.passed / d.threeds.started : null)}
      detail={`${d.threeds.passed} of ${d.threeds.started} started, ${d.threeds.failed} failed`}
    />
    <Tile
      testId="tile-hosted"
      title="Hosted page completion"
      value={percent(d.completion.hosted.rate)}
      detail={`${d.completion.hosted.completed} of ${d.completion.hosted.started} pages`}
    />
    <Tile
      testId="tile-apm"
      title="APM completion"
      value={percent(d.completion.apm.rate)}
      detail={`${d.completion.apm.completed} of ${d.completion.apm.started} redirects`}
    />
    <Tile
      testId="tile-chargebacks"
      title="Chargeback ratio"
      tone={d.chargeback_ratio.over ? "error" : undefined}
      value={percent(d.chargeback_ratio.ratio, 2)}
      detail={
        <>
          {d.chargeback_ratio.chargebacks} of {d.chargeback_ratio.approved} approved · threshold{" "}
          {percent(d.chargeback_ratio.threshold, 2)}{" "}
          {d.chargeback_ratio.over && (
            <Badge size="2xsmall" color="red">
              at or over
            </Badge>
          )}
        </>
      }
    />
  </div>
)

/** Money per currency, and per day in the chosen currency (the first one until another is chosen). */
const Money = ({ d, currency, onCurrency }: { d: Dashboard; currency?: string; onCurrency: (c: string) => void }) => {
  const shown = d.money.find((m) => m.currency === currency)?.currency ?? d.money[0]!.currency
  return (
    <>
      <MoneyTable money={d.money} />
      <div className="flex items-center gap-x-2 px-6 pt-4">
        <Text size="small" className="text-ui-fg-subtle">
          Per day in
        </Text>
        <div className="w-[110px]" data-testid="dashboard-money-currency">
          <OptionsSelect
            size="small"
            value={shown}
            onChange={onCurrency}
            options={d.money.map((m) => ({ value: m.currency, label: m.currency }))}
          />
        </div>
      </div>
      <MoneyChart days={d.days} moneyDays={d.money_days} currency={shown} />
    </>
  )
}

/** The charts and tables below the figures. */
const Sections = ({ d, ...money }: { d: Dashboard; currency?: string; onCurrency: (c: string) => void }) => (
  <>
    <DashboardSection
      title="Attempts per day"
      subtitle="Approved, declined and still open attempts, and the share approved."
      testId="dashboard-attempts"
      nothing={!d.totals.attempts && "No payment attempts in this period."}
    >
      <AttemptsChart days={d.days} />
    </DashboardSection>
    <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
      <DashboardSection
        title="Decline reasons"
        subtitle="The gateway's own codes and words (staff only: shoppers are told a category)."
        testId="dashboard-declines-section"
        nothing={!d.declines.length && "No declined attempts in this period."}
      >
        <DeclinesTable declines={d.declines} declined={d.totals.declined} />
      </DashboardSection>
      <DashboardSection
        title="3-D Secure"
        subtitle={`${d.threeds.started} started: ${d.threeds.passed} passed, ${d.threeds.failed} failed, ${d.threeds.not_finished} not finished.`}
        testId="dashboard-threeds"
        nothing={!d.threeds.started && "No 3-D Secure in this period."}
      >
        <ThreeDsChart days={d.days} />
      </DashboardSection>
    </div>
    <DashboardSection
      title="Money"
      subtitle="Captured, refunded (a refund the gateway failed is not counted) and charged back, per currency, on the day it was booked."
      testId="dashboard-money-section"
      nothing={!d.money.length && "No money captured, refunded or charged back in this period."}
    >
      <Money d={d} {...money} />
    </DashboardSection>
    <Section title="By provider, card brand and currency" testId="dashboard-breakdown">
      <div className="grid grid-cols-1 divide-y 2xl:grid-cols-3 2xl:divide-x 2xl:divide-y-0">
        <BreakdownTable title="Provider" rows={d.by.provider} label={providerLabel} testId="dashboard-by-provider" />
        <BreakdownTable title="Card brand" rows={d.by.card_brand} label={brandLabel} testId="dashboard-by-card-brand" />
        <BreakdownTable title="Currency" rows={d.by.currency} label={(c) => c} testId="dashboard-by-currency" />
      </div>
    </Section>
  </>
)

const PaymentsDashboardPage = () => {
  const { filters } = useDashboardFilters()
  const { data, isLoading, error, refetch } = usePaymentsDashboard(filters)
  const d = data?.dashboard
  const [currency, setCurrency] = useState<string | undefined>(undefined)
  return (
    <Page
      testId="payments-dashboard"
      title="Payments"
      subtitle="What the plugin recorded of each payment attempt and of the money it moved, per day. Days are in UTC."
      after={d && <Sections d={d} currency={currency} onCurrency={setCurrency} />}
    >
      {isLoading || !d ? (
        error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : (
          <LoadingState rows={4} />
        )
      ) : (
        <>
          <DashboardFilters period={d} options={d.options} />
          <Tiles d={d} />
        </>
      )}
    </Page>
  )
}

export const config = defineRouteConfig({ label: "Payments", icon: ChartBar, rank: 0 })

export default PaymentsDashboardPage
