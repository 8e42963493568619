import { defineRouteConfig } from "@medusajs/admin-sdk"
import { UserGroup } from "@medusajs/icons"
import { CARDHOLDER_STATUSES } from "../../../../api/admin/gateway/schemas/cardholders"
import { FilterSearch } from "../../../components/filter-search"
import { ListPage } from "../../../components/list-page"
import { dateColumn, statusColumn } from "../../../components/list-table"
import { useCardholders } from "../../../hooks/api/cardholders"
import { useListPage } from "../../../hooks/use-list-page"

const CardholdersPage = () => {
  const list = useListPage(useCardholders, ["status", "email"], ({ status, email }) => ({
    status,
    email: email?.trim(),
  }))
  const { filters, setFilter } = list
  return (
    <ListPage
      noun="cardholders"
      title="Cardholders"
      subtitle="The people virtual cards are issued to."
      create={{ testId: "create-cardholder" }}
      statuses={{ values: CARDHOLDER_STATUSES }}
      filters={
        <FilterSearch className="w-[240px]" placeholder="Email" value={filters.email} onChange={setFilter("email")} />
      }
      list={list}
      empty={{ title: "No cardholders yet", description: "Create a cardholder to issue virtual cards." }}
      columns={[
        { key: "name", header: "Name", cell: (c) => `${c.first_name} ${c.last_name}` },
        { key: "email", header: "Email", cell: (c) => c.email },
        { key: "country", header: "Country", cell: (c) => c.billing_country ?? "-" },
        { key: "gateway", header: "Gateway id", cell: (c) => c.gateway_cardholder_id },
        statusColumn(),
        dateColumn("created_at", "Created"),
      ]}
    />
  )
}

export const config = defineRouteConfig({ label: "Cardholders", icon: UserGroup, rank: 2 })

export default CardholdersPage
