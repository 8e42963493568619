import { AdminTrackGroupSchema } from "../../../../../api/admin/gateway/schemas/groups"
import { TextField } from "../../../../components/form-field"
import { CreateRouteModal } from "../../../../components/create-route"
import type { ActionTexts } from "../../../../hooks/use-gateway-action"
import { useTrackGroup } from "../../../../hooks/api/groups"
import { groupText } from "../../../../lib/format"
import { useSchemaForm } from "../../../../lib/form"
import type { AdminGatewayGroupResponse, Json } from "../../../../../types/http"

const COPY = {
  title: "Track a card group",
  submit: "Track",
  description:
    "For a group opened outside this store (with the gateway, or by another system): enter its gateway id to follow its balance here and issue cards from it.",
}
const TEXTS: ActionTexts<Json<AdminGatewayGroupResponse>> = {
  done: ({ group }) => ({
    title: "Group tracked",
    description: groupText(group),
  }),
  failed: "Could not track the group",
}

/** Starts tracking a group that exists at the gateway (one opened elsewhere): `/gateway/groups/track`. */
const TrackGroupPage = () => {
  const form = useSchemaForm<{ gateway_group_id: string }, typeof AdminTrackGroupSchema>(AdminTrackGroupSchema, {
    gateway_group_id: "",
  })
  const track = useTrackGroup()
  return (
    <CreateRouteModal form={form} mutation={track} testId="track-group" copy={COPY} texts={TEXTS}>
      <TextField name="gateway_group_id" label="Gateway group id" placeholder="7001" />
    </CreateRouteModal>
  )
}

export default TrackGroupPage
