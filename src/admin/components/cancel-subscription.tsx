import { XCircle } from "@medusajs/icons"
import type { GatewaySubscription } from "../../types/http"
import { useCancelSubscription } from "../hooks/api/subscriptions"
import { ActionButton } from "./action-button"

/** Whether the gateway still deducts for it (a cancelled or ended contract is final). */
export const isOpenSubscription = (s: Pick<GatewaySubscription, "status">) =>
  s.status === "pending" || s.status === "active"

/**
 * "Cancel subscription", after a (danger) confirmation; shown only while the contract is open. Used by the
 * subscription's page and the order widget.
 */
export const CancelSubscriptionButton = ({
  subscription,
  testId = "cancel-subscription",
}: {
  subscription: GatewaySubscription
  testId?: string
}) => {
  const cancel = useCancelSubscription(subscription.id)
  if (!isOpenSubscription(subscription)) return null
  return (
    <ActionButton
      mutation={cancel}
      testId={testId}
      action={{
        label: "Cancel subscription",
        icon: <XCircle />,
        confirm: {
          title: "Cancel this subscription?",
          description: `The gateway stops deducting ${subscription.amount} ${subscription.currency} for "${subscription.contract_name}". This cannot be undone: the customer buys it again to resume.`,
          confirmText: "Cancel subscription",
          danger: true,
        },
        done: ({ changed }) =>
          changed
            ? { title: "Subscription cancelled" }
            : { title: "The subscription had already ended", warning: true },
        failed: "Could not cancel the subscription",
      }}
    />
  )
}
