import { Heading } from "@medusajs/ui"
import { AdminCreatePayoutSchema } from "../../../../../api/admin/gateway/schemas/payouts"
import { SelectField, TextField } from "../../../../components/form-field"
import { CreateRouteModal } from "../../../../components/create-route"
import type { ActionTexts } from "../../../../hooks/use-gateway-action"
import { useCreatePayout } from "../../../../hooks/api/payouts"
import { submitted, useSchemaForm } from "../../../../lib/form"
import { useIdempotencyKey } from "../../../../lib/idempotency"
import type { AdminGatewayPayoutResponse, Json } from "../../../../../types/http"

type Values = {
  payment_amount: string
  payment_currency: string
  reference: string
  reason: string
  beneficiary: {
    entity_type: "COMPANY" | "INDIVIDUAL"
    company_name: string
    first_name: string
    last_name: string
    address: { street_address: string; city: string; country_code: string }
    bank_details: { account_name: string; account_number: string; bank_country_code: string; swift_code: string }
  }
}

const EMPTY: Values = {
  payment_amount: "",
  payment_currency: "USD",
  reference: "",
  reason: "",
  beneficiary: {
    entity_type: "COMPANY",
    company_name: "",
    first_name: "",
    last_name: "",
    address: { street_address: "", city: "", country_code: "" },
    bank_details: { account_name: "", account_number: "", bank_country_code: "", swift_code: "" },
  },
}

const COUNTRY = /^[A-Z]{2}$/
const SWIFT = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/

/**
 * The API's payout schema, plus what this form pays to: a bank account of a named beneficiary (the API takes
 * any party the gateway's schema allows, the gateway then says what it misses).
 */
const BankPayoutSchema = AdminCreatePayoutSchema.superRefine(({ beneficiary: b }, ctx) => {
  const need = (ok: unknown, path: string[], message: string) =>
    ok || ctx.addIssue({ code: "custom", path: ["beneficiary", ...path], message })
  if (b.entity_type === "COMPANY") need(b.company_name, ["company_name"], "is required")
  else {
    need(b.first_name, ["first_name"], "is required")
    need(b.last_name, ["last_name"], "is required")
  }
  need(b.address?.city, ["address", "city"], "is required")
  need(COUNTRY.test(b.address?.country_code ?? ""), ["address", "country_code"], "must be a 2-letter country code")
  const bank = b.bank_details ?? {}
  need(bank.account_name, ["bank_details", "account_name"], "is required")
  need(
    /^[A-Za-z0-9]{4,34}$/.test(bank.account_number ?? ""),
    ["bank_details", "account_number"],
    "must be 4 to 34 letters and digits"
  )
  need(
    COUNTRY.test(bank.bank_country_code ?? ""),
    ["bank_details", "bank_country_code"],
    "must be a 2-letter country code"
  )
  if (bank.swift_code)
    need(SWIFT.test(bank.swift_code), ["bank_details", "swift_code"], "must be an 8 or 11 character SWIFT/BIC code")
})

/** The body: only the chosen kind of name, codes in capitals, the account number without spaces, paid in the payout's currency. */
function toBody({ beneficiary: b, ...payout }: Values) {
  const { company_name, first_name, last_name, address, bank_details, entity_type } = b
  const upper = (s: string) => s.trim().toUpperCase()
  return submitted({
    ...payout,
    beneficiary: {
      entity_type,
      ...(entity_type === "COMPANY" ? { company_name } : { first_name, last_name }),
      address: { ...address, country_code: upper(address.country_code) },
      bank_details: {
        ...bank_details,
        account_number: bank_details.account_number.replace(/\s/g, ""),
        bank_country_code: upper(bank_details.bank_country_code),
        swift_code: upper(bank_details.swift_code),
        account_currency: upper(payout.payment_currency),
      },
    },
  })
}

const COPY = {
  title: "Create payout",
  submit: "Create payout",
  description: "Pays a beneficiary's bank account through the gateway. A payout cannot be taken back.",
}
const TEXTS: ActionTexts<Json<AdminGatewayPayoutResponse>> = {
  done: ({ payout }) => ({
    title: "Payout created",
    description: `${payout.payment_amount} ${payout.payment_currency}: ${payout.status.toLowerCase()}`,
  }),
  failed: "Could not create the payout",
}

const CreatePayoutPage = () => {
  const form = useSchemaForm<Values, typeof BankPayoutSchema>(BankPayoutSchema, EMPTY, toBody)
  // One payout per form: every submit (a retry, a double click) sends this key, and the API pays it once.
  const create = useCreatePayout(useIdempotencyKey())
  const company = form.watch("beneficiary.entity_type") === "COMPANY"
  return (
    <CreateRouteModal form={form} mutation={create} testId="create-payout" copy={COPY} texts={TEXTS} detail="payout">
      <div className="grid grid-cols-2 gap-4">
        <TextField name="payment_amount" label="Amount" placeholder="100.00" />
        <TextField name="payment_currency" label="Currency" placeholder="USD" />
        <TextField name="reference" label="Reference" optional />
        <TextField name="reason" label="Reason" optional />
      </div>
      <div className="flex flex-col gap-y-4">
        <Heading level="h2">Beneficiary</Heading>
        <div className="grid grid-cols-2 gap-4">
          <SelectField
            name="beneficiary.entity_type"
            label="Type"
            options={[
              { value: "COMPANY", label: "Company" },
              { value: "INDIVIDUAL", label: "Individual" },
            ]}
          />
          {company ? (
            <TextField name="beneficiary.company_name" label="Company name" />
          ) : (
            <div className="grid grid-cols-2 gap-4">
              <TextField name="beneficiary.first_name" label="First name" />
              <TextField name="beneficiary.last_name" label="Last name" />
            </div>
          )}
          <TextField name="beneficiary.address.street_address" label="Street address" optional />
          <TextField name="beneficiary.address.city" label="City" />
          <TextField name="beneficiary.address.country_code" label="Country" placeholder="GB" />
        </div>
      </div>
      <div className="flex flex-col gap-y-4">
        <Heading level="h2">Bank account</Heading>
        <div className="grid grid-cols-2 gap-4">
          <TextField name="beneficiary.bank_details.account_name" label="Account holder" />
          <TextField name="beneficiary.bank_details.account_number" label="Account number or IBAN" />
          <TextField name="beneficiary.bank_details.bank_country_code" label="Bank country" placeholder="GB" />
          <TextField name="beneficiary.bank_details.swift_code" label="SWIFT / BIC" optional placeholder="BARCGB22" />
        </div>
      </div>
    </CreateRouteModal>
  )
}

export default CreatePayoutPage
