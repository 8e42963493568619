import { AdminCreateCardholderSchema } from "../../../../../api/admin/gateway/schemas/cardholders"
import { TextField } from "../../../../components/form-field"
import { CreateRouteModal } from "../../../../components/create-route"
import type { ActionTexts } from "../../../../hooks/use-gateway-action"
import { useCreateCardholder } from "../../../../hooks/api/cardholders"
import { useSchemaForm } from "../../../../lib/form"
import type { AdminGatewayCardholderResponse, Json } from "../../../../../types/http"

/** The form's fields, in the gateway's names; which are required and how long each may be is the schema's. */
const FIELDS = [
  { name: "first_name", label: "First name" },
  { name: "last_name", label: "Last name" },
  { name: "email", label: "Email", type: "email" },
  { name: "birth_date", label: "Birth date", placeholder: "YYYY-MM-DD", optional: true },
  { name: "mobile_prefix", label: "Mobile prefix", placeholder: "+1", optional: true },
  { name: "mobile", label: "Mobile", optional: true },
  { name: "billing_address", label: "Billing address", optional: true },
  { name: "billing_city", label: "City", optional: true },
  { name: "billing_state", label: "State", optional: true },
  { name: "billing_postal", label: "Postal code", optional: true },
  { name: "billing_country", label: "Country", placeholder: "US", optional: true },
  { name: "remark", label: "Remark", optional: true },
] as const

type Values = Record<(typeof FIELDS)[number]["name"], string>
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f.name, ""])) as Values

const COPY = {
  title: "Create cardholder",
  submit: "Create cardholder",
  description:
    "The person virtual cards are issued to. The gateway records the cardholder; it can be deleted while it has no open cards.",
}
const TEXTS: ActionTexts<Json<AdminGatewayCardholderResponse>> = {
  done: ({ cardholder }) => ({
    title: "Cardholder created",
    description: `${cardholder.first_name} ${cardholder.last_name}`,
  }),
  failed: "Could not create the cardholder",
}

const CreateCardholderPage = () => {
  const form = useSchemaForm<Values, typeof AdminCreateCardholderSchema>(AdminCreateCardholderSchema, EMPTY)
  const create = useCreateCardholder()
  return (
    <CreateRouteModal
      form={form}
      mutation={create}
      testId="create-cardholder"
      copy={COPY}
      texts={TEXTS}
      detail="cardholder"
    >
      <div className="grid grid-cols-2 gap-4">
        {FIELDS.map(({ name, ...field }) => (
          <TextField key={name} name={name} {...field} />
        ))}
      </div>
    </CreateRouteModal>
  )
}

export default CreateCardholderPage
