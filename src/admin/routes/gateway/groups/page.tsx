import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Buildings } from "@medusajs/icons"
import { Button, Container } from "@medusajs/ui"
import { useState } from "react"
import { FilterSelect } from "../../../components/filter-select"
import { ListTable } from "../../../components/list-table"
import { SectionHeader } from "../../../components/page-header"
import { GatewayStatusBadge } from "../../../components/status-badges"
import { useGroups } from "../../../hooks/api/groups"
import { formatAmount, formatDate } from "../../../lib/format"
import { usePagination } from "../../../lib/pagination"
import type { CardGroup } from "../../../lib/types"
import { TrackGroupDrawer } from "./components/track-group-drawer"

const GroupsPage = () => {
  const [status, setStatus] = useState<string>()
  const [tracking, setTracking] = useState(false)
  const page = usePagination()
  const { data, isLoading, error, refetch } = useGroups({ ...page.query, status })
  return (
    <Container className="divide-y p-0">
      <SectionHeader
        level="h1"
        title="Card groups"
        subtitle="Groups fund the virtual cards issued from them."
        actions={
          <Button size="small" variant="secondary" onClick={() => setTracking(true)} data-testid="track-group">
            Track group
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
            { value: "closed", label: "Closed" },
          ]}
        />
      </div>
      <ListTable<CardGroup>
        testId="groups-table"
        rows={data?.groups}
        count={data?.count ?? 0}
        pageSize={page.pageSize}
        pageIndex={page.pageIndex}
        onPageChange={page.setPageIndex}
        isLoading={isLoading}
        error={error}
        onRetry={() => refetch()}
        rowLink={(g) => `/gateway/groups/${g.id}`}
        emptyTitle={status ? "No groups match this filter" : "No card groups tracked yet"}
        emptyDescription={status ? "Change or clear the filter." : "Track a group by its gateway id to issue cards from it."}
        columns={[
          { key: "gateway_group_id", header: "Gateway id", cell: (g) => g.gateway_group_id },
          { key: "name", header: "Name", cell: (g) => g.name ?? "-" },
          { key: "country", header: "Country", cell: (g) => g.country_code ?? "-" },
          { key: "balance", header: "Balance", cell: (g) => formatAmount(g.balance, g.currency) },
          { key: "status", header: "Status", cell: (g) => <GatewayStatusBadge status={g.status} /> },
          { key: "synced", header: "Last synced", cell: (g) => formatDate(g.last_synced_at) },
        ]}
      />
      <TrackGroupDrawer open={tracking} onOpenChange={setTracking} />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Groups",
  icon: Buildings,
  rank: 4,
})

export default GroupsPage
