/** Finds a session's transaction through the order query (`/v1/retrievalTrans`), by order_no = session id. */
import type { AcquiringClient, TransactionRecord } from "../lib/gateway"
import { GatewayState, stateOfRecord } from "./status"

const STATE_PRIORITY: GatewayState[] = [
  "charged_back",
  "captured",
  "partially_refunded",
  "refunded",
  "authorized",
  "review",
  "pending",
  "unknown",
  "canceled",
  "failed",
  "not_found",
]

/**
 * The current transaction of order `orderNo` among `records`: the one with `transactionId` when known, else
 * the most advanced one; transactions of earlier attempts (`superseded`) never count. Null when there is none.
 */
export function pickSessionRecord(
  records: readonly TransactionRecord[],
  orderNo: string,
  transactionId?: string | null,
  superseded: readonly string[] = []
): TransactionRecord | null {
  const mine = records.filter(
    (r) =>
      r.order_no === orderNo && r.query_result !== "2" && !(r.transaction_id && superseded.includes(r.transaction_id))
  )
  if (!mine.length) return null
  if (transactionId) {
    const exact = mine.find((r) => r.transaction_id === transactionId)
    if (exact) return exact
  }
  // A subscription's later deductions share the order number [assumed]: the payment is the contract's first.
  const rid = (r: TransactionRecord) => r.subscription_result?.recurring_id || null
  const payments = mine.filter(
    (r) => !rid(r) || !mine.some((o) => rid(o) === rid(r) && (o.transaction_date ?? "") < (r.transaction_date ?? ""))
  )
  return [...payments].sort(
    (a, b) => STATE_PRIORITY.indexOf(stateOfRecord(a)) - STATE_PRIORITY.indexOf(stateOfRecord(b))
  )[0]!
}

/** One order's current transaction through the order query; query failures throw. */
export async function findSessionTransaction(
  client: AcquiringClient,
  orderNo: string,
  transactionId?: string | null,
  superseded: readonly string[] = []
): Promise<TransactionRecord | null> {
  const res = await client.orderQuery({ orders: [orderNo] })
  return pickSessionRecord(res.orders_list ?? [], orderNo, transactionId, superseded)
}

/** One transaction by its id through the order query (`trades`); query failures throw. */
export async function findTransaction(
  client: AcquiringClient,
  transactionId: string
): Promise<TransactionRecord | null> {
  const res = await client.orderQuery({ trades: [transactionId] })
  return (res.orders_list ?? []).find((r) => r.transaction_id === transactionId && r.query_result !== "2") ?? null
}
