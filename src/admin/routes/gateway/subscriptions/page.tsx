import { defineRouteConfig } from "@medusajs/admin-sdk"
import { CalendarSolid } from "@medusajs/icons"
import { SUBSCRIPTION_STATUSES } from "../../../../domain/subscription-view"
import { FilterSearch } from "../../../components/filter-search"
import { ListPage } from "../../../components/list-page"
import { dateColumn, statusColumn } from "../../../components/list-table"
import { useSubscriptions } from "../../../hooks/api/subscriptions"
import { useListPage } from "../../../hooks/use-list-page"
import { formatAmount, intervalText } from "../../../lib/format"

const SubscriptionsPage = () => {
  // The gateway's recurring id (what staff have from the gateway or the shopper) finds one contract.
  const list = useListPage(useSubscriptions, ["status", "recurring_id"], ({ status, recurring_id }) => ({
    status,
    recurring_id: recurring_id?.trim(),
  }))
  return (
    <ListPage
      noun="subscriptions"
      title="Subscriptions"
      subtitle="Recurring contracts sold by card: the gateway deducts each period on its own schedule."
      statuses={{ values: SUBSCRIPTION_STATUSES, testId: "subscription-status-filter" }}
      filters={
        <FilterSearch
          className="w-[240px]"
          placeholder="Recurring id"
          value={list.filters.recurring_id}
          onChange={list.setFilter("recurring_id")}
        />
      }
      list={list}
      empty={{
        title: "No subscriptions yet",
        description: "A subscription is recorded when a customer pays for a subscription product by card.",
      }}
      columns={[
        { key: "contract", header: "Contract", cell: (s) => s.contract_name },
        {
          key: "customer",
          header: "Customer",
          cell: (s) => (s.customer_id ? (s.customer?.name ?? s.customer?.email ?? s.customer_id) : "Guest"),
        },
        { key: "amount", header: "Amount", cell: (s) => formatAmount(s.amount, s.currency), className: "text-right" },
        { key: "interval", header: "Interval", cell: (s) => intervalText(s.interval, s.interval_count) },
        statusColumn(),
        dateColumn("next_deduction_at", "Next deduction"),
      ]}
    />
  )
}

export const config = defineRouteConfig({ label: "Subscriptions", icon: CalendarSolid, rank: 5 })

export default SubscriptionsPage
