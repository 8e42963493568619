import { Trash } from "@medusajs/icons"
import { Button, Container, toast, usePrompt } from "@medusajs/ui"
import { Link, useParams } from "react-router-dom"
import { BackLink } from "../../../../components/back-link"
import { SectionHeader } from "../../../../components/page-header"
import { SectionRow } from "../../../../components/section-row"
import { ErrorState, LoadingState } from "../../../../components/states"
import { GatewayStatusBadge } from "../../../../components/status-badges"
import { useCardholder, useDeleteCardholder } from "../../../../hooks/api/cardholders"
import { errorMessage, formatDate } from "../../../../lib/format"

const CardholderDetailPage = () => {
  const { id } = useParams()
  const { data, isLoading, error, refetch } = useCardholder(id!)
  const remove = useDeleteCardholder(id!)
  const prompt = usePrompt()
  const c = data?.cardholder

  const onDelete = async () => {
    const ok = await prompt({
      title: "Delete this cardholder?",
      description: "The gateway deletes the cardholder. This is refused while the cardholder has open cards.",
      confirmText: "Delete",
      cancelText: "Cancel",
      variant: "danger",
    })
    if (!ok) return
    remove.mutate(undefined, {
      onSuccess: () => {
        toast.success("Cardholder deleted")
        refetch()
      },
      onError: (e) => toast.error("Could not delete the cardholder", { description: errorMessage(e) }),
    })
  }

  return (
    <div className="flex flex-col gap-y-3">
      <BackLink to="/gateway/cardholders" label="Cardholders" />
      <Container className="divide-y p-0" data-testid="cardholder-detail">
        {isLoading ? (
          <LoadingState rows={6} />
        ) : error || !c ? (
          <ErrorState error={error ?? "Not found"} onRetry={() => refetch()} />
        ) : (
          <>
            <SectionHeader
              level="h1"
              title={`${c.first_name} ${c.last_name}`}
              subtitle={c.id}
              actions={
                <>
                  <GatewayStatusBadge status={c.status} />
                  {c.status === "active" && (
                    <Button size="small" variant="danger" onClick={onDelete} isLoading={remove.isPending} data-testid="delete-cardholder">
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
            <SectionRow title="Billing address" value={[c.billing_address, c.billing_city, c.billing_state, c.billing_postal, c.billing_country].filter(Boolean).join(", ")} />
            <SectionRow title="Remark" value={c.remark} />
            <SectionRow title="Gateway id" value={c.gateway_cardholder_id} />
            <SectionRow title="Last synced" value={formatDate(c.last_synced_at)} />
            <SectionRow title="Created" value={formatDate(c.created_at)} />
            <SectionRow
              title="Cards"
              value={
                <Link to={`/gateway/cards?cardholder_id=${c.id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small">
                  Cards of this cardholder
                </Link>
              }
            />
          </>
        )}
      </Container>
    </div>
  )
}

export default CardholderDetailPage
