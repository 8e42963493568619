import { defineRouteConfig } from "@medusajs/admin-sdk"
import { UserGroup } from "@medusajs/icons"
import { Button, Container, Input } from "@medusajs/ui"
import { useState } from "react"
import { FilterSelect } from "../../../components/filter-select"
import { ListTable } from "../../../components/list-table"
import { SectionHeader } from "../../../components/page-header"
import { GatewayStatusBadge } from "../../../components/status-badges"
import { useCardholders } from "../../../hooks/api/cardholders"
import { formatDate } from "../../../lib/format"
import { usePagination } from "../../../lib/pagination"
import type { Cardholder } from "../../../lib/types"
import { CreateCardholderModal } from "./components/create-cardholder-modal"

const CardholdersPage = () => {
  const [status, setStatus] = useState<string>()
  const [email, setEmail] = useState("")
  const [creating, setCreating] = useState(false)
  const page = usePagination()
  const { data, isLoading, error, refetch } = useCardholders({ ...page.query, status, email: email.trim() || undefined })
  const filtered = !!status || !!email.trim()
  return (
    <Container className="divide-y p-0">
      <SectionHeader
        level="h1"
        title="Cardholders"
        subtitle="The people virtual cards are issued to."
        actions={
          <Button size="small" variant="secondary" onClick={() => setCreating(true)} data-testid="create-cardholder">
            Create
          </Button>
        }
      />
      <div className="flex items-center gap-2 px-6 py-4">
        <FilterSelect
          value={status}
          onChange={(v) => {
            setStatus(v)
            page.setPageIndex(0)
          }}
          placeholder="All statuses"
          options={[
            { value: "active", label: "Active" },
            { value: "deleted", label: "Deleted" },
          ]}
        />
        <Input
          size="small"
          type="search"
          className="w-[240px]"
          placeholder="Email"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            page.setPageIndex(0)
          }}
        />
      </div>
      <ListTable<Cardholder>
        testId="cardholders-table"
        rows={data?.cardholders}
        count={data?.count ?? 0}
        pageSize={page.pageSize}
        pageIndex={page.pageIndex}
        onPageChange={page.setPageIndex}
        isLoading={isLoading}
        error={error}
        onRetry={() => refetch()}
        rowLink={(c) => `/gateway/cardholders/${c.id}`}
        emptyTitle={filtered ? "No cardholders match these filters" : "No cardholders yet"}
        emptyDescription={filtered ? "Change or clear the filters." : "Create a cardholder to issue virtual cards."}
        columns={[
          { key: "name", header: "Name", cell: (c) => `${c.first_name} ${c.last_name}` },
          { key: "email", header: "Email", cell: (c) => c.email },
          { key: "country", header: "Country", cell: (c) => c.billing_country ?? "-" },
          { key: "gateway", header: "Gateway id", cell: (c) => c.gateway_cardholder_id },
          { key: "status", header: "Status", cell: (c) => <GatewayStatusBadge status={c.status} /> },
          { key: "created_at", header: "Created", cell: (c) => formatDate(c.created_at) },
        ]}
      />
      <CreateCardholderModal open={creating} onOpenChange={setCreating} />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Cardholders",
  icon: UserGroup,
  rank: 2,
})

export default CardholdersPage
