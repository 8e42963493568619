/**
 * The issuing API's endpoints, one row each: the one place an endpoint's facts live (path, how it spells the
 * company id, whether `request_id` is sent, retry safety, `sign` fields, request and `data` schemas, how its
 * result reads). Sources: interface.md, gateway-notes.md ([doc]) and docs/gateway-contract.md ([assumed]);
 * each row can be overridden from the client options (`paths`, `signatureOverrides`, `fieldNames`, ...).
 */
import { z } from "zod"
import {
  cardChargeRequestSchema,
  cardCloseRequestSchema,
  cardCreateRequestSchema,
  cardCreateResponseSchema,
  cardQueryRequestSchema,
  cardRecordSchema,
  cardRefundRequestSchema,
  cardStatusRequestSchema,
  cardUpdateRequestSchema,
} from "./schemas/card"
import { cardholderCreateRequestSchema, cardholderIdRequestSchema, cardholderRecordSchema } from "./schemas/cardholder"
import { operationResultSchema } from "./schemas/common"
import {
  groupCreateRequestSchema,
  groupIdRequestSchema,
  groupRecordSchema,
  groupRefundRequestSchema,
} from "./schemas/group"

/**
 * How `data` reads: "record" (a cardholder, card or group), "operation" (`{ status, reqNo, errorMsg }`: `ok`
 * added), "cards" (card creation entries: `ok` added to each), "none" (null), "any" (unvalidated: the
 * endpoints the docs name without fields).
 */
export type IssuingResultKind = "record" | "operation" | "cards" | "none" | "any"

export interface IssuingEndpoint {
  /** null: not offered until a path is configured (the docs name the endpoint without one). */
  path: string | null
  /** How this endpoint spells the company id. */
  companyField: "company_id" | "companyId"
  /** "always": sent ("" by default, as in the samples); "optional": sent only when given. */
  requestId: "always" | "optional"
  retrySafe: boolean
  /** The values before the api key ("fields" scheme); `company_id` also reads `companyId`. */
  signature: readonly string[]
  request: z.ZodObject | null
  data: z.ZodType
  result: IssuingResultKind
  /** The answer carries card data (card number, CVV, expiry): its bodies are never logged. */
  cardData?: boolean
}

const fieldsAsSent = null
const anyData = z.unknown()

export const ISSUING_ENDPOINTS = Object.freeze({
  cardholderCreate: {
    path: "/cardholder/create",
    companyField: "company_id",
    requestId: "always",
    retrySafe: false,
    signature: ["company_id", "email", "first_name", "last_name"], // [doc]
    request: cardholderCreateRequestSchema,
    data: cardholderRecordSchema,
    result: "record",
  },
  cardholderDelete: {
    path: "/cardholder/delete",
    companyField: "companyId",
    requestId: "always",
    retrySafe: false,
    signature: ["company_id", "cardholderId"], // [doc]
    request: cardholderIdRequestSchema,
    data: anyData,
    result: "none",
  },
  cardholderQuery: {
    path: "/cardholder/query",
    companyField: "companyId",
    requestId: "always",
    retrySafe: true,
    signature: ["company_id", "cardholderId"], // [doc]
    request: cardholderIdRequestSchema,
    data: cardholderRecordSchema,
    result: "record",
  },
  groupQuery: {
    path: "/group/query",
    companyField: "company_id",
    requestId: "always",
    retrySafe: true,
    signature: ["company_id", "group_id"], // [assumed, contract]
    request: groupIdRequestSchema,
    data: groupRecordSchema,
    result: "record",
  },
  groupClose: {
    path: "/group/close",
    companyField: "company_id",
    requestId: "always",
    retrySafe: false,
    signature: ["company_id", "group_id"], // [assumed, contract]
    request: groupIdRequestSchema,
    data: operationResultSchema,
    result: "operation",
  },
  groupCreate: {
    path: "/group/create",
    companyField: "company_id",
    requestId: "optional",
    retrySafe: false,
    signature: ["company_id", "group_name", "charge_amount", "currency"], // [doc]
    request: groupCreateRequestSchema,
    data: operationResultSchema,
    result: "operation",
  },
  groupRefund: {
    path: "/group/refund",
    companyField: "company_id",
    requestId: "optional",
    retrySafe: false,
    signature: ["company_id", "group_id"], // [assumed, contract]
    request: groupRefundRequestSchema,
    data: operationResultSchema,
    result: "operation",
  },
  cardCreate: {
    path: "/card/create",
    companyField: "company_id",
    requestId: "always",
    retrySafe: false,
    signature: ["company_id", "cardholder_id", "group_id"], // [assumed, contract]
    request: cardCreateRequestSchema,
    data: cardCreateResponseSchema,
    result: "cards",
    cardData: true,
  },
  cardQuery: {
    path: "/card/query",
    companyField: "companyId",
    requestId: "optional",
    retrySafe: true,
    signature: ["company_id", "cardId"], // [assumed, contract]
    request: cardQueryRequestSchema,
    data: cardRecordSchema,
    result: "record",
    cardData: true,
  },
  cardRefund: {
    path: "/card/refund",
    companyField: "company_id",
    requestId: "always",
    retrySafe: false,
    signature: ["company_id", "card_id"], // [assumed, contract]
    request: cardRefundRequestSchema,
    data: operationResultSchema,
    result: "operation",
  },
  cardStatus: {
    path: "/card/status",
    companyField: "company_id",
    requestId: "always",
    retrySafe: false,
    signature: ["company_id", "card_id"], // [assumed, contract]
    request: cardStatusRequestSchema,
    data: operationResultSchema,
    result: "operation",
  },
  cardClose: {
    path: "/card/close",
    companyField: "company_id",
    requestId: "always",
    retrySafe: false,
    signature: ["company_id", "card_id"], // [assumed, contract]
    request: cardCloseRequestSchema,
    data: operationResultSchema,
    result: "operation",
  },
  cardUpdate: {
    path: "/card/update",
    companyField: "company_id",
    requestId: "always",
    retrySafe: false,
    signature: ["company_id", "card_id", "authLimitAmount"], // [doc]
    request: cardUpdateRequestSchema,
    data: operationResultSchema,
    result: "operation",
  },
  cardCharge: {
    path: "/card/charge",
    companyField: "company_id",
    requestId: "optional",
    retrySafe: false,
    signature: ["company_id", "card_id", "charge_amount"], // [doc]
    request: cardChargeRequestSchema,
    data: operationResultSchema,
    result: "operation",
  },
  // Named in the docs without path or fields: off until `paths` gives them a path; fields are sent as given. [assumed]
  cardBinQuery: {
    path: null,
    companyField: "company_id",
    requestId: "optional",
    retrySafe: true,
    signature: ["company_id"],
    request: fieldsAsSent,
    data: anyData,
    result: "any",
  },
  groupStatus: {
    path: null,
    companyField: "company_id",
    requestId: "optional",
    retrySafe: false,
    signature: ["company_id", "group_id"],
    request: fieldsAsSent,
    data: anyData,
    result: "any",
  },
  groupCharge: {
    path: null,
    companyField: "company_id",
    requestId: "optional",
    retrySafe: false,
    signature: ["company_id", "group_id", "charge_amount"],
    request: fieldsAsSent,
    data: anyData,
    result: "any",
  },
} as const satisfies Record<string, IssuingEndpoint>)

export type IssuingOperation = keyof typeof ISSUING_ENDPOINTS
export type IssuingSignatureKey = IssuingOperation

/** Operations reachable by path in path-keyed options: "/card/query" → "cardQuery". */
export const ISSUING_PATH_ALIASES: Readonly<Record<string, IssuingOperation>> = Object.freeze(
  Object.fromEntries(
    Object.entries(ISSUING_ENDPOINTS).flatMap(([op, row]) => (row.path ? [[row.path, op as IssuingOperation]] : []))
  )
)

/** The fields each operation sends (answers are under `data`), for the wire map; endpoints without fields accept any name. */
export function knownIssuingFields(): Partial<Record<IssuingOperation, ReadonlySet<string> | null>> {
  const envelope = ["request_id", "company_id", "companyId", "sign", "code", "msg", "data"]
  const out: Partial<Record<IssuingOperation, ReadonlySet<string> | null>> = {}
  for (const [op, row] of Object.entries(ISSUING_ENDPOINTS) as [IssuingOperation, IssuingEndpoint][]) {
    out[op] = row.request ? new Set([...envelope, ...Object.keys(row.request.shape)]) : null
  }
  return out
}
