import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Cash } from "@medusajs/icons"
import { Input, Text } from "@medusajs/ui"
import { PAYOUT_STATUSES } from "../../../../api/admin/gateway/schemas/payouts"
import { ListPage } from "../../../components/list-page"
import { dateColumn } from "../../../components/list-table"
import { PayoutStatusBadge } from "../../../components/status-badges"
import { usePayouts } from "../../../hooks/api/payouts"
import { useListPage } from "../../../hooks/use-list-page"
import { formatAmount, partyName, titleCase } from "../../../lib/format"

/** The creation-date range ("YYYY-MM-DD" in the URL) as the route's `created_at` operators, whole days in UTC. */
const createdBetween = (from?: string, to?: string) =>
  from || to
    ? { ...(from ? { $gte: `${from}T00:00:00.000Z` } : {}), ...(to ? { $lte: `${to}T23:59:59.999Z` } : {}) }
    : undefined

const PayoutsPage = () => {
  const list = useListPage(
    usePayouts,
    ["status", "created_from", "created_to"],
    ({ status, created_from, created_to }) => ({
      status,
      created_at: createdBetween(created_from, created_to),
    })
  )
  const { filters, setFilter } = list
  const dateInput = (key: "created_from" | "created_to", label: string) => (
    <Input
      size="small"
      type="date"
      className="w-[150px]"
      value={filters[key] ?? ""}
      onChange={(e) => setFilter(key)(e.target.value)}
      aria-label={label}
    />
  )
  return (
    <ListPage
      noun="payouts"
      title="Payouts"
      subtitle="Payments to beneficiaries' bank accounts through the gateway."
      create={{ testId: "create-payout" }}
      statuses={{ values: PAYOUT_STATUSES, label: titleCase, testId: "payout-status-filter" }}
      filters={
        <>
          <Text size="small" className="text-ui-fg-subtle ml-2">
            Created from
          </Text>
          {dateInput("created_from", "Created from")}
          <Text size="small" className="text-ui-fg-subtle">
            to
          </Text>
          {dateInput("created_to", "Created to")}
        </>
      }
      list={list}
      empty={{ title: "No payouts yet", description: "Create a payout to pay a beneficiary." }}
      columns={[
        dateColumn("created_at", "Created"),
        { key: "beneficiary", header: "Beneficiary", cell: (p) => partyName(p.beneficiary) },
        { key: "reference", header: "Reference", cell: (p) => p.reference ?? "-" },
        {
          key: "amount",
          header: "Amount",
          cell: (p) => formatAmount(p.payment_amount, p.payment_currency),
          className: "text-right",
        },
        { key: "status", header: "Status", cell: (p) => <PayoutStatusBadge status={p.status} /> },
      ]}
    />
  )
}

export const config = defineRouteConfig({ label: "Payouts", icon: Cash, rank: 1 })

export default PayoutsPage
