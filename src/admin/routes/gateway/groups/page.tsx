import { defineRouteConfig } from "@medusajs/admin-sdk"
import { Buildings } from "@medusajs/icons"
import { GROUP_STATUSES } from "../../../../api/admin/gateway/schemas/groups"
import { CreateLink } from "../../../components/create-route"
import { ListPage } from "../../../components/list-page"
import { dateColumn, statusColumn } from "../../../components/list-table"
import { useGroups } from "../../../hooks/api/groups"
import { useListPage } from "../../../hooks/use-list-page"
import { formatAmount } from "../../../lib/format"

const GroupsPage = () => {
  const list = useListPage(useGroups, ["status"])
  return (
    <ListPage
      noun="groups"
      title="Card groups"
      subtitle="Groups fund the virtual cards issued from them."
      create={{ testId: "create-group", label: "Create group" }}
      actions={
        <CreateLink testId="track-group" to="track">
          Track existing
        </CreateLink>
      }
      statuses={{ values: GROUP_STATUSES }}
      list={list}
      empty={{
        title: "No card groups yet",
        description:
          "Create a group at the gateway, or track an existing one by its gateway id, to issue cards from it.",
      }}
      columns={[
        { key: "gateway_group_id", header: "Gateway id", cell: (g) => g.gateway_group_id },
        { key: "name", header: "Name", cell: (g) => g.name ?? "-" },
        { key: "country", header: "Country", cell: (g) => g.country_code ?? "-" },
        { key: "balance", header: "Balance", cell: (g) => formatAmount(g.balance, g.currency) },
        statusColumn(),
        dateColumn("last_synced_at", "Last synced"),
      ]}
    />
  )
}

export const config = defineRouteConfig({ label: "Groups", icon: Buildings, rank: 4 })

export default GroupsPage
