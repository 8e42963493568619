/** Finds a session's transaction through the order query (`/v1/retrievalTrans`), by order_no = session id. */
import type { AcquiringClient, TransactionRecord } from "../lib/gateway"
import { GatewayState, stateOfRecord } from "./status"

const STATE_PRIORITY: GatewayState[] = ["charged_back", "captured", "partially_refunded", "refunded", "authorized", "review", "pending", "unknown", "canceled", "failed", "not_found"]

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
  const mine = records.filter((r) => r.order_no === orderNo && r.query_result !== "2" && !(r.transaction_id && superseded.includes(r.transaction_id)))
  if (!mine.length) return null
  if (transactionId) {
    const exact = mine.find((r) => r.transaction_id === transactionId)
    if (exact) return exact
  }
  return [...mine].sort((a, b) => STATE_PRIORITY.indexOf(stateOfRecord(a)) - STATE_PRIORITY.indexOf(stateOfRecord(b)))[0]!
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
