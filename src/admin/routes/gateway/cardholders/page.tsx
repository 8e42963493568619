import { defineRouteConfig } from "@medusajs/admin-sdk"
import { UserGroup } from "@medusajs/icons"
import { Container, Input } from "@medusajs/ui"
import { Outlet } from "react-router-dom"
import { CARDHOLDER_STATUSES } from "../../../../api/admin/gateway/schemas/cardholders"
import type { AdminGatewayCardholder } from "../../../../types/http"
import { FilterSelect } from "../../../components/filter-select"
import { ListTable } from "../../../components/list-table"
import { SectionHeader } from "../../../components/page-header"
import { CreateLink } from "../../../components/route-form-modal"
import { GatewayStatusBadge } from "../../../components/status-badges"
import { useCardholders } from "../../../hooks/api/cardholders"
import { useListPage } from "../../../hooks/use-list-page"
import { formatDate, humanize } from "../../../lib/format"

const CardholdersPage = () => {
  const list = useListPage(useCardholders, ["status", "email"], ({ status, email }) => ({ status, email: email?.trim() }))
  const { filters, setFilter } = list
  return (
    <Container className="divide-y p-0">
      <SectionHeader level="h1" title="Cardholders" subtitle="The people virtual cards are issued to." actions={<CreateLink testId="create-cardholder" />} />
      <div className="flex items-center gap-2 px-6 py-4">
        <FilterSelect value={filters.status} onChange={setFilter("status")} placeholder="All statuses" options={CARDHOLDER_STATUSES.map((s) => ({ value: s, label: humanize(s) }))} />
        <Input size="small" type="search" className="w-[240px]" placeholder="Email" value={filters.email ?? ""} onChange={(e) => setFilter("email")(e.target.value)} />
      </div>
      <ListTable<AdminGatewayCardholder>
        {...list.table}
        testId="cardholders-table"
        rows={list.data?.cardholders}
        rowLink={(c) => `/gateway/cardholders/${c.id}`}
        noun="cardholders"
        filtered={list.filtered}
        empty={{ title: "No cardholders yet", description: "Create a cardholder to issue virtual cards." }}
        columns={[
          { key: "name", header: "Name", cell: (c) => `${c.first_name} ${c.last_name}` },
          { key: "email", header: "Email", cell: (c) => c.email },
          { key: "country", header: "Country", cell: (c) => c.billing_country ?? "-" },
          { key: "gateway", header: "Gateway id", cell: (c) => c.gateway_cardholder_id },
          { key: "status", header: "Status", cell: (c) => <GatewayStatusBadge status={c.status} /> },
          { key: "created_at", header: "Created", cell: (c) => formatDate(c.created_at) },
        ]}
      />
      <Outlet />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Cardholders",
  icon: UserGroup,
  rank: 2,
})

export default CardholdersPage
