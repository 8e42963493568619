import { Label, Switch } from "@medusajs/ui"
import { useEffect, useMemo, useState } from "react"
import { Controller, useFormContext } from "react-hook-form"
import { AdminCreateCardsSchema } from "../../../../../api/admin/gateway/schemas/cards"
import { TextField } from "../../../../components/form-field"
import { RecordSelectField } from "../../../../components/record-select-field"
import { CreateRouteModal } from "../../../../components/create-route"
import type { ActionTexts } from "../../../../hooks/use-gateway-action"
import { useCardholders } from "../../../../hooks/api/cardholders"
import { useCreateCards } from "../../../../hooks/api/cards"
import { useGroups } from "../../../../hooks/api/groups"
import { useIdempotencyKey } from "../../../../lib/idempotency"
import { submitted, useSchemaForm, withCurrency } from "../../../../lib/form"
import type { AdminGatewayCreateCardsResponse, Json } from "../../../../../types/http"

type Values = {
  cardholder_id: string
  group_id: string
  charge_amount: string
  pieces: string
  alias: string
  start_date: string
  end_date: string
  shared: boolean
  multi_use: boolean
}
const EMPTY: Values = {
  cardholder_id: "",
  group_id: "",
  charge_amount: "",
  pieces: "1",
  alias: "",
  start_date: "",
  end_date: "",
  shared: false,
  multi_use: true,
}

/** The number of cards is typed as text; the API takes a number. */
const toBody = (v: Values) => submitted({ ...v, pieces: v.pieces.trim() === "" ? "" : Number(v.pieces) })

function Toggle({ name, label }: { name: "shared" | "multi_use"; label: string }) {
  const { control } = useFormContext<Values>()
  return (
    <div className="flex items-center gap-x-2">
      <Controller
        name={name}
        control={control}
        render={({ field }) => <Switch id={name} checked={field.value} onCheckedChange={field.onChange} />}
      />
      <Label htmlFor={name} size="small">
        {label}
      </Label>
    </div>
  )
}

const COPY = {
  title: "Create virtual cards",
  submit: "Create cards",
  description: "Issues one or more alike cards to a cardholder, each funded from the group's balance.",
}
const TEXTS: ActionTexts<Json<AdminGatewayCreateCardsResponse>> = {
  done: (r) => {
    const title = `${r.created} card${r.created === 1 ? "" : "s"} created`
    if (!r.failed) return { title }
    const reason = r.results.find((x) => !x.ok)?.error
    return { title, warning: true, description: `${r.failed} could not be created${reason ? `: ${reason}` : ""}` }
  },
  failed: "Could not create the cards",
}

const CreateCardsPage = () => {
  const cardholders = useCardholders({ status: "active", limit: 100 })
  const groups = useGroups({ status: "active", limit: 100 })
  // One creation per form: every submit (a retry, a double click) sends this key, and the API funds it once.
  const create = useCreateCards(useIdempotencyKey())
  // The amount's decimals are the chosen group's currency's (the API checks them against the group too).
  const [currency, setCurrency] = useState<string>()
  const schema = useMemo(() => withCurrency(AdminCreateCardsSchema, "charge_amount", currency), [currency])
  const form = useSchemaForm<Values, typeof schema>(schema, EMPTY, toBody)
  const group = groups.data?.groups.find((g) => g.id === form.watch("group_id"))
  useEffect(() => setCurrency(group?.currency), [group?.currency])
  return (
    <CreateRouteModal form={form} mutation={create} testId="create-cards" copy={COPY} texts={TEXTS}>
      <div className="grid grid-cols-2 gap-4">
        <RecordSelectField
          noun="cardholder"
          label="Cardholder"
          query={cardholders}
          option={(c) => `${c.first_name} ${c.last_name} (${c.email})`}
        />
        <RecordSelectField
          noun="group"
          label="Card group"
          query={groups}
          option={(g) => `${g.gateway_group_id}${g.name ? ` ${g.name}` : ""} · ${g.balance ?? "-"} ${g.currency}`}
        />
        <TextField
          name="charge_amount"
          label={`Amount per card${group ? ` (${group.currency})` : ""}`}
          placeholder="50.00"
        />
        <TextField name="pieces" label="Number of cards" hint="1 to 50" type="number" min={1} max={50} />
        <TextField name="alias" label="Alias" optional />
        <div />
        <TextField name="start_date" label="Valid from" optional type="date" />
        <TextField name="end_date" label="Valid until" optional type="date" />
      </div>
      <div className="flex flex-col gap-y-3">
        <Toggle name="shared" label="Shared card (its limit can be changed later)" />
        <Toggle name="multi_use" label="Multi-use (otherwise one payment only)" />
      </div>
    </CreateRouteModal>
  )
}

export default CreateCardsPage
