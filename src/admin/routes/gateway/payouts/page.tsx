import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Cash } from "@medusajs/icons"
import { Button, Container, Input, Text } from "@medusajs/ui"
import { useState } from "react"
import { FilterSelect } from "../../../components/filter-select"
import { ListTable } from "../../../components/list-table"
import { SectionHeader } from "../../../components/page-header"
import { GatewayStatusBadge } from "../../../components/status-badges"
import { usePayouts } from "../../../hooks/api/payouts"
import { formatAmount, formatDate } from "../../../lib/format"
import { usePagination } from "../../../lib/pagination"
import type { Payout } from "../../../lib/types"
import { CreatePayoutModal } from "./components/create-payout-modal"

const STATUSES = ["PROCESSING", "COMPLETED", "FAILED", "PENDING", "UNKNOWN"]

function beneficiaryName(p: Payout) {
  const b = p.beneficiary
  if (!b) return "-"
  return (b.company_name as string) || [b.first_name, b.last_name].filter(Boolean).join(" ") || "-"
}

const PayoutsPage = () => {
  const [status, setStatus] = useState<string>()
  const [from, setFrom] = useState("")
  const [to, setTo] = useState("")
  const [creating, setCreating] = useState(false)
  const page = usePagination()
  const createdAt = from || to ? { ...(from ? { $gte: `${from}T00:00:00.000Z` } : {}), ...(to ? { $lte: `${to}T23:59:59.999Z` } : {}) } : undefined
  const { data, isLoading, error, refetch } = usePayouts({ ...page.query, status, created_at: createdAt })
  const resetPage = <T,>(setter: (v: T) => void) => (v: T) => {
    setter(v)
    page.setPageIndex(0)
  }

  return (
    <Container className="divide-y p-0">
      <SectionHeader
        level="h1"
        title="Payouts"
        subtitle="Payments to beneficiaries' bank accounts through the gateway."
        actions={
          <Button size="small" variant="secondary" onClick={() => setCreating(true)} data-testid="create-payout">
            Create
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-2 px-6 py-4">
        <FilterSelect value={status} onChange={resetPage(setStatus)} placeholder="All statuses" options={STATUSES.map((s) => ({ value: s, label: s.charAt(0) + s.slice(1).toLowerCase() }))} testId="payout-status-filter" />
        <Text size="small" className="text-ui-fg-subtle ml-2">
          Created from
        </Text>
        <Input size="small" type="date" className="w-[150px]" value={from} onChange={(e) => resetPage(setFrom)(e.target.value)} aria-label="Created from" />
        <Text size="small" className="text-ui-fg-subtle">
          to
        </Text>
        <Input size="small" type="date" className="w-[150px]" value={to} onChange={(e) => resetPage(setTo)(e.target.value)} aria-label="Created to" />
      </div>
      <ListTable<Payout>
        testId="payouts-table"
        rows={data?.payouts}
        count={data?.count ?? 0}
        pageSize={page.pageSize}
        pageIndex={page.pageIndex}
        onPageChange={page.setPageIndex}
        isLoading={isLoading}
        error={error}
        onRetry={() => refetch()}
        rowLink={(p) => `/gateway/payouts/${p.id}`}
        emptyTitle={status || from || to ? "No payouts match these filters" : "No payouts yet"}
        emptyDescription={status || from || to ? "Change or clear the filters." : "Create a payout to pay a beneficiary."}
        columns={[
          { key: "created_at", header: "Created", cell: (p) => formatDate(p.created_at) },
          { key: "beneficiary", header: "Beneficiary", cell: beneficiaryName },
          { key: "reference", header: "Reference", cell: (p) => p.reference ?? "-" },
          { key: "amount", header: "Amount", cell: (p) => formatAmount(p.payment_amount, p.payment_currency), className: "text-right" },
          { key: "status", header: "Status", cell: (p) => <GatewayStatusBadge status={p.status} label={p.status.charAt(0) + p.status.slice(1).toLowerCase()} /> },
        ]}
      />
      <CreatePayoutModal open={creating} onOpenChange={setCreating} />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Payouts",
  icon: Cash,
  rank: 1,
})

export default PayoutsPage
