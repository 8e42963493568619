/**
 * `/v1/payout`: a payout to a beneficiary. `request_id` identifies the payout (a repeat returns the first one).
 */
import { z } from "zod"
import {
  checkAmounts,
  currencyCode,
  decimal,
  httpUrl,
  optText,
  positiveDecimal,
  reqText,
  resNumber,
  resText,
  ymdDate,
} from "../../schema-helpers"
import { merchantFields } from "./common"

/** What the two parties (beneficiary and payer) both carry. */
const partyFields = {
  company_name: optText(),
  date_of_birth: ymdDate.optional(),
  entity_type: optText(),
  first_name: optText(),
  last_name: optText(),
}

/** The address fields both parties carry (the beneficiary's has more, in the gateway's order). */
const addressFields = {
  city: optText(),
  country_code: optText(),
  postcode: optText(),
  state: optText(),
}

export const payoutBeneficiarySchema = z.strictObject({
  ...partyFields,
  additional_info: z
    .strictObject({
      business_area: optText(),
      business_phone_number: optText(),
      business_registration_number: optText(),
      personal_email: optText(),
      personal_id_number: optText(),
      personal_id_type: optText(),
      personal_mobile_number: optText(),
      personal_net_monthly_average_income: optText(),
      personal_phone_country_code: optText(),
      personal_phone_area_code: optText(),
      personal_fiscal_country: optText(),
    })
    .optional(),
  address: z
    .strictObject({
      ...addressFields,
      street: optText(),
      number: optText(),
      street_address: optText(),
      complement: optText(),
    })
    .optional(),
  person_documents: z
    .array(z.strictObject({ file_type: optText(), file_url: optText(), labels: z.array(z.string()).optional() }))
    .optional(),
  bank_details: z
    .strictObject({
      account_currency: optText(3),
      account_name: optText(),
      owner_document_number: optText(),
      account_number: optText(),
      bank_account_category: optText(),
      bank_branch: optText(),
      bank_country_code: optText(),
      bank_code: optText(),
      bank_name: optText(),
      bank_street_address: optText(),
      binding_mobile_number: optText(),
      iban: optText(),
      swift_code: optText(),
      transaction_reference: optText(),
    })
    .optional(),
})

export const payoutPayerSchema = z.strictObject({
  ...partyFields,
  additional_info: z
    .strictObject({
      business_registration_number: optText(),
      business_registration_type: optText(),
      external_id: optText(),
      personal_email: optText(),
      personal_id_number: optText(),
      job: optText(),
    })
    .optional(),
  address: z.strictObject({ ...addressFields, street_address: optText() }).optional(),
})

export const payoutRequestSchema = z
  .strictObject({
    ...merchantFields,
    request_id: reqText(64),
    beneficiary_id: optText(),
    client_data: optText(),
    fee_paid_by: optText(),
    payment_amount: positiveDecimal(),
    payment_currency: currencyCode,
    payment_date: ymdDate.optional(),
    payment_method: optText(),
    reason: optText(),
    reference: optText(),
    source_amount: decimal().optional(),
    source_currency: currencyCode.optional(),
    swift_charge_option: optText(),
    fund_source: optText(),
    notify_url: httpUrl(2000).optional(),
    beneficiary: payoutBeneficiarySchema.optional(),
    payer: payoutPayerSchema.optional(),
  })
  .superRefine((v, ctx) => {
    checkAmounts(v, ctx, [
      ["payment_amount", "payment_currency"],
      ["source_amount", "source_currency"],
    ])
  })

export type PayoutRequest = Omit<z.input<typeof payoutRequestSchema>, "merchant_id" | "account_id">

const isoDateTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:?\d{2}|Z)$/,
    "must be an ISO 8601 date-time with offset"
  )
  .nullish()

const loose = <T extends z.ZodRawShape>(shape: T) => z.looseObject(shape).nullish()

/** What the gateway answers of either party. */
const partyResponseFields = {
  company_name: resText,
  date_of_birth: resText,
  entity_type: resText,
  first_name: resText,
  last_name: resText,
  additional_info: loose({}),
  address: loose({}),
}

export const payoutResponseSchema = z.looseObject({
  merchant_id: resText,
  account_id: resText,
  request_id: resText,
  beneficiary_id: resText,
  client_data: resText,
  fee_paid_by: resText,
  payment_amount: resText,
  payment_currency: resText,
  payment_date: resText,
  payment_method: resText,
  reason: resText,
  reference: resText,
  source_amount: resText,
  source_currency: resText,
  swift_charge_option: resText,
  fund_source: resText,
  beneficiary: loose({
    ...partyResponseFields,
    person_documents: z.array(z.looseObject({})).nullish(),
    bank_details: loose({ local_clearing_system: resText }),
  }),
  payer: loose(partyResponseFields),
  amount_beneficiary_receives: resNumber.nullish(),
  amount_payer_pays: resNumber.nullish(),
  created_at: isoDateTime,
  last_updated_at: isoDateTime,
  failure_reason: resText,
  failure_type: resText,
  fee_amount: resNumber.nullish(),
  fee_currency: resText,
  payer_id: resText,
  transaction_id: resText,
  short_reference_id: resText,
  status: z.string().min(1),
})
export type PayoutResponse = z.output<typeof payoutResponseSchema>
