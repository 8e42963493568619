import { ArrowPath, XCircle } from "@medusajs/icons"
import { Button, Container, toast, usePrompt } from "@medusajs/ui"
import { Link, useParams } from "react-router-dom"
import { BackLink } from "../../../../components/back-link"
import { SectionHeader } from "../../../../components/page-header"
import { SectionRow } from "../../../../components/section-row"
import { ErrorState, LoadingState } from "../../../../components/states"
import { GatewayStatusBadge } from "../../../../components/status-badges"
import { useGroup, useGroupAction } from "../../../../hooks/api/groups"
import { errorMessage, formatAmount, formatDate } from "../../../../lib/format"

const GroupDetailPage = () => {
  const { id } = useParams()
  const { data, isLoading, error, refetch } = useGroup(id!)
  const close = useGroupAction(id!, "close")
  const refresh = useGroupAction(id!, "refresh")
  const prompt = usePrompt()
  const g = data?.group

  const onClose = async () => {
    const ok = await prompt({
      title: "Close this group?",
      description: "The gateway closes the group for good: no card can be issued or funded from it afterwards.",
      confirmText: "Close group",
      cancelText: "Cancel",
      variant: "danger",
    })
    if (!ok) return
    close.mutate(undefined, {
      onSuccess: () => toast.success("Group closed"),
      onError: (e) => toast.error("Could not close the group", { description: errorMessage(e) }),
    })
  }

  return (
    <div className="flex flex-col gap-y-3">
      <BackLink to="/gateway/groups" label="Card groups" />
      <Container className="divide-y p-0" data-testid="group-detail">
        {isLoading ? (
          <LoadingState rows={5} />
        ) : error || !g ? (
          <ErrorState error={error ?? "Not found"} onRetry={() => refetch()} />
        ) : (
          <>
            <SectionHeader
              level="h1"
              title={`Group ${g.gateway_group_id}${g.name ? ` · ${g.name}` : ""}`}
              subtitle={g.id}
              actions={
                <>
                  <GatewayStatusBadge status={g.status} />
                  <Button
                    size="small"
                    variant="secondary"
                    isLoading={refresh.isPending}
                    onClick={() =>
                      refresh.mutate(undefined, {
                        onSuccess: () => toast.success("Group refreshed"),
                        onError: (e) => toast.error("Could not refresh the group", { description: errorMessage(e) }),
                      })
                    }
                  >
                    <ArrowPath />
                    Refresh
                  </Button>
                  {g.status === "active" && (
                    <Button size="small" variant="danger" onClick={onClose} isLoading={close.isPending} data-testid="close-group">
                      <XCircle />
                      Close
                    </Button>
                  )}
                </>
              }
            />
            <SectionRow title="Balance" value={formatAmount(g.balance, g.currency)} />
            <SectionRow title="Currency" value={g.currency} />
            <SectionRow title="Country" value={g.country_code} />
            <SectionRow title="Status" value={<GatewayStatusBadge status={g.status} />} />
            <SectionRow title="Last synced" value={formatDate(g.last_synced_at)} />
            <SectionRow title="Tracked since" value={formatDate(g.created_at)} />
            <SectionRow
              title="Cards"
              value={
                <Link to={`/gateway/cards?group_id=${g.id}`} className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover txt-compact-small">
                  Cards of this group
                </Link>
              }
            />
          </>
        )}
      </Container>
    </div>
  )
}

export default GroupDetailPage
