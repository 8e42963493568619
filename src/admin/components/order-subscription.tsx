import { useSubscription, useSubscriptions } from "../hooks/api/subscriptions"
import { formatAmount, formatDate, intervalText } from "../lib/format"
import { CancelSubscriptionButton, isOpenSubscription } from "./cancel-subscription"
import { SectionHeader } from "./page-header"
import { LinkRow, SectionRow } from "./section-row"
import { GatewayStatusBadge } from "./status-badges"

/**
 * The subscription an order sold (its card payment carried one), in the order widget: contract, status, next
 * deduction, how many deductions, a link to its page and Cancel. Nothing when the order sold none.
 */
export const OrderSubscription = ({ orderId }: { orderId: string }) => {
  const list = useSubscriptions({ order_id: orderId, limit: 1 })
  const found = list.data?.subscriptions[0]
  // The list has no deductions; the subscription's own answer has them.
  const detail = useSubscription(found?.id ?? "", { enabled: !!found })
  const s = detail.data?.subscription ?? found
  if (!s) return null
  return (
    <div className="divide-y" data-testid="gateway-order-subscription">
      <SectionHeader
        title="Subscription"
        subtitle={s.contract_name}
        actions={<GatewayStatusBadge status={s.status} />}
      />
      <SectionRow
        title="Amount"
        value={`${formatAmount(s.amount, s.currency)} · ${intervalText(s.interval, s.interval_count)}`}
      />
      <SectionRow title="Next deduction" value={s.next_deduction_at ? formatDate(s.next_deduction_at) : undefined} />
      <SectionRow
        title="Deductions"
        value={detail.data ? String(s.deductions?.length ?? 0) : undefined}
        testId="gateway-subscription-deductions"
      />
      <LinkRow title="Details" to={`/gateway/subscriptions/${s.id}`} label={s.recurring_id} />
      {s.cancelled_at && <SectionRow title="Cancelled" value={formatDate(s.cancelled_at)} />}
      {isOpenSubscription(s) && (
        <div className="flex justify-end px-6 py-3">
          <CancelSubscriptionButton subscription={s} testId="order-cancel-subscription" />
        </div>
      )}
    </div>
  )
}
