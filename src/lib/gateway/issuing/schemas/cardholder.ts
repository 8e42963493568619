/** Cardholders: `/cardholder/create`, `/cardholder/delete`, `/cardholder/query`. */
import { z } from "zod"
import { idText, optText, reqText, resInt, resText, looseText, ymdDate } from "../../schema-helpers"
import { issuingRequest } from "./common"

export const cardholderCreateRequestSchema = issuingRequest({
  first_name: reqText(64),
  last_name: reqText(64),
  email: z.email("must be an email address").max(100),
  birth_date: ymdDate.optional(),
  mobile_prefix: optText(8),
  mobile: optText(32),
  billing_country: optText(64),
  billing_state: optText(64),
  billing_city: optText(64),
  billing_address: optText(255),
  billing_postal: optText(16),
  remark: optText(255),
})
export type CardholderCreateRequest = z.input<typeof cardholderCreateRequestSchema>

export const cardholderIdRequestSchema = issuingRequest({ cardholderId: idText() })
export type CardholderDeleteRequest = z.input<typeof cardholderIdRequestSchema>
export type CardholderQueryRequest = z.input<typeof cardholderIdRequestSchema>

export const cardholderRecordSchema = z.looseObject({
  cardholderId: resInt,
  firstName: resText,
  lastName: resText,
  email: resText,
  mobilePrefix: looseText,
  mobile: looseText,
  birthDate: resText,
  countryCode: resText,
  billingState: resText,
  billingCity: resText,
  billingAddress: resText,
  billingPostal: looseText,
  remark: resText,
  isStatus: looseText,
  status: looseText,
  companyId: resInt.nullish(),
})
export type CardholderRecord = z.output<typeof cardholderRecordSchema>
