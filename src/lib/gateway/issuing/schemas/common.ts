/**
 * The issuing answer envelope `{ code, msg: { "zh-CN", "en-US" }, data }`, the operation result most
 * mutations answer, and the request field types (ids travel as text).
 */
import { z } from "zod"
import { checkAmounts, decimal, idText, looseText, optText, resInt } from "../../schema-helpers"

export const issuingEnvelopeSchema = z.looseObject({
  code: z.union(
    [
      z.number().int(),
      z
        .string()
        .regex(/^-?\d+$/)
        .transform(Number),
    ],
    { error: "must be an integer" }
  ),
  msg: z.union([z.looseObject({ "zh-CN": z.string().nullish(), "en-US": z.string().nullish() }), z.string()]).nullish(),
  data: z.unknown(),
})
export type IssuingEnvelope = z.output<typeof issuingEnvelopeSchema>

/** English text of `msg` (falls back to the Chinese text or "" when absent). */
export function envelopeMessage(msg: IssuingEnvelope["msg"]): { en: string; zh?: string } {
  if (msg === null || msg === undefined) return { en: "" }
  if (typeof msg === "string") return { en: msg }
  const en = msg["en-US"] ?? msg["zh-CN"] ?? ""
  return msg["zh-CN"] ? { en, zh: msg["zh-CN"] } : { en }
}

/** Result of most issuing mutations. */
export const operationResultSchema = z.looseObject({
  status: z.union([z.string(), z.number()]).transform(String),
  reqNo: resInt.nullish(),
  errorMsg: z.string().nullish(),
  groupId: looseText,
})
export type OperationResponse = z.output<typeof operationResultSchema>
export type OperationResult = OperationResponse & { /** status "1" */ ok: boolean }

/** A positive amount as decimal text. */
export const positiveAmount = decimal().refine((v) => /[1-9]/.test(v), "must be greater than 0")

/** An issuing request: `request_id` (optional, ≤ 64; the client sends "" where the samples do) and its own fields. */
export const issuingRequest = <S extends z.ZodRawShape>(shape: S) =>
  z.strictObject({ request_id: optText(64), ...shape })

/** A request about one card (`card_id`) or group (`group_id`). */
export const cardRequest = <S extends z.ZodRawShape>(shape: S) => issuingRequest({ card_id: idText(), ...shape })
export const groupRequest = <S extends z.ZodRawShape>(shape: S) => issuingRequest({ group_id: idText(), ...shape })

/** An amount field checked against its currency field's exponent. */
export const amountInCurrency = <S extends z.ZodObject>(schema: S, amount: string, currency: string) =>
  schema.superRefine((v, ctx) => checkAmounts(v as Record<string, unknown>, ctx, [[amount, currency]]))
