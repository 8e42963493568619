import { ArrowPath } from "@medusajs/icons"
import { Button, Container } from "@medusajs/ui"
import { useParams } from "react-router-dom"
import type { AdminGatewayPayout } from "../../../../../types/http"
import { DetailPage } from "../../../../components/detail-page"
import { SectionHeader } from "../../../../components/page-header"
import { SectionRow } from "../../../../components/section-row"
import { PayoutStatusBadge } from "../../../../components/status-badges"
import { usePayout, useRefreshPayout } from "../../../../hooks/api/payouts"
import { useGatewayAction } from "../../../../hooks/use-gateway-action"
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
    <Container className="divide-y p-0" data-testid={`payout-${title.toLowerCase()}`}>
      <SectionHeader title={title} />
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
    </Container>
  )
}

const PayoutDetailPage = () => {
  const { id } = useParams()
  const query = usePayout(id!)
  const refresh = useRefreshPayout(id!)
  const run = useGatewayAction()
  return (
    <DetailPage
      back={{ to: "/gateway/payouts", label: "Payouts" }}
      testId="payout-detail"
      record={query.data?.payout}
      query={query}
      after={(p) => (
        <>
          <PartySection title="Beneficiary" party={p.beneficiary} />
          <PartySection title="Payer" party={p.payer} />
        </>
      )}
    >
      {(p) => (
        <>
          <SectionHeader
            level="h1"
            title={`Payout ${formatAmount(p.payment_amount, p.payment_currency)}`}
            subtitle={p.id}
            actions={
              <>
                <PayoutStatusBadge status={p.status} />
                {/* A refresh re-sends the payout's request: never for a final payout (the API refuses it too). */}
                {!isFinalPayoutStatus(p.status) && (
                  <Button
                    size="small"
                    variant="secondary"
                    isLoading={refresh.isPending}
                    data-testid="payout-refresh"
                    onClick={() =>
                      run(refresh, undefined, {
                        done: ({ payout }) => ({
                          title: "Payout refreshed",
                          description: `Status: ${payout.status.toLowerCase()}`,
                        }),
                        failed: "Could not refresh the payout",
                      })
                    }
                  >
                    <ArrowPath />
                    Refresh
                  </Button>
                )}
              </>
            }
          />
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
              p.amount_beneficiary_receives
                ? formatAmount(p.amount_beneficiary_receives, p.payment_currency)
                : undefined
            }
          />
          <SectionRow
            title="Payer pays"
            value={
              p.amount_payer_pays
                ? formatAmount(p.amount_payer_pays, p.source_currency ?? p.payment_currency)
                : undefined
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
}

export default PayoutDetailPage
