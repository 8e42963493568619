import { Container, Table } from "@medusajs/ui"
import { useParams } from "react-router-dom"
import type { GatewaySubscription } from "../../../../../types/http"
import { CancelSubscriptionButton, isOpenSubscription } from "../../../../components/cancel-subscription"
import { DetailPage } from "../../../../components/detail-page"
import { SectionHeader } from "../../../../components/page-header"
import { LinkRow, SectionRow } from "../../../../components/section-row"
import { EmptyState } from "../../../../components/states"
import { GatewayStatusBadge } from "../../../../components/status-badges"
import { useSubscription } from "../../../../hooks/api/subscriptions"
import { formatAmount, formatDate, intervalText } from "../../../../lib/format"

/** The gateway's deductions of the contract (one per transaction, approved or declined), oldest first. */
const Deductions = ({ subscription: s }: { subscription: GatewaySubscription }) => (
  <Container className="divide-y p-0" data-testid="subscription-deductions">
    <SectionHeader
      title="Deductions"
      subtitle="What the gateway took on its schedule after the first payment (the order's)."
    />
    {s.deductions?.length ? (
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Date</Table.HeaderCell>
            <Table.HeaderCell>Transaction</Table.HeaderCell>
            <Table.HeaderCell className="text-right">Amount</Table.HeaderCell>
            <Table.HeaderCell>Outcome</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {s.deductions.map((d) => (
            <Table.Row key={d.transaction_id}>
              <Table.Cell>{formatDate(d.deducted_at)}</Table.Cell>
              <Table.Cell className="font-mono">{d.transaction_id}</Table.Cell>
              <Table.Cell className="text-right">{formatAmount(d.amount, d.currency)}</Table.Cell>
              <Table.Cell>
                <GatewayStatusBadge status={d.outcome} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    ) : (
      <EmptyState
        title="No deductions yet"
        description={isOpenSubscription(s) ? "The first one is due at the next deduction date." : undefined}
      />
    )}
  </Container>
)

const SubscriptionDetailPage = () => {
  const { id } = useParams()
  const query = useSubscription(id!)
  return (
    <DetailPage
      back={{ to: "/gateway/subscriptions", label: "Subscriptions" }}
      testId="subscription-detail"
      record={query.data?.subscription}
      query={query}
      after={(s) => <Deductions subscription={s} />}
    >
      {(s) => (
        <>
          <SectionHeader
            level="h1"
            title={s.contract_name}
            subtitle={s.id}
            actions={
              <>
                <span data-testid="subscription-status">
                  <GatewayStatusBadge status={s.status} />
                </span>
                <CancelSubscriptionButton subscription={s} />
              </>
            }
          />
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
}

export default SubscriptionDetailPage
