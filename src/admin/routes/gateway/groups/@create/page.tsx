import { AdminTrackGroupSchema } from "../../../../../api/admin/gateway/schemas/groups"
import { TextField } from "../../../../components/form-field"
import { RouteFormModal, useRouteModal } from "../../../../components/route-form-modal"
import { useTrackGroup } from "../../../../hooks/api/groups"
import { useGatewayAction } from "../../../../hooks/use-gateway-action"
import { useSchemaForm } from "../../../../lib/form"

/** Starts tracking a group that exists at the gateway (groups are opened with the gateway, not here). */
const TrackGroupPage = () => {
  const form = useSchemaForm<{ gateway_group_id: string }, typeof AdminTrackGroupSchema>(AdminTrackGroupSchema, { gateway_group_id: "" })
  const track = useTrackGroup()
  const run = useGatewayAction()
  const modal = useRouteModal("/gateway/groups")
  return (
    <RouteFormModal
      form={form}
      onClose={modal.close}
      onSubmit={(body) =>
        run(
          track,
          body,
          {
            done: ({ group }) => ({ title: "Group tracked", description: `${group.gateway_group_id}: ${group.balance ?? "-"} ${group.currency}` }),
            failed: "Could not track the group",
          },
          modal.close
        )
      }
      title="Track a card group"
      description="Card groups are opened with the gateway. Enter a group's gateway id to follow its balance here and issue cards from it."
      submitLabel="Track"
      submitTestId="track-group-submit"
      isPending={track.isPending}
    >
      <TextField name="gateway_group_id" label="Gateway group id" placeholder="7001" />
    </RouteFormModal>
  )
}

export default TrackGroupPage
