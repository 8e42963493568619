import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Buildings } from "@medusajs/icons"
import { Container } from "@medusajs/ui"
import { Outlet } from "react-router-dom"
import { GROUP_STATUSES } from "../../../../api/admin/gateway/schemas/groups"
import type { AdminGatewayCardGroup } from "../../../../types/http"
import { FilterSelect } from "../../../components/filter-select"
import { ListTable } from "../../../components/list-table"
import { SectionHeader } from "../../../components/page-header"
import { CreateLink } from "../../../components/route-form-modal"
import { GatewayStatusBadge } from "../../../components/status-badges"
import { useGroups } from "../../../hooks/api/groups"
import { useListPage } from "../../../hooks/use-list-page"
import { formatAmount, formatDate, humanize } from "../../../lib/format"

const GroupsPage = () => {
  const list = useListPage(useGroups, ["status"])
  return (
    <Container className="divide-y p-0">
      <SectionHeader
        level="h1"
        title="Card groups"
        subtitle="Groups fund the virtual cards issued from them."
        actions={<CreateLink testId="track-group">Track group</CreateLink>}
      />
      <div className="flex items-center gap-2 px-6 py-4">
        <FilterSelect value={list.filters.status} onChange={list.setFilter("status")} placeholder="All statuses" options={GROUP_STATUSES.map((s) => ({ value: s, label: humanize(s) }))} />
      </div>
      <ListTable<AdminGatewayCardGroup>
        {...list.table}
        testId="groups-table"
        rows={list.data?.groups}
        rowLink={(g) => `/gateway/groups/${g.id}`}
        noun="groups"
        filtered={list.filtered}
        empty={{ title: "No card groups tracked yet", description: "Track a group by its gateway id to issue cards from it." }}
        columns={[
          { key: "gateway_group_id", header: "Gateway id", cell: (g) => g.gateway_group_id },
          { key: "name", header: "Name", cell: (g) => g.name ?? "-" },
          { key: "country", header: "Country", cell: (g) => g.country_code ?? "-" },
          { key: "balance", header: "Balance", cell: (g) => formatAmount(g.balance, g.currency) },
          { key: "status", header: "Status", cell: (g) => <GatewayStatusBadge status={g.status} /> },
          { key: "synced", header: "Last synced", cell: (g) => formatDate(g.last_synced_at) },
        ]}
      />
      <Outlet />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Groups",
  icon: Buildings,
  rank: 4,
})

export default GroupsPage
