/**
 * Virtual cards: `/card/create`, `/card/query`, `/card/refund` (withdraw to the group), `/card/status`
 * (block "2" / activate "1"), `/card/close`, `/card/update` (limit of a shared card), `/card/charge` (recharge).
 */
import { z } from "zod"
import {
  countText,
  currencyCode,
  flagText,
  idText,
  looseText,
  optText,
  resInt,
  resNumber,
  resText,
  ymdDate,
} from "../../schema-helpers"
import { amountInCurrency, cardRequest, issuingRequest, positiveAmount } from "./common"

export const cardCreateRequestSchema = issuingRequest({
  connector_bin_id: idText().optional(),
  cardholder_id: idText(),
  group_id: idText(),
  charge_amount: positiveAmount,
  card_alias: optText(64),
  pieces: countText(1, 50),
  start_date: ymdDate.optional(),
  end_date: ymdDate.optional(),
  enable_currency_check: flagText.optional(),
  enable_shared: flagText.optional(),
  enable_multi_use: flagText.optional(),
}).superRefine((v, ctx) => {
  if (v.start_date && v.end_date && v.end_date < v.start_date) {
    ctx.addIssue({ code: "custom", path: ["end_date"], message: "must not be before start_date" })
  }
})
export type CardCreateRequest = z.input<typeof cardCreateRequestSchema>

/** The card's number and security data, as both a created card and a queried one carry them. */
const cardDataFields = { cardNumber: resText, cvv: looseText, expireYear: looseText, expireMonth: looseText }

/** The card's use and validity, as both a created card and a queried one carry them. */
const cardTermFields = {
  isOneTime: looseText,
  amountLimit: looseText,
  applicationDate: resText,
  validStarDate: resText,
  validEndDate: resText,
}

export const cardCreateEntrySchema = z.looseObject({
  status: z.union([z.string(), z.number()]).transform(String),
  errorMsg: z.string().nullish(),
  ...cardDataFields,
  cardId: resInt.nullish(),
  cardGroupId: looseText,
  cardholderId: resInt.nullish(),
  cardBinId: resInt.nullish(),
  amount: resNumber.nullish(),
  currency: resText,
  cardAlias: resText,
  pieces: resInt.nullish(),
  currencyCheck: looseText,
  groupName: resText,
  ...cardTermFields,
  reqNo: resInt.nullish(),
})
export const cardCreateResponseSchema = z.looseObject({
  createResultInfoList: z.array(cardCreateEntrySchema),
})
export type CardCreateEntry = z.output<typeof cardCreateEntrySchema>
export type CardCreateResult = { createResultInfoList: (CardCreateEntry & { ok: boolean })[] }

export const cardQueryRequestSchema = z.strictObject({ cardId: idText() })
export type CardQueryRequest = z.input<typeof cardQueryRequestSchema>

export const cardRecordSchema = z.looseObject({
  cardId: resInt,
  cardAlias: resText,
  ...cardDataFields,
  balance: resNumber,
  cardholderId: resInt.nullish(),
  status: z.union([z.string(), z.number()]).transform(String),
  groupName: resText,
  cardType: looseText,
  ...cardTermFields,
  merchants: z.unknown().optional(),
  merchantsRestriction: z.unknown().optional(),
  merchantCategories: z.unknown().optional(),
  merchantCategoriesRestriction: z.unknown().optional(),
  spendingTransactionLimit: z.unknown().optional(),
})
export type CardRecord = z.output<typeof cardRecordSchema>

export const cardRefundRequestSchema = cardRequest({ refund_amount: positiveAmount })
export type CardRefundRequest = z.input<typeof cardRefundRequestSchema>

export const cardStatusRequestSchema = cardRequest({
  status: z.enum(["1", "2"], { error: 'must be "1" (active) or "2" (blocked)' }),
})
export type CardStatusRequest = z.input<typeof cardStatusRequestSchema>

export const cardCloseRequestSchema = cardRequest({})
export type CardCloseRequest = z.input<typeof cardCloseRequestSchema>

export const cardUpdateRequestSchema = amountInCurrency(
  cardRequest({ authLimitAmount: positiveAmount, updateCurrency: currencyCode }),
  "authLimitAmount",
  "updateCurrency"
)
export type CardUpdateRequest = z.input<typeof cardUpdateRequestSchema>

export const cardChargeRequestSchema = cardRequest({ charge_amount: positiveAmount })
export type CardChargeRequest = z.input<typeof cardChargeRequestSchema>
