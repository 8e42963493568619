import { Heading, Input, Select, toast } from "@medusajs/ui"
import { useState } from "react"
import { useNavigate } from "react-router-dom"
import { CreateFormModal } from "../../../../components/create-form-modal"
import { FormField } from "../../../../components/form-field"
import { useCreatePayout } from "../../../../hooks/api/payouts"
import { errorMessage } from "../../../../lib/format"
import { validateAmount, validateCurrency, validateLength } from "../../../../lib/validation"

type Form = {
  payment_amount: string
  payment_currency: string
  reference: string
  reason: string
  entity_type: "COMPANY" | "INDIVIDUAL"
  company_name: string
  first_name: string
  last_name: string
  street_address: string
  city: string
  country_code: string
  account_name: string
  account_number: string
  bank_country_code: string
  swift_code: string
}

const EMPTY: Form = {
  payment_amount: "",
  payment_currency: "USD",
  reference: "",
  reason: "",
  entity_type: "COMPANY",
  company_name: "",
  first_name: "",
  last_name: "",
  street_address: "",
  city: "",
  country_code: "",
  account_name: "",
  account_number: "",
  bank_country_code: "",
  swift_code: "",
}

/** The same rules as AdminCreatePayoutSchema (and the gateway's party schema) for the fields of this form. */
function validate(f: Form): Partial<Record<keyof Form, string>> {
  const e: Partial<Record<keyof Form, string>> = {}
  const put = (k: keyof Form, m: string | null) => m && (e[k] = m)
  put("payment_currency", validateCurrency(f.payment_currency))
  put("payment_amount", validateAmount(f.payment_amount, e.payment_currency ? undefined : f.payment_currency))
  put("reference", validateLength(f.reference, 255, "Reference"))
  put("reason", validateLength(f.reason, 255, "Reason"))
  if (f.entity_type === "COMPANY") {
    if (!f.company_name.trim()) e.company_name = "Enter the company name"
  } else {
    if (!f.first_name.trim()) e.first_name = "Enter the first name"
    if (!f.last_name.trim()) e.last_name = "Enter the last name"
  }
  if (!f.city.trim()) e.city = "Enter the city"
  if (!/^[A-Za-z]{2}$/.test(f.country_code.trim())) e.country_code = "Enter a 2-letter country code"
  if (!f.account_name.trim()) e.account_name = "Enter the account holder's name"
  if (!/^[A-Za-z0-9]{4,34}$/.test(f.account_number.replace(/\s/g, ""))) e.account_number = "Enter an account number or IBAN (4-34 letters and digits)"
  if (!/^[A-Za-z]{2}$/.test(f.bank_country_code.trim())) e.bank_country_code = "Enter a 2-letter country code"
  if (f.swift_code.trim() && !/^[A-Za-z]{6}[A-Za-z0-9]{2}([A-Za-z0-9]{3})?$/.test(f.swift_code.trim())) e.swift_code = "Enter an 8 or 11 character SWIFT/BIC code"
  return e
}

function toBody(f: Form) {
  const currency = f.payment_currency.trim().toUpperCase()
  const name = f.entity_type === "COMPANY" ? { company_name: f.company_name.trim() } : { first_name: f.first_name.trim(), last_name: f.last_name.trim() }
  return {
    payment_amount: f.payment_amount.trim(),
    payment_currency: currency,
    ...(f.reference.trim() ? { reference: f.reference.trim() } : {}),
    ...(f.reason.trim() ? { reason: f.reason.trim() } : {}),
    beneficiary: {
      entity_type: f.entity_type,
      ...name,
      address: { city: f.city.trim(), country_code: f.country_code.trim().toUpperCase(), ...(f.street_address.trim() ? { street_address: f.street_address.trim() } : {}) },
      bank_details: {
        account_name: f.account_name.trim(),
        account_number: f.account_number.replace(/\s/g, ""),
        bank_country_code: f.bank_country_code.trim().toUpperCase(),
        account_currency: currency,
        ...(f.swift_code.trim() ? { swift_code: f.swift_code.trim().toUpperCase() } : {}),
      },
    },
  }
}

export const CreatePayoutModal = ({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) => {
  const [form, setForm] = useState<Form>(EMPTY)
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({})
  const create = useCreatePayout()
  const navigate = useNavigate()
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }))
  const field = (k: keyof Form, label: string, opts: { optional?: boolean; placeholder?: string; hint?: string } = {}) => (
    <FormField label={label} name={k} optional={opts.optional} error={errors[k]} hint={opts.hint}>
      <Input id={k} name={k} value={form[k]} onChange={set(k)} placeholder={opts.placeholder} aria-invalid={!!errors[k]} />
    </FormField>
  )

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
    create.mutate(toBody(form), {
      onSuccess: ({ payout }) => {
        toast.success("Payout created", { description: `${payout.payment_amount} ${payout.payment_currency}: ${payout.status.toLowerCase()}` })
        close(false)
        navigate(`/gateway/payouts/${payout.id}`)
      },
      onError: (e) => toast.error("Could not create the payout", { description: errorMessage(e) }),
    })
  }

  return (
    <CreateFormModal
      open={open}
      onOpenChange={close}
      onSubmit={submit}
      title="Create payout"
      description="Pays a beneficiary's bank account through the gateway. A payout cannot be taken back."
      submitLabel="Create payout"
      submitTestId="create-payout-submit"
      isPending={create.isPending}
    >
              <div className="grid grid-cols-2 gap-4">
                {field("payment_amount", "Amount", { placeholder: "100.00" })}
                {field("payment_currency", "Currency", { placeholder: "USD" })}
                {field("reference", "Reference", { optional: true })}
                {field("reason", "Reason", { optional: true })}
              </div>
              <div className="flex flex-col gap-y-4">
                <Heading level="h2">Beneficiary</Heading>
                <div className="grid grid-cols-2 gap-4">
                  <FormField label="Type" name="entity_type">
                    <Select value={form.entity_type} onValueChange={(v) => setForm((f) => ({ ...f, entity_type: v as Form["entity_type"] }))}>
                      <Select.Trigger id="entity_type">
                        <Select.Value />
                      </Select.Trigger>
                      <Select.Content>
                        <Select.Item value="COMPANY">Company</Select.Item>
                        <Select.Item value="INDIVIDUAL">Individual</Select.Item>
                      </Select.Content>
                    </Select>
                  </FormField>
                  {form.entity_type === "COMPANY" ? (
                    field("company_name", "Company name")
                  ) : (
                    <div className="grid grid-cols-2 gap-4">
                      {field("first_name", "First name")}
                      {field("last_name", "Last name")}
                    </div>
                  )}
                  {field("street_address", "Street address", { optional: true })}
                  {field("city", "City")}
                  {field("country_code", "Country", { placeholder: "GB" })}
                </div>
              </div>
              <div className="flex flex-col gap-y-4">
                <Heading level="h2">Bank account</Heading>
                <div className="grid grid-cols-2 gap-4">
                  {field("account_name", "Account holder")}
                  {field("account_number", "Account number or IBAN")}
                  {field("bank_country_code", "Bank country", { placeholder: "GB" })}
                  {field("swift_code", "SWIFT / BIC", { optional: true, placeholder: "BARCGB22" })}
                </div>
              </div>
    </CreateFormModal>
  )
}
