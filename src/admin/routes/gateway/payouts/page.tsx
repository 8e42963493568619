import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Cash } from "@medusajs/icons"
import { Container, Input, Text } from "@medusajs/ui"
import { Outlet } from "react-router-dom"
import { PAYOUT_STATUSES } from "../../../../api/admin/gateway/schemas/payouts"
import type { AdminGatewayPayout } from "../../../../types/http"
import { FilterSelect } from "../../../components/filter-select"
import { ListTable } from "../../../components/list-table"
import { SectionHeader } from "../../../components/page-header"
import { CreateLink } from "../../../components/route-form-modal"
import { PayoutStatusBadge } from "../../../components/status-badges"
import { usePayouts } from "../../../hooks/api/payouts"
import { useListPage } from "../../../hooks/use-list-page"
import { formatAmount, formatDate, partyName, titleCase } from "../../../lib/format"

/** The creation-date range ("YYYY-MM-DD" in the URL) as the route's `created_at` operators, whole days in UTC. */
const createdBetween = (from?: string, to?: string) =>
  from || to ? { ...(from ? { $gte: `${from}T00:00:00.000Z` } : {}), ...(to ? { $lte: `${to}T23:59:59.999Z` } : {}) } : undefined

const PayoutsPage = () => {
  const list = useListPage(usePayouts, ["status", "created_from", "created_to"], ({ status, created_from, created_to }) => ({
    status,
    created_at: createdBetween(created_from, created_to),
  }))
  const { filters, setFilter } = list
  return (
    <Container className="divide-y p-0">
      <SectionHeader
        level="h1"
        title="Payouts"
        subtitle="Payments to beneficiaries' bank accounts through the gateway."
        actions={<CreateLink testId="create-payout" />}
      />
      <div className="flex flex-wrap items-center gap-2 px-6 py-4">
        <FilterSelect
          value={filters.status}
          onChange={setFilter("status")}
          placeholder="All statuses"
          options={PAYOUT_STATUSES.map((s) => ({ value: s, label: titleCase(s) }))}
          testId="payout-status-filter"
        />
        <Text size="small" className="text-ui-fg-subtle ml-2">
          Created from
        </Text>
        <Input size="small" type="date" className="w-[150px]" value={filters.created_from ?? ""} onChange={(e) => setFilter("created_from")(e.target.value)} aria-label="Created from" />
        <Text size="small" className="text-ui-fg-subtle">
          to
        </Text>
        <Input size="small" type="date" className="w-[150px]" value={filters.created_to ?? ""} onChange={(e) => setFilter("created_to")(e.target.value)} aria-label="Created to" />
      </div>
      <ListTable<AdminGatewayPayout>
        {...list.table}
        testId="payouts-table"
        rows={list.data?.payouts}
        rowLink={(p) => `/gateway/payouts/${p.id}`}
        noun="payouts"
        filtered={list.filtered}
        empty={{ title: "No payouts yet", description: "Create a payout to pay a beneficiary." }}
        columns={[
          { key: "created_at", header: "Created", cell: (p) => formatDate(p.created_at) },
          { key: "beneficiary", header: "Beneficiary", cell: (p) => partyName(p.beneficiary) },
          { key: "reference", header: "Reference", cell: (p) => p.reference ?? "-" },
          { key: "amount", header: "Amount", cell: (p) => formatAmount(p.payment_amount, p.payment_currency), className: "text-right" },
          { key: "status", header: "Status", cell: (p) => <PayoutStatusBadge status={p.status} /> },
        ]}
      />
      <Outlet />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Payouts",
  icon: Cash,
  rank: 1,
})

export default PayoutsPage
