import { AdminCreateGroupSchema } from "../../../../../api/admin/gateway/schemas/groups"
import { TextField } from "../../../../components/form-field"
import { CreateRouteModal } from "../../../../components/create-route"
import type { ActionTexts } from "../../../../hooks/use-gateway-action"
import { useCreateGroup } from "../../../../hooks/api/groups"
import { groupText } from "../../../../lib/format"
import { useSchemaForm } from "../../../../lib/form"
import { useIdempotencyKey } from "../../../../lib/idempotency"
import type { AdminGatewayGroupResponse, Json } from "../../../../../types/http"

type Values = { name: string; country_code: string; currency: string; charge_amount: string }
const EMPTY: Values = { name: "", country_code: "", currency: "", charge_amount: "" }

const COPY = {
  title: "Create a card group",
  submit: "Create group",
  description:
    "Opens a group at the gateway, funded with the first amount from the company's account. Cards are issued and funded from its balance.",
}
const TEXTS: ActionTexts<Json<AdminGatewayGroupResponse>> = {
  done: ({ group }) => ({
    title: "Group created",
    description: groupText(group),
  }),
  failed: "Could not create the group",
}

/** Opens a card group at the gateway (`/gateway/groups/create`), funded from the company's account. */
const CreateGroupPage = () => {
  const form = useSchemaForm<Values, typeof AdminCreateGroupSchema>(AdminCreateGroupSchema, EMPTY)
  // One group per form: every submit (a retry, a double click) sends this key, and the API funds it once.
  const create = useCreateGroup(useIdempotencyKey())
  return (
    <CreateRouteModal form={form} mutation={create} testId="create-group" copy={COPY} texts={TEXTS} detail="group">
      <div className="grid grid-cols-2 gap-4">
        <TextField name="name" label="Name" placeholder="Marketing" />
        <TextField name="country_code" label="Country" placeholder="US" />
        <TextField name="currency" label="Currency" placeholder="USD" />
        <TextField
          name="charge_amount"
          label="First funding"
          placeholder="500.00"
          hint="Taken from the company's account, in the group's currency"
        />
      </div>
    </CreateRouteModal>
  )
}

export default CreateGroupPage
