/**
 * `/v1/retrievalTrans` (form-encoded): the order query's answer, the transaction records. Its filters
 * (`orders`, `trades`) are in the endpoint table (../endpoints.ts).
 */
import { z } from "zod"
import { looseText, resText } from "../../schema-helpers"
import { answerFields, fourteenDigits, recordList } from "./common"

/** A transaction record; an id that matched nothing comes back as `{ order_no | transaction_id, query_result: "2" }`. */
export const transactionRecordSchema = z.looseObject({
  order_no: resText,
  transaction_id: resText,
  amount: resText,
  currency: resText,
  reference_no: resText,
  transaction_date: fourteenDigits,
  website: resText,
  shopper_email: resText,
  shopper_phone: resText,
  payment_status: resText,
  query_result: z.string(),
  is3ds: resText,
  antifraud_provider: resText,
  delivery_information: z
    .looseObject({
      delivery_address: resText,
      delivery_city: resText,
      delivery_country: resText,
      delivery_firstname: resText,
      delivery_lastname: resText,
      delivery_postal_code: resText,
      delivery_state: resText,
    })
    .nullish(),
  fraud_check_result: z.array(z.looseObject({ check_items: looseText, status: looseText })).nullish(),
  subscription_result: z
    .looseObject({
      contract_name: resText,
      recurring_deduction_period: resText,
      recurring_deduction_time: resText,
      recurring_id: resText,
      recurring_status: resText,
    })
    .nullish(),
})
export type TransactionRecord = z.output<typeof transactionRecordSchema>

export const orderQueryResponseSchema = z.looseObject({
  ...answerFields,
  orders_list: recordList(transactionRecordSchema),
})
export type OrderQueryResponse = z.output<typeof orderQueryResponseSchema>
