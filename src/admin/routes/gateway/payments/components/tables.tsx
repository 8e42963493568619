/** The dashboard's tables: decline reasons, money per currency, and attempts by provider, brand and currency. */
import { Badge, Table, Text } from "@medusajs/ui"
import type { DashboardBreakdown, DashboardDecline, DashboardMoney, Json } from "../../../../../types/http"
import { percent } from "./labels"

/** Declined attempts per reason: the gateway's code and words, most frequent first. */
export const DeclinesTable = ({ declines, declined }: { declines: Json<DashboardDecline>[]; declined: number }) => (
  <Table data-testid="dashboard-declines">
    <Table.Header>
      <Table.Row>
        <Table.HeaderCell>Code</Table.HeaderCell>
        <Table.HeaderCell>The gateway's words</Table.HeaderCell>
        <Table.HeaderCell className="text-right">Declined</Table.HeaderCell>
        <Table.HeaderCell className="text-right">Share</Table.HeaderCell>
      </Table.Row>
    </Table.Header>
    <Table.Body>
      {declines.map((d) => (
        <Table.Row key={`${d.code}|${d.message}`} data-testid={`dashboard-decline-${d.code ?? "none"}`}>
          <Table.Cell>
            <Badge size="2xsmall" className="font-mono">
              {d.code ?? "none"}
            </Badge>
          </Table.Cell>
          <Table.Cell className="whitespace-normal py-2">
            {d.message ?? (
              <span className="text-ui-fg-muted">The gateway gave no reason (read from the order query)</span>
            )}
          </Table.Cell>
          <Table.Cell className="text-right">{d.count}</Table.Cell>
          <Table.Cell className="text-right">{percent(declined ? d.count / declined : null)}</Table.Cell>
        </Table.Row>
      ))}
    </Table.Body>
  </Table>
)

/** Money per currency: exact amounts, never added across currencies. */
export const MoneyTable = ({ money }: { money: Json<DashboardMoney>[] }) => (
  <Table data-testid="dashboard-money">
    <Table.Header>
      <Table.Row>
        <Table.HeaderCell>Currency</Table.HeaderCell>
        <Table.HeaderCell className="text-right">Captured</Table.HeaderCell>
        <Table.HeaderCell className="text-right">Refunded</Table.HeaderCell>
        <Table.HeaderCell className="text-right">Charged back</Table.HeaderCell>
      </Table.Row>
    </Table.Header>
    <Table.Body>
      {money.map((m) => (
        <Table.Row key={m.currency} data-testid={`dashboard-money-${m.currency}`}>
          <Table.Cell>{m.currency}</Table.Cell>
          <Table.Cell className="text-right">
            {m.captured} <Count n={m.captures} />
          </Table.Cell>
          <Table.Cell className="text-right">
            {m.refunded} <Count n={m.refunds} />
          </Table.Cell>
          <Table.Cell className="text-right">
            {m.charged_back} <Count n={m.chargebacks} />
          </Table.Cell>
        </Table.Row>
      ))}
    </Table.Body>
  </Table>
)

const Count = ({ n }: { n: number }) => <span className="text-ui-fg-muted">({n})</span>

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
    <Table>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>{title}</Table.HeaderCell>
          <Table.HeaderCell className="text-right">Attempts</Table.HeaderCell>
          <Table.HeaderCell className="text-right">Approved</Table.HeaderCell>
          <Table.HeaderCell className="text-right">Declined</Table.HeaderCell>
          <Table.HeaderCell className="text-right">Approval</Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((r) => (
          <Table.Row key={r.key}>
            <Table.Cell>{label(r.key)}</Table.Cell>
            <Table.Cell className="text-right">{r.attempts}</Table.Cell>
            <Table.Cell className="text-right">{r.approved}</Table.Cell>
            <Table.Cell className="text-right">{r.declined}</Table.Cell>
            <Table.Cell className="text-right">{percent(r.approval_rate)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table>
  </div>
)
