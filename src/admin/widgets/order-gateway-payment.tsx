import { defineWidgetConfig } from "@medusajs/admin-sdk"
import { CheckCircle, XCircle } from "@medusajs/icons"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Badge, Button, Container, Text } from "@medusajs/ui"
import { brandName } from "../../domain/card-brand"
import { isGatewayProvider, methodOfProvider } from "../../domain/providers"
import type { SessionSavedCard } from "../../domain/session-data"
import type { AdminGatewayPaymentDetails, DisputeRecord } from "../../types/http"
import { OrderSubscription } from "../components/order-subscription"
import { SectionHeader } from "../components/page-header"
import { ReleasedPayments } from "../components/released-payments"
import { SectionRow } from "../components/section-row"
import { ErrorState, LoadingState } from "../components/states"
import { GatewayStatusBadge } from "../components/status-badges"
import { useGatewayPayment, useOrderPayments, useReviewGatewayPayment } from "../hooks/api/payment-sessions"
import { useReleases } from "../hooks/api/releases"
import { useGatewayAction } from "../hooks/use-gateway-action"
import { formatAmount, formatDate, humanize } from "../lib/format"

type Session = { id: string; provider_id: string; status: string; created_at?: string; data?: Record<string, unknown> }

/** The gateway session that paid the order: the one with a payment, else the latest gateway session. */
function gatewaySessionOf(order: AdminOrder | undefined): Session | undefined {
  const collections = (order?.payment_collections ?? []) as unknown as {
    payment_sessions?: Session[]
    payments?: { payment_session_id?: string; provider_id: string }[]
  }[]
  const sessions = collections.flatMap((c) => c.payment_sessions ?? []).filter((s) => isGatewayProvider(s.provider_id))
  const paidIds = new Set(collections.flatMap((c) => c.payments ?? []).map((p) => p.payment_session_id))
  return (
    sessions.find((s) => paidIds.has(s.id)) ??
    sessions.sort((a, b) => String(b.created_at ?? "").localeCompare(String(a.created_at ?? "")))[0]
  )
}

function savedCardText(card: SessionSavedCard): string {
  const which = `${brandName(card.brand)} card ending ${card.last4}`
  return card.use === "pay" ? `Paid with the customer's saved ${which}` : `Saved for the customer: ${which}`
}

function riskReasons(value: unknown): string[] {
  if (!value) return []
  if (Array.isArray(value)) return value.map((v) => (typeof v === "string" ? v : JSON.stringify(v)))
  if (typeof value === "string") return value.split(/[,;]\s*/).filter(Boolean)
  return [JSON.stringify(value)]
}

/** A list of captures, refunds or disputes: an id, an amount or text, and the gateway's status of each. */
const RecordRows = ({
  title,
  testId,
  rows,
}: {
  title: string
  testId: string
  rows: { key: string; id?: string; text: string; status: string }[]
}) => (
  <SectionRow
    title={title}
    testId={testId}
    value={
      rows.length ? (
        <div className="flex min-w-0 flex-col gap-y-2">
          {rows.map((r) => (
            // Wraps in the widget's narrow column: the id on its own line when it must, never cut off.
            <div key={r.key} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
              {r.id && (
                <Text size="small" leading="compact" className="txt-compact-small break-all font-mono">
                  {r.id}
                </Text>
              )}
              <Text size="small" leading="compact" className="text-ui-fg-subtle">
                {r.text}
              </Text>
              <GatewayStatusBadge status={r.status} />
            </div>
          ))}
        </div>
      ) : undefined
    }
  />
)

const REVIEW = {
  approve: {
    confirm: {
      title: "Approve this payment?",
      description: "The gateway releases the payment held for risk review and Medusa marks it authorized.",
      confirmText: "Approve",
    },
    done: "Payment approved",
    failed: "Could not approve the payment",
  },
  reject: {
    confirm: {
      title: "Reject this payment?",
      description: "The gateway declines the payment held for risk review; the order waiting for it is canceled.",
      confirmText: "Reject",
      danger: true,
    },
    done: "Payment rejected",
    failed: "Could not reject the payment",
  },
}

const OrderGatewayPaymentWidget = ({ data: order }: DetailWidgetProps<AdminOrder>) => {
  const { data: orderData, isLoading: orderLoading } = useOrderPayments(order.id)
  const session = gatewaySessionOf(orderData?.order as AdminOrder | undefined)
  const { data, isLoading, error, refetch } = useGatewayPayment(session?.id)
  const review = useReviewGatewayPayment(session?.id ?? "", order.id)
  const released = useReleases({ order_id: order.id }, { enabled: Boolean(session) })
  const run = useGatewayAction()

  // Orders paid through another provider (or not yet loaded): nothing from this plugin.
  if (orderLoading || !session) return null

  // Until the plugin's answer arrives: the order's copy of the session data (the provider's own keys).
  const sessionData =
    data?.payment_session.data ?? ((session.data ?? null) as AdminGatewayPaymentDetails["payment_session"]["data"])
  const gp = data?.gateway_payment ?? null
  const state = gp?.gateway_state ?? sessionData?.gateway_state ?? null
  const held = state === "review" && gp?.review_status !== "approved" && gp?.review_status !== "rejected"
  // Captures and refunds live in the Medusa payment's data, each with what the gateway said (unknown while a
  // lost answer is being reconciled).
  const paymentData = data?.payment?.data ?? null
  const captures = paymentData?.captures ?? []
  const refunds = paymentData?.refunds ?? []
  const disputes: DisputeRecord[] = Array.isArray(gp?.disputes) ? (gp!.disputes as DisputeRecord[]) : []
  const reasons = riskReasons(gp?.risk_reasons)
  const lastNotification =
    gp?.last_notification_at ??
    data?.notifications?.[0]?.last_received_at ??
    data?.notifications?.[0]?.received_at ??
    null

  const decide = (action: "approve" | "reject") => run(review, action, REVIEW[action])
  /** A capture or refund as a row: its amount in the payment's currency and what the gateway said of it. */
  const moneyRow = (key: string, r: { amount: string | number; status: string }, id?: string) => ({
    key,
    id,
    text: formatAmount(r.amount, sessionData?.currency),
    status: r.status,
  })

  return (
    <Container className="divide-y p-0" data-testid="gateway-payment-widget">
      <SectionHeader
        title="Card gateway"
        subtitle={humanize(sessionData?.method ?? methodOfProvider(session.provider_id))}
        actions={<GatewayStatusBadge status={state} />}
      />
      {isLoading ? (
        <LoadingState rows={4} />
      ) : error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <>
          {held && (
            <div className="flex flex-col gap-y-3 px-6 py-4" data-testid="gateway-review">
              <Text size="small" className="text-ui-fg-subtle">
                The gateway holds this payment for risk review. Approve to authorize it, or reject it.
              </Text>
              <div className="flex gap-x-2">
                <Button size="small" variant="secondary" onClick={() => decide("reject")} disabled={review.isPending}>
                  <XCircle />
                  Reject
                </Button>
                <Button size="small" variant="primary" onClick={() => decide("approve")} isLoading={review.isPending}>
                  <CheckCircle />
                  Approve
                </Button>
              </div>
            </div>
          )}
          <SectionRow
            title="Transaction"
            value={gp?.transaction_id ?? sessionData?.transaction_id}
            testId="gateway-transaction-id"
          />
          <SectionRow title="Gateway status" value={<GatewayStatusBadge status={state} />} testId="gateway-status" />
          {gp?.review_status && (
            <SectionRow
              title="Review"
              value={<GatewayStatusBadge status={gp.review_status} />}
              testId="gateway-review-status"
            />
          )}
          <SectionRow
            title="Card"
            value={sessionData?.card_mask ?? sessionData?.payment_method}
            testId="gateway-card"
          />
          {sessionData?.saved_card && (
            <SectionRow title="Saved card" value={savedCardText(sessionData.saved_card)} testId="gateway-saved-card" />
          )}
          <SectionRow title="3-D Secure" value={humanize(gp?.threeds_result ?? sessionData?.threeds_result)} />
          <SectionRow
            title="Risk action"
            value={gp?.risk_action ? <Badge size="2xsmall">{gp.risk_action}</Badge> : undefined}
            testId="gateway-risk-action"
          />
          <SectionRow title="Risk score" value={gp?.risk_score} />
          <SectionRow
            title="Risk reasons"
            value={
              reasons.length
                ? reasons.map((r) => (
                    <Badge key={r} size="2xsmall" color="orange">
                      {r}
                    </Badge>
                  ))
                : undefined
            }
          />
          {/* The gateway's own reason is kept in the plugin's module (staff only); the session holds only the shopper's category. */}
          {sessionData?.decline && (
            <SectionRow
              title="Decline"
              testId="gateway-decline"
              value={
                gp?.decline_code || gp?.decline_message
                  ? `${gp.decline_code ?? ""} ${gp.decline_message ?? ""}`.trim()
                  : sessionData.decline.message
              }
            />
          )}
          <RecordRows title="Captures" testId="gateway-captures" rows={captures.map((c) => moneyRow(c.id, c))} />
          <RecordRows
            title="Refunds"
            testId="gateway-refunds"
            rows={refunds.map((r) => moneyRow(r.reference, r, r.reference))}
          />
          <RecordRows
            title="Disputes"
            testId="gateway-disputes"
            rows={disputes.map((d) => ({
              key: d.dispute_id ?? d.at ?? "",
              id: d.transaction_id ?? d.dispute_id ?? "",
              text: `${d.amount ? formatAmount(d.amount, sessionData?.currency) : ""} ${d.booked === undefined ? (d.reason ?? "") : d.booked ? "booked as a refund" : "not booked yet"}`,
              status: (d.status ?? "open").toLowerCase(),
            }))}
          />
          {(gp?.discrepancy || paymentData?.discrepancy || sessionData?.discrepancy) && (
            <SectionRow
              title="Discrepancy"
              value={gp?.discrepancy ?? paymentData?.discrepancy ?? sessionData?.discrepancy}
              testId="gateway-discrepancy"
            />
          )}
          <SectionRow
            title="Last notification"
            value={lastNotification ? formatDate(lastNotification) : undefined}
            testId="gateway-last-notification"
          />
          <SectionRow
            title="Last reconciliation"
            value={gp?.last_reconciled_at ? formatDate(gp.last_reconciled_at) : undefined}
          />
          <OrderSubscription orderId={order.id} />
          {Boolean(released.data?.releases.length) && (
            <div data-testid="gateway-released">
              <div className="px-6 pt-4">
                <Text size="small" leading="compact" weight="plus">
                  Other payments of this cart, released
                </Text>
              </div>
              <ReleasedPayments releases={released.data!.releases} />
            </div>
          )}
        </>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.side.after",
})

export default OrderGatewayPaymentWidget
