import { ArrowPath, ArrowUturnLeft, XCircle } from "@medusajs/icons"
import { Button } from "@medusajs/ui"
import { useState } from "react"
import { AdminRefundGroupSchema } from "../../../../../api/admin/gateway/schemas/groups"
import type { AdminGatewayCardGroup, AdminGatewayGroupResponse, Json } from "../../../../../types/http"
import { AmountPrompt } from "../../../../components/amount-prompt"
import { ActionButton, type RecordAction } from "../../../../components/action-button"
import { DetailPage } from "../../../../components/detail-page"
import { LinkRow, SectionRow, SyncedRows } from "../../../../components/section-row"
import { GatewayStatusBadge } from "../../../../components/status-badges"
import { useGroup, useGroupAction, useRefundGroup } from "../../../../hooks/api/groups"
import { useGatewayAction } from "../../../../hooks/use-gateway-action"
import { formatAmount } from "../../../../lib/format"

/** "Refund to account": an amount in the group's currency; the toast says the new balance. */
const RefundPrompt = ({ group: g, onClose }: { group: AdminGatewayCardGroup; onClose: () => void }) => {
  const refund = useRefundGroup(g.id)
  const run = useGatewayAction()
  const done = ({ group }: { group: AdminGatewayCardGroup }) => ({
    title: "Refunded to the account",
    description: `New balance: ${formatAmount(group.balance, group.currency)}`,
  })
  return (
    <AmountPrompt
      title="Refund to the company's account"
      description={`Moves the amount from the group's balance (${formatAmount(g.balance, g.currency)}) back to the company's account at the gateway.`}
      confirmText="Refund"
      currency={g.currency}
      schema={AdminRefundGroupSchema}
      isPending={refund.isPending}
      onClose={onClose}
      onConfirm={(amount, key) =>
        run(refund, { amount, key }, { done, failed: "Could not refund from the group" }, onClose)
      }
    />
  )
}

type GroupAction = RecordAction<Json<AdminGatewayGroupResponse>>
const REFRESH: GroupAction = {
  label: "Refresh",
  icon: <ArrowPath />,
  done: "Group refreshed",
  failed: "Could not refresh the group",
}
const CLOSE: GroupAction = {
  label: "Close",
  icon: <XCircle />,
  confirm: {
    title: "Close this group?",
    description: "The gateway closes the group for good: no card can be issued or funded from it afterwards.",
    confirmText: "Close group",
    danger: true,
  },
  done: "Group closed",
  failed: "Could not close the group",
}

/** The header's status, Refresh, and while the group is active Refund (`onRefund` opens its prompt) and Close. */
const GroupActions = ({ group: g, onRefund }: { group: AdminGatewayCardGroup; onRefund: () => void }) => {
  const close = useGroupAction(g.id, "close")
  const refresh = useGroupAction(g.id, "refresh")
  return (
    <>
      <GatewayStatusBadge status={g.status} />
      <ActionButton mutation={refresh} action={REFRESH} />
      {g.status === "active" && (
        <Button size="small" variant="secondary" onClick={onRefund} data-testid="refund-group">
          <ArrowUturnLeft />
          Refund to account
        </Button>
      )}
      {g.status === "active" && <ActionButton mutation={close} action={CLOSE} testId="close-group" />}
    </>
  )
}

const GroupDetailPage = () => {
  const [refunding, setRefunding] = useState(false)
  return (
    <DetailPage
      noun="group"
      back={{ to: "/gateway/groups", label: "Card groups" }}
      useRecord={useGroup}
      loadingRows={5}
      title={(g) => `Group ${g.gateway_group_id}${g.name ? ` · ${g.name}` : ""}`}
      actions={(g) => <GroupActions group={g} onRefund={() => setRefunding(true)} />}
      after={(g) => refunding && <RefundPrompt group={g} onClose={() => setRefunding(false)} />}
    >
      {(g) => (
        <>
          <SectionRow title="Balance" value={formatAmount(g.balance, g.currency)} testId="group-balance" />
          <SectionRow title="Currency" value={g.currency} />
          <SectionRow title="Country" value={g.country_code} />
          <SectionRow title="Status" value={<GatewayStatusBadge status={g.status} />} />
          <SyncedRows record={g} created="Tracked since" />
          <LinkRow title="Cards" to={`/gateway/cards?group_id=${g.id}`} label="Cards of this group" />
        </>
      )}
    </DetailPage>
  )
}

export default GroupDetailPage
