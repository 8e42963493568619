import { Text } from "@medusajs/ui"
import type { AdminGatewayRelease } from "../../types/http"
import { formatAmount, formatDate } from "../lib/format"
import { GatewayStatusBadge } from "./status-badges"

/** Why a transaction is no order's payment, as staff read it (reconciliation/release.ts). */
export const RELEASE_REASON_TEXT: Record<string, string> = {
  session_replaced: "Payment session replaced; the shopper finished it afterwards",
  second_payment: "A second payment: the cart was already paid another way",
  checkout_expired: "No order within the release deadline",
  earlier_attempt: "An earlier attempt finished after another one paid",
}

/** What the plugin did, or what a person must do (its note). */
function outcome(r: AdminGatewayRelease): string {
  if (r.status === "released")
    return r.how === "refunded" ? "Refunded to the shopper" : "Voided: the hold on the shopper's money was lifted"
  if (r.status === "nothing_held") return r.note ?? "Nothing held at the gateway"
  if (r.status === "kept") return "Not released: it became the order's payment after all"
  if (r.status === "releasing") return "Being released"
  return (
    r.note ??
    (r.status === "refused"
      ? "The gateway refused: release it in the gateway's portal"
      : "Answer lost: read again by the order sync")
  )
}

/**
 * Released payments: one block each (transaction, amount, status on the first line; why and what happened
 * below), wrapping within its column so nothing is cut off in a narrow widget.
 */
export const ReleasedPayments = ({ releases, testId }: { releases: AdminGatewayRelease[]; testId?: string }) => (
  <div className="flex flex-col divide-y" data-testid={testId}>
    {releases.map((r) => (
      <div key={r.id} className="flex flex-col gap-y-1 px-6 py-3" data-testid="released-payment">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <Text size="small" leading="compact" weight="plus" className="break-all font-mono">
            {r.transaction_id}
          </Text>
          <Text size="small" leading="compact">
            {formatAmount(r.amount, r.currency)}
          </Text>
          <GatewayStatusBadge status={r.status} />
        </div>
        <Text size="small" leading="compact" className="text-ui-fg-subtle break-words">
          {RELEASE_REASON_TEXT[r.reason] ?? r.reason}. {outcome(r)}.
        </Text>
        <Text size="xsmall" leading="compact" className="text-ui-fg-muted break-all">
          Session {r.order_no}
          {r.cart_id ? ` · cart ${r.cart_id}` : ""} · {formatDate(r.released_at ?? r.updated_at)}
        </Text>
      </div>
    ))}
  </div>
)
