/** Card groups: `/group/query`, `/group/close`, `/group/create`, `/group/refund`. */
import { z } from "zod"
import { currencyCode, looseText, reqText, resNumber, resText } from "../../schema-helpers"
import { amountInCurrency, groupRequest, issuingRequest, positiveAmount } from "./common"

export const groupIdRequestSchema = groupRequest({})
export type GroupQueryRequest = z.input<typeof groupIdRequestSchema>
export type GroupCloseRequest = z.input<typeof groupIdRequestSchema>

export const groupCreateRequestSchema = amountInCurrency(
  issuingRequest({
    group_name: reqText(64),
    country_code: z.string().regex(/^[A-Za-z]{2}$/, "must be a 2-letter country code"),
    currency: currencyCode,
    charge_amount: positiveAmount,
  }),
  "charge_amount",
  "currency"
)
export type GroupCreateRequest = z.input<typeof groupCreateRequestSchema>

export const groupRefundRequestSchema = groupRequest({ refund_amount: positiveAmount })
export type GroupRefundRequest = z.input<typeof groupRefundRequestSchema>

export const groupRecordSchema = z.looseObject({
  groupId: z.union([z.string(), z.number()]).transform(String),
  groupName: resText,
  currency: resText,
  countryCode: resText,
  applicationDate: resText,
  balance: resNumber,
  status: looseText,
})
export type GroupRecord = z.output<typeof groupRecordSchema>
