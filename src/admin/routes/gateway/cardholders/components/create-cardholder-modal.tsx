import { Input, toast } from "@medusajs/ui"
import { useState } from "react"
import { useNavigate } from "react-router-dom"
import { CreateFormModal } from "../../../../components/create-form-modal"
import { FormField } from "../../../../components/form-field"
import { useCreateCardholder } from "../../../../hooks/api/cardholders"
import { errorMessage } from "../../../../lib/format"
import { validateDate, validateEmail, validateLength } from "../../../../lib/validation"

const FIELDS = [
  { key: "first_name", label: "First name", max: 64, required: true },
  { key: "last_name", label: "Last name", max: 64, required: true },
  { key: "email", label: "Email", max: 100, required: true },
  { key: "birth_date", label: "Birth date", max: 10, placeholder: "YYYY-MM-DD" },
  { key: "mobile_prefix", label: "Mobile prefix", max: 8, placeholder: "+1" },
  { key: "mobile", label: "Mobile", max: 32 },
  { key: "billing_address", label: "Billing address", max: 255 },
  { key: "billing_city", label: "City", max: 64 },
  { key: "billing_state", label: "State", max: 64 },
  { key: "billing_postal", label: "Postal code", max: 16 },
  { key: "billing_country", label: "Country", max: 64, placeholder: "US" },
  { key: "remark", label: "Remark", max: 255 },
] as const

type Key = (typeof FIELDS)[number]["key"]
type Form = Record<Key, string>
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f.key, ""])) as Form

/** AdminCreateCardholderSchema's rules. */
function validate(f: Form): Partial<Record<Key, string>> {
  const e: Partial<Record<Key, string>> = {}
  for (const d of FIELDS) {
    const v = f[d.key].trim()
    if ("required" in d && d.required && !v) e[d.key] = `Enter the ${d.label.toLowerCase()}`
    else {
      const m = validateLength(v, d.max, d.label)
      if (m) e[d.key] = m
    }
  }
  if (!e.email) {
    const m = validateEmail(f.email)
    if (m) e.email = m
  }
  if (f.birth_date.trim()) {
    const m = validateDate(f.birth_date)
    if (m) e.birth_date = m
  }
  return e
}

export const CreateCardholderModal = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const [form, setForm] = useState<Form>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({})
  const create = useCreateCardholder()
  const navigate = useNavigate()
  const close = (o: boolean) => {
    if (!o) {
      setForm(EMPTY)
      setErrors({})
    }
    onOpenChange(o)
  }
  const submit = (ev: React.FormEvent) => {
    ev.preventDefault()
    const found = validate(form)
    setErrors(found)
    if (Object.keys(found).length) return
    const body = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()]).filter(([, v]) => v !== ""))
    create.mutate(body, {
      onSuccess: ({ cardholder }) => {
        toast.success("Cardholder created", { description: `${cardholder.first_name} ${cardholder.last_name}` })
        close(false)
        navigate(`/gateway/cardholders/${cardholder.id}`)
      },
      onError: (e) => toast.error("Could not create the cardholder", { description: errorMessage(e) }),
    })
  }
  return (
    <CreateFormModal
      open={open}
      onOpenChange={close}
      onSubmit={submit}
      title="Create cardholder"
      description="The person virtual cards are issued to. The gateway records the cardholder; it can be deleted while it has no open cards."
      submitLabel="Create cardholder"
      submitTestId="create-cardholder-submit"
      isPending={create.isPending}
    >
              <div className="grid grid-cols-2 gap-4">
                {FIELDS.map((d) => (
                  <FormField key={d.key} label={d.label} name={d.key} optional={!("required" in d && d.required)} error={errors[d.key]}>
                    <Input
                      id={d.key}
                      name={d.key}
                      type={d.key === "email" ? "email" : "text"}
                      placeholder={"placeholder" in d ? d.placeholder : undefined}
                      value={form[d.key]}
                      onChange={(e) => setForm((f) => ({ ...f, [d.key]: e.target.value }))}
                      aria-invalid={!!errors[d.key]}
                    />
                  </FormField>
                ))}
              </div>
    </CreateFormModal>
  )
}
