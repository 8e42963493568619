import { Trash } from "@medusajs/icons"
import type { AdminGatewayCardholder, AdminGatewayCardholderDeleteResponse, Json } from "../../../../../types/http"
import { ActionButton, type RecordAction } from "../../../../components/action-button"
import { DetailPage } from "../../../../components/detail-page"
import { LinkRow, SectionRow, SyncedRows } from "../../../../components/section-row"
import { GatewayStatusBadge } from "../../../../components/status-badges"
import { useCardholder, useDeleteCardholder } from "../../../../hooks/api/cardholders"

const DELETE: RecordAction<Json<AdminGatewayCardholderDeleteResponse>> = {
  label: "Delete",
  icon: <Trash />,
  confirm: {
    title: "Delete this cardholder?",
    description: "The gateway deletes the cardholder. This is refused while the cardholder has open cards.",
    confirmText: "Delete",
    danger: true,
  },
  done: "Cardholder deleted",
  failed: "Could not delete the cardholder",
}

/** The header's status, and Delete while the cardholder is active. */
const CardholderActions = ({ cardholder: c }: { cardholder: AdminGatewayCardholder }) => {
  const remove = useDeleteCardholder(c.id)
  return (
    <>
      <GatewayStatusBadge status={c.status} />
      {c.status === "active" && <ActionButton mutation={remove} action={DELETE} testId="delete-cardholder" />}
    </>
  )
}

const CardholderDetailPage = () => (
  <DetailPage
    noun="cardholder"
    back={{ to: "/gateway/cardholders", label: "Cardholders" }}
    useRecord={useCardholder}
    title={(c) => `${c.first_name} ${c.last_name}`}
    actions={(c) => <CardholderActions cardholder={c} />}
  >
    {(c) => (
      <>
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
        <SyncedRows record={c} />
        <LinkRow title="Cards" to={`/gateway/cards?cardholder_id=${c.id}`} label="Cards of this cardholder" />
      </>
    )}
  </DetailPage>
)

export default CardholderDetailPage
