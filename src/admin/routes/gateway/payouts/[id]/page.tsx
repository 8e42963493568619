import { ArrowPath } from "@medusajs/icons"
import type { AdminGatewayPayout, AdminGatewayPayoutResponse, Json } from "../../../../../types/http"
import { ActionButton, type RecordAction } from "../../../../components/action-button"
import { DetailPage } from "../../../../components/detail-page"
import { Section } from "../../../../components/section"
import { SectionRow } from "../../../../components/section-row"
import { PayoutStatusBadge } from "../../../../components/status-badges"
import { usePayout, useRefreshPayout } from "../../../../hooks/api/payouts"
import { formatAmount, formatDate, humanize, maskTail, partyName } from "../../../../lib/format"
import { isFinalPayoutStatus } from "../../../../../workflows/payouts/refresh-guard"

/** Names and addresses as they are; account numbers and IBANs masked to their last 4 characters. */
const SENSITIVE = /account_number|iban|routing|sort_code|bsb|clabe|card|tax_id|id_number|national_id|passport/i

function PartySection({
  title,
  party,
}: {
  title: string
  party: AdminGatewayPayout["beneficiary"] | AdminGatewayPayout["payer"]
}) {
  if (!party) return null
  const address: Record<string, string | undefined> = party.address ?? {}
  const bank: Record<string, string | undefined> = ("bank_details" in party && party.bank_details) || {}
  return (
    <Section title={title} testId={`payout-${title.toLowerCase()}`}>
      <SectionRow title="Name" value={partyName(party)} />
      <SectionRow title="Type" value={humanize(party.entity_type)} />
      <SectionRow
        title="Address"
        value={[address.street_address, address.city, address.state, address.postcode, address.country_code]
          .filter(Boolean)
          .join(", ")}
      />
      {Object.entries(bank).map(([k, v]) => (
        <SectionRow key={k} title={humanize(k)} value={SENSITIVE.test(k) ? maskTail(v) : String(v ?? "")} />
      ))}
    </Section>
  )
}

/** Re-reads the payout at the gateway; the toast says its status. */
const REFRESH: RecordAction<Json<AdminGatewayPayoutResponse>> = {
  label: "Refresh",
  icon: <ArrowPath />,
  done: ({ payout }) => ({ title: "Payout refreshed", description: `Status: ${payout.status.toLowerCase()}` }),
  failed: "Could not refresh the payout",
}

/**
 * The header's status, and Refresh: a refresh re-sends the payout's request, so never for a final payout (the API
 * refuses it too).
 */
const PayoutActions = ({ payout: p }: { payout: AdminGatewayPayout }) => {
  const refresh = useRefreshPayout(p.id)
  return (
    <>
      <PayoutStatusBadge status={p.status} />
      {!isFinalPayoutStatus(p.status) && <ActionButton mutation={refresh} action={REFRESH} testId="payout-refresh" />}
    </>
  )
}

const PayoutDetailPage = () => (
  <DetailPage
    noun="payout"
    back={{ to: "/gateway/payouts", label: "Payouts" }}
    useRecord={usePayout}
    title={(p) => `Payout ${formatAmount(p.payment_amount, p.payment_currency)}`}
    actions={(p) => <PayoutActions payout={p} />}
    after={(p) => (
      <>
        <PartySection title="Beneficiary" party={p.beneficiary} />
        <PartySection title="Payer" party={p.payer} />
      </>
    )}
  >
    {(p) => (
      <>
        <SectionRow title="Status" value={p.status} testId="payout-status" />
        {p.failure_reason && (
          <SectionRow title="Failure" value={`${p.failure_reason}${p.failure_type ? ` (${p.failure_type})` : ""}`} />
        )}
        <SectionRow title="Amount" value={formatAmount(p.payment_amount, p.payment_currency)} />
        {p.source_amount && (
          <SectionRow title="Source amount" value={formatAmount(p.source_amount, p.source_currency)} />
        )}
        <SectionRow title="Fee" value={p.fee_amount ? formatAmount(p.fee_amount, p.fee_currency) : undefined} />
        <SectionRow title="Fee paid by" value={humanize(p.fee_paid_by)} />
        <SectionRow
          title="Beneficiary receives"
          value={
            p.amount_beneficiary_receives ? formatAmount(p.amount_beneficiary_receives, p.payment_currency) : undefined
          }
        />
        <SectionRow
          title="Payer pays"
          value={
            p.amount_payer_pays ? formatAmount(p.amount_payer_pays, p.source_currency ?? p.payment_currency) : undefined
          }
        />
        <SectionRow title="Reference" value={p.reference} />
        <SectionRow title="Reason" value={p.reason} />
        <SectionRow title="Transaction" value={p.transaction_id} />
        <SectionRow title="Request id" value={p.request_id} />
        <SectionRow title="Created" value={formatDate(p.created_at)} />
        <SectionRow
          title="Last notification"
          value={p.last_notification_at ? formatDate(p.last_notification_at) : undefined}
        />
      </>
    )}
  </DetailPage>
)

export default PayoutDetailPage
