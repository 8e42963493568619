/** The dashboard's tables: decline reasons, money per currency, and attempts by provider, brand and currency. */
import { Badge, Text } from "@medusajs/ui"
import type { DashboardBreakdown, DashboardDecline, DashboardMoney, Json } from "../../../../../types/http"
import { type Column, DataTable } from "../../../../components/data-table"
import { percent } from "./labels"

/** Declined attempts per reason: the gateway's code and words, most frequent first. */
export const DeclinesTable = ({ declines, declined }: { declines: Json<DashboardDecline>[]; declined: number }) => (
  <DataTable
    testId="dashboard-declines"
    rows={declines}
    rowProps={(d) => ({ key: `${d.code}|${d.message}`, "data-testid": `dashboard-decline-${d.code ?? "none"}` })}
    columns={[
      {
        header: "Code",
        cell: (d) => (
          <Badge size="2xsmall" className="font-mono">
            {d.code ?? "none"}
          </Badge>
        ),
      },
      {
        header: "The gateway's words",
        cellClassName: "whitespace-normal py-2",
        cell: (d) =>
          d.message ?? <span className="text-ui-fg-muted">The gateway gave no reason (read from the order query)</span>,
      },
      { header: "Declined", className: "text-right", cell: (d) => d.count },
      { header: "Share", className: "text-right", cell: (d) => percent(declined ? d.count / declined : null) },
    ]}
  />
)

const Count = ({ n }: { n: number }) => <span className="text-ui-fg-muted">({n})</span>

/** An amount of the money table with how many bookings made it: "120.00 (3)". */
const moneyColumn = (
  header: string,
  amount: "captured" | "refunded" | "charged_back",
  count: "captures" | "refunds" | "chargebacks"
): Column<Json<DashboardMoney>> => ({
  header,
  className: "text-right",
  cell: (m) => (
    <>
      {m[amount]} <Count n={m[count]} />
    </>
  ),
})

/** Money per currency: exact amounts, never added across currencies. */
export const MoneyTable = ({ money }: { money: Json<DashboardMoney>[] }) => (
  <DataTable
    testId="dashboard-money"
    rows={money}
    rowProps={(m) => ({ key: m.currency, "data-testid": `dashboard-money-${m.currency}` })}
    columns={[
      { header: "Currency", cell: (m) => m.currency },
      moneyColumn("Captured", "captured", "captures"),
      moneyColumn("Refunded", "refunded", "refunds"),
      moneyColumn("Charged back", "charged_back", "chargebacks"),
    ]}
  />
)

/** Attempts of each provider, brand or currency, with their approval rate. */
export const BreakdownTable = ({
  title,
  rows,
  label,
  testId,
}: {
  title: string
  rows: Json<DashboardBreakdown>[]
  label: (key: string) => string
  testId: string
}) => (
  <div data-testid={testId}>
    <Text size="small" weight="plus" className="px-6 pb-1 pt-4">
      {title}
    </Text>
    <DataTable
      rows={rows}
      rowProps={(r) => ({ key: r.key })}
      columns={[
        { header: title, cell: (r) => label(r.key) },
        { header: "Attempts", className: "text-right", cell: (r) => r.attempts },
        { header: "Approved", className: "text-right", cell: (r) => r.approved },
        { header: "Declined", className: "text-right", cell: (r) => r.declined },
        { header: "Approval", className: "text-right", cell: (r) => percent(r.approval_rate) },
      ]}
    />
  </div>
)
