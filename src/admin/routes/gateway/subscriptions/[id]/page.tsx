import type { GatewaySubscription } from "../../../../../types/http"
import { CancelSubscriptionButton, isOpenSubscription } from "../../../../components/cancel-subscription"
import { DataTable } from "../../../../components/data-table"
import { DetailPage } from "../../../../components/detail-page"
import { Section } from "../../../../components/section"
import { LinkRow, SectionRow } from "../../../../components/section-row"
import { EmptyState } from "../../../../components/states"
import { GatewayStatusBadge } from "../../../../components/status-badges"
import { useSubscription } from "../../../../hooks/api/subscriptions"
import { formatAmount, formatDate, intervalText } from "../../../../lib/format"

/** The gateway's deductions of the contract (one per transaction, approved or declined), oldest first. */
const Deductions = ({ subscription: s }: { subscription: GatewaySubscription }) => (
  <Section
    title="Deductions"
    subtitle="What the gateway took on its schedule after the first payment (the order's)."
    testId="subscription-deductions"
  >
    {s.deductions?.length ? (
      <DataTable
        rows={s.deductions}
        rowProps={(d) => ({ key: d.transaction_id })}
        columns={[
          { header: "Date", cell: (d) => formatDate(d.deducted_at) },
          { header: "Transaction", cell: (d) => d.transaction_id, cellClassName: "font-mono" },
          { header: "Amount", cell: (d) => formatAmount(d.amount, d.currency), className: "text-right" },
          { header: "Outcome", cell: (d) => <GatewayStatusBadge status={d.outcome} /> },
        ]}
      />
    ) : (
      <EmptyState
        title="No deductions yet"
        description={isOpenSubscription(s) ? "The first one is due at the next deduction date." : undefined}
      />
    )}
  </Section>
)

const SubscriptionDetailPage = () => (
  <DetailPage
    noun="subscription"
    back={{ to: "/gateway/subscriptions", label: "Subscriptions" }}
    useRecord={useSubscription}
    title={(s) => s.contract_name}
    actions={(s) => (
      <>
        <span data-testid="subscription-status">
          <GatewayStatusBadge status={s.status} />
        </span>
        <CancelSubscriptionButton subscription={s} />
      </>
    )}
    after={(s) => <Deductions subscription={s} />}
  >
    {(s) => (
      <>
        <SectionRow title="Amount" value={formatAmount(s.amount, s.currency)} />
        <SectionRow title="Interval" value={intervalText(s.interval, s.interval_count)} />
        <SectionRow
          title="Billing cycles"
          value={s.billing_cycles === null ? "Until cancelled" : String(s.billing_cycles)}
        />
        {s.promotion_cycles !== null && <SectionRow title="Promotion cycles" value={String(s.promotion_cycles)} />}
        <SectionRow
          title="Next deduction"
          value={s.next_deduction_at ? formatDate(s.next_deduction_at) : undefined}
          testId="subscription-next-deduction"
        />
        {s.cancelled_at && <SectionRow title="Cancelled" value={formatDate(s.cancelled_at)} />}
        {s.order_id ? (
          <LinkRow title="Order" to={`/orders/${s.order_id}`} label={s.order_id} />
        ) : (
          <SectionRow title="Order" />
        )}
        {s.customer_id ? (
          <LinkRow
            title="Customer"
            to={`/customers/${s.customer_id}`}
            label={[s.customer?.name, s.customer?.email].filter(Boolean).join(" · ") || s.customer_id}
          />
        ) : (
          <SectionRow title="Customer" value="Guest" />
        )}
        <SectionRow title="Recurring id" value={s.recurring_id} />
        <SectionRow title="Created" value={formatDate(s.created_at)} />
      </>
    )}
  </DetailPage>
)

export default SubscriptionDetailPage
