import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CreditCard } from "@medusajs/icons"
import { CARD_STATUSES } from "../../../../api/admin/gateway/schemas/cards"
import { FilterSearch } from "../../../components/filter-search"
import { FilterSelect } from "../../../components/filter-select"
import { ListPage } from "../../../components/list-page"
import { dateColumn, statusColumn } from "../../../components/list-table"
import { useCardholders } from "../../../hooks/api/cardholders"
import { useCards } from "../../../hooks/api/cards"
import { useGroups } from "../../../hooks/api/groups"
import { useListPage } from "../../../hooks/use-list-page"
import { formatAmount } from "../../../lib/format"

const CardsPage = () => {
  // The last 4 digits filter the list once all 4 are typed.
  const list = useListPage(useCards, ["status", "cardholder_id", "group_id", "last4"], ({ last4, ...filters }) => ({
    ...filters,
    last4: /^\d{4}$/.test(last4 ?? "") ? last4 : undefined,
  }))
  const { filters, setFilter } = list
  const cardholders = useCardholders({ limit: 100 })
  const groups = useGroups({ limit: 100 })
  const holderName = (id: string) => {
    const c = cardholders.data?.cardholders.find((h) => h.id === id)
    return c ? `${c.first_name} ${c.last_name}` : id
  }
  const groupName = (id: string) => groups.data?.groups.find((g) => g.id === id)?.gateway_group_id ?? id

  return (
    <ListPage
      noun="cards"
      title="Virtual cards"
      subtitle="Only the last 4 digits and the expiry are kept; reveal a card to see its full details."
      create={{ testId: "create-cards" }}
      statuses={{ values: CARD_STATUSES, testId: "card-status-filter" }}
      filters={
        <>
          <FilterSelect
            value={filters.cardholder_id}
            onChange={setFilter("cardholder_id")}
            placeholder="All cardholders"
            testId="card-cardholder-filter"
            options={(cardholders.data?.cardholders ?? []).map((c) => ({
              value: c.id,
              label: `${c.first_name} ${c.last_name}`,
            }))}
          />
          <FilterSelect
            value={filters.group_id}
            onChange={setFilter("group_id")}
            placeholder="All groups"
            testId="card-group-filter"
            options={(groups.data?.groups ?? []).map((g) => ({ value: g.id, label: `Group ${g.gateway_group_id}` }))}
          />
          <FilterSearch
            className="w-[130px]"
            placeholder="Last 4 digits"
            value={filters.last4}
            maxLength={4}
            clean={(typed) => typed.replace(/\D/g, "")}
            onChange={setFilter("last4")}
          />
        </>
      }
      list={list}
      empty={{ title: "No cards yet", description: "Create cards for a cardholder, funded from a group." }}
      columns={[
        { key: "card", header: "Card", cell: (c) => <span className="font-mono">•••• {c.last4 ?? "????"}</span> },
        { key: "alias", header: "Alias", cell: (c) => c.alias ?? "-" },
        { key: "holder", header: "Cardholder", cell: (c) => holderName(c.cardholder_id) },
        { key: "group", header: "Group", cell: (c) => groupName(c.group_id) },
        { key: "expiry", header: "Expiry", cell: (c) => (c.expiry_month ? `${c.expiry_month}/${c.expiry_year}` : "-") },
        { key: "balance", header: "Balance", cell: (c) => formatAmount(c.balance, c.currency) },
        statusColumn(),
        dateColumn("created_at", "Created"),
      ]}
    />
  )
}

export const config = defineRouteConfig({ label: "Cards", icon: CreditCard, rank: 3 })

export default CardsPage
