import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { Button, Container, Input } from "@medusajs/ui"
import { useState } from "react"
import { useSearchParams } from "react-router-dom"
import { FilterSelect } from "../../../components/filter-select"
import { ListTable } from "../../../components/list-table"
import { SectionHeader } from "../../../components/page-header"
import { GatewayStatusBadge } from "../../../components/status-badges"
import { useCardholders } from "../../../hooks/api/cardholders"
import { useCards } from "../../../hooks/api/cards"
import { useGroups } from "../../../hooks/api/groups"
import { formatAmount, formatDate } from "../../../lib/format"
import { usePagination } from "../../../lib/pagination"
import type { Card } from "../../../lib/types"
import { CreateCardsModal } from "./components/create-cards-modal"

const CardsPage = () => {
  const [params, setParams] = useSearchParams()
  const status = params.get("status") ?? undefined
  const cardholderId = params.get("cardholder_id") ?? undefined
  const groupId = params.get("group_id") ?? undefined
  const [last4, setLast4] = useState("")
  const [creating, setCreating] = useState(false)
  const page = usePagination()
  const setFilter = (key: string) => (value: string | undefined) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
    page.setPageIndex(0)
  }
  const validLast4 = /^\d{4}$/.test(last4) ? last4 : undefined
  const { data, isLoading, error, refetch } = useCards({ ...page.query, status, cardholder_id: cardholderId, group_id: groupId, last4: validLast4 })
  const cardholders = useCardholders({ limit: 100 })
  const groups = useGroups({ limit: 100 })
  const holderName = (id: string) => {
    const c = cardholders.data?.cardholders.find((h) => h.id === id)
    return c ? `${c.first_name} ${c.last_name}` : id
  }
  const groupName = (id: string) => groups.data?.groups.find((g) => g.id === id)?.gateway_group_id ?? id
  const filtered = !!(status || cardholderId || groupId || validLast4)

  return (
    <Container className="divide-y p-0">
      <SectionHeader
        level="h1"
        title="Virtual cards"
        subtitle="Only the last 4 digits and the expiry are kept; reveal a card to see its full details."
        actions={
          <Button size="small" variant="secondary" onClick={() => setCreating(true)} data-testid="create-cards">
            Create
          </Button>
        }
      />
      <div className="flex flex-wrap items-center gap-2 px-6 py-4">
        <FilterSelect
          value={status}
          onChange={setFilter("status")}
          placeholder="All statuses"
          testId="card-status-filter"
          options={[
            { value: "active", label: "Active" },
            { value: "blocked", label: "Blocked" },
            { value: "closed", label: "Closed" },
          ]}
        />
        <FilterSelect
          value={cardholderId}
          onChange={setFilter("cardholder_id")}
          placeholder="All cardholders"
          testId="card-cardholder-filter"
          options={(cardholders.data?.cardholders ?? []).map((c) => ({ value: c.id, label: `${c.first_name} ${c.last_name}` }))}
        />
        <FilterSelect
          value={groupId}
          onChange={setFilter("group_id")}
          placeholder="All groups"
          testId="card-group-filter"
          options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: `Group ${g.gateway_group_id}` }))}
        />
        <Input size="small" type="search" className="w-[130px]" placeholder="Last 4 digits" value={last4} maxLength={4} onChange={(e) => setLast4(e.target.value.replace(/\D/g, ""))} />
      </div>
      <ListTable<Card>
        testId="cards-table"
        rows={data?.cards}
        count={data?.count ?? 0}
        pageSize={page.pageSize}
        pageIndex={page.pageIndex}
        onPageChange={page.setPageIndex}
        isLoading={isLoading}
        error={error}
        onRetry={() => refetch()}
        rowLink={(c) => `/gateway/cards/${c.id}`}
        emptyTitle={filtered ? "No cards match these filters" : "No cards yet"}
        emptyDescription={filtered ? "Change or clear the filters." : "Create cards for a cardholder, funded from a group."}
        columns={[
          { key: "card", header: "Card", cell: (c) => <span className="font-mono">•••• {c.last4 ?? "????"}</span> },
          { key: "alias", header: "Alias", cell: (c) => c.alias ?? "-" },
          { key: "holder", header: "Cardholder", cell: (c) => holderName(c.cardholder_id) },
          { key: "group", header: "Group", cell: (c) => groupName(c.group_id) },
          { key: "expiry", header: "Expiry", cell: (c) => (c.expiry_month ? `${c.expiry_month}/${c.expiry_year}` : "-") },
          { key: "balance", header: "Balance", cell: (c) => formatAmount(c.balance, c.currency) },
          { key: "status", header: "Status", cell: (c) => <GatewayStatusBadge status={c.status} /> },
          { key: "created", header: "Created", cell: (c) => formatDate(c.created_at) },
        ]}
      />
      <CreateCardsModal open={creating} onOpenChange={setCreating} />
    </Container>
  )
}

export const config = defineRouteConfig({
  label: "Cards",
  icon: CreditCard,
  rank: 3,
})

export default CardsPage
