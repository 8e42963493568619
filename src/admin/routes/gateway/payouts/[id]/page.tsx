import { ArrowPath } from "@medusajs/icons"
import { Button, Container, toast } from "@medusajs/ui"
import { useParams } from "react-router-dom"
import { BackLink } from "../../../../components/back-link"
import { SectionHeader } from "../../../../components/page-header"
import { SectionRow } from "../../../../components/section-row"
import { ErrorState, LoadingState } from "../../../../components/states"
import { GatewayStatusBadge } from "../../../../components/status-badges"
import { usePayout, useRefreshPayout } from "../../../../hooks/api/payouts"
import { errorMessage, formatAmount, formatDate, humanize, maskTail } from "../../../../lib/format"
import type { Party } from "../../../../lib/types"

/** Names and addresses as they are; account numbers and IBANs masked to their last 4 characters. */
const SENSITIVE = /account_number|iban|routing|sort_code|bsb|clabe|card|tax_id|id_number|national_id|passport/i

function PartySection({ title, party }: { title: string; party: Party | null }) {
  if (!party) return null
  const name = (party.company_name as string) || [party.first_name, party.last_name].filter(Boolean).join(" ")
  const address = party.address ?? {}
  const bank = party.bank_details ?? {}
  return (
    <Container className="divide-y p-0" data-testid={`payout-${title.toLowerCase()}`}>
      <SectionHeader title={title} />
      <SectionRow title="Name" value={name} />
      <SectionRow title="Type" value={humanize(party.entity_type as string)} />
      <SectionRow title="Address" value={[address.street_address, address.city, address.state, address.postcode, address.country_code].filter(Boolean).join(", ")} />
      {Object.entries(bank).map(([k, v]) => (
        <SectionRow key={k} title={humanize(k)} value={SENSITIVE.test(k) ? maskTail(v) : String(v ?? "")} />
      ))}
    </Container>
  )
}

const PayoutDetailPage = () => {
  const { id } = useParams()
  const { data, isLoading, error, refetch } = usePayout(id!)
  const refresh = useRefreshPayout(id!)
  const p = data?.payout

  return (
    <div className="flex flex-col gap-y-3">
      <BackLink to="/gateway/payouts" label="Payouts" />
      <Container className="divide-y p-0" data-testid="payout-detail">
        {isLoading ? (
          <LoadingState rows={6} />
        ) : error || !p ? (
          <ErrorState error={error ?? "Not found"} onRetry={() => refetch()} />
        ) : (
          <>
            <SectionHeader
              level="h1"
              title={`Payout ${formatAmount(p.payment_amount, p.payment_currency)}`}
              subtitle={p.id}
              actions={
                <>
                  <GatewayStatusBadge status={p.status} label={p.status.charAt(0) + p.status.slice(1).toLowerCase()} />
                  <Button
                    size="small"
                    variant="secondary"
                    isLoading={refresh.isPending}
                    onClick={() =>
                      refresh.mutate(undefined, {
                        onSuccess: ({ payout }) => toast.success("Payout refreshed", { description: `Status: ${payout.status.toLowerCase()}` }),
                        onError: (e) => toast.error("Could not refresh the payout", { description: errorMessage(e) }),
                      })
                    }
                  >
                    <ArrowPath />
                    Refresh
                  </Button>
                </>
              }
            />
            <SectionRow title="Status" value={p.status} testId="payout-status" />
            {p.failure_reason && <SectionRow title="Failure" value={`${p.failure_reason}${p.failure_type ? ` (${p.failure_type})` : ""}`} />}
            <SectionRow title="Amount" value={formatAmount(p.payment_amount, p.payment_currency)} />
            {p.source_amount && <SectionRow title="Source amount" value={formatAmount(p.source_amount, p.source_currency)} />}
            <SectionRow title="Fee" value={p.fee_amount ? formatAmount(p.fee_amount, p.fee_currency) : undefined} />
            <SectionRow title="Fee paid by" value={humanize(p.fee_paid_by)} />
            <SectionRow title="Beneficiary receives" value={p.amount_beneficiary_receives ? formatAmount(p.amount_beneficiary_receives, p.payment_currency) : undefined} />
            <SectionRow title="Payer pays" value={p.amount_payer_pays ? formatAmount(p.amount_payer_pays, p.source_currency ?? p.payment_currency) : undefined} />
            <SectionRow title="Reference" value={p.reference} />
            <SectionRow title="Reason" value={p.reason} />
            <SectionRow title="Transaction" value={p.transaction_id} />
            <SectionRow title="Request id" value={p.request_id} />
            <SectionRow title="Created" value={formatDate(p.created_at)} />
            <SectionRow title="Last notification" value={p.last_notification_at ? formatDate(p.last_notification_at) : undefined} />
          </>
        )}
      </Container>
      {p && <PartySection title="Beneficiary" party={p.beneficiary} />}
      {p && <PartySection title="Payer" party={p.payer} />}
    </div>
  )
}

export default PayoutDetailPage
