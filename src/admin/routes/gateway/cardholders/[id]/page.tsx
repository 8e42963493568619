import { Trash } from "@medusajs/icons"
import { Button } from "@medusajs/ui"
import { useParams } from "react-router-dom"
import { DetailPage } from "../../../../components/detail-page"
import { SectionHeader } from "../../../../components/page-header"
import { LinkRow, SectionRow } from "../../../../components/section-row"
import { GatewayStatusBadge } from "../../../../components/status-badges"
import { useCardholder, useDeleteCardholder } from "../../../../hooks/api/cardholders"
import { useGatewayAction } from "../../../../hooks/use-gateway-action"
import { formatDate } from "../../../../lib/format"

const CardholderDetailPage = () => {
  const { id } = useParams()
  const query = useCardholder(id!)
  const remove = useDeleteCardholder(id!)
  const run = useGatewayAction()
  const onDelete = () =>
    run(remove, undefined, {
      confirm: {
        title: "Delete this cardholder?",
        description: "The gateway deletes the cardholder. This is refused while the cardholder has open cards.",
        confirmText: "Delete",
        danger: true,
      },
      done: "Cardholder deleted",
      failed: "Could not delete the cardholder",
    })
  return (
    <DetailPage
      back={{ to: "/gateway/cardholders", label: "Cardholders" }}
      testId="cardholder-detail"
      record={query.data?.cardholder}
      query={query}
    >
      {(c) => (
        <>
          <SectionHeader
            level="h1"
            title={`${c.first_name} ${c.last_name}`}
            subtitle={c.id}
            actions={
              <>
                <GatewayStatusBadge status={c.status} />
                {c.status === "active" && (
                  <Button
                    size="small"
                    variant="danger"
                    onClick={onDelete}
                    isLoading={remove.isPending}
                    data-testid="delete-cardholder"
                  >
                    <Trash />
                    Delete
                  </Button>
                )}
              </>
            }
          />
          <SectionRow title="Email" value={c.email} />
          <SectionRow title="Mobile" value={[c.mobile_prefix, c.mobile].filter(Boolean).join(" ")} />
          <SectionRow title="Birth date" value={c.birth_date} />
          <SectionRow
            title="Billing address"
            value={[c.billing_address, c.billing_city, c.billing_state, c.billing_postal, c.billing_country]
              .filter(Boolean)
              .join(", ")}
          />
          <SectionRow title="Remark" value={c.remark} />
          <SectionRow title="Gateway id" value={c.gateway_cardholder_id} />
          <SectionRow title="Last synced" value={formatDate(c.last_synced_at)} />
          <SectionRow title="Created" value={formatDate(c.created_at)} />
          <LinkRow title="Cards" to={`/gateway/cards?cardholder_id=${c.id}`} label="Cards of this cardholder" />
        </>
      )}
    </DetailPage>
  )
}

export default CardholderDetailPage
