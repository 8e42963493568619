import { AdminCreateCardholderSchema } from "../../../../../api/admin/gateway/schemas/cardholders"
import { TextField } from "../../../../components/form-field"
import { RouteFormModal, useRouteModal } from "../../../../components/route-form-modal"
import { useCreateCardholder } from "../../../../hooks/api/cardholders"
import { useGatewayAction } from "../../../../hooks/use-gateway-action"
import { useSchemaForm } from "../../../../lib/form"

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

const CreateCardholderPage = () => {
  const form = useSchemaForm<Values, typeof AdminCreateCardholderSchema>(AdminCreateCardholderSchema, EMPTY)
  const create = useCreateCardholder()
  const run = useGatewayAction()
  const modal = useRouteModal("/gateway/cardholders")
  return (
    <RouteFormModal
      form={form}
      onClose={modal.close}
      onSubmit={(body) =>
        run(
          create,
          body,
          {
            done: ({ cardholder }) => ({ title: "Cardholder created", description: `${cardholder.first_name} ${cardholder.last_name}` }),
            failed: "Could not create the cardholder",
          },
          ({ cardholder }) => modal.navigate(`/gateway/cardholders/${cardholder.id}`, { replace: true })
        )
      }
      title="Create cardholder"
      description="The person virtual cards are issued to. The gateway records the cardholder; it can be deleted while it has no open cards."
      submitLabel="Create cardholder"
      submitTestId="create-cardholder-submit"
      isPending={create.isPending}
    >
      <div className="grid grid-cols-2 gap-4">
        {FIELDS.map(({ name, ...field }) => (
          <TextField key={name} name={name} {...field} />
        ))}
      </div>
    </RouteFormModal>
  )
}

export default CreateCardholderPage
