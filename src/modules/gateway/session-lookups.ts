/**
 * Gateway reads shared between requests of this process: the order query of a session waiting for the shopper
 * (one in flight per session, handed on to the authorisation of the same request) and the payment-method rankings.
 */
import type { AcquiringClient, TransactionRecord } from "../../lib/gateway"
import { HandedOrderQueries, pickSessionRecord, ShortCache } from "../../domain"

/** How long a payment-method ranking is reused for the same cart and amount. */
export const RANKING_TTL_MS = 10_000

/**
 * The order query of a session waiting for the shopper, shared by every cart completion asking at the same
 * moment (anyone with the cart id can call complete). Nothing is kept afterwards (ttl 0): a shopper back from a
 * frictionless 3-D Secure a second later must read the new state. The records are handed to `handed`.
 */
export function waitingSessionTransaction(
  queries: ShortCache<TransactionRecord | null>,
  handed: HandedOrderQueries,
  acquiring: () => AcquiringClient,
  orderNo: string,
  transactionId?: string | null
): Promise<TransactionRecord | null> {
  return queries.get(`${orderNo}|${transactionId ?? ""}`, 0, async () => {
    const records = (await acquiring().orderQuery({ orders: [orderNo] })).orders_list ?? []
    handed.hand(orderNo, records)
    return pickSessionRecord(records, orderNo, transactionId)
  })
}

/** A payment-method ranking by `key`, fetched once and kept for RANKING_TTL_MS; a failed fetch is not kept. */
export function rankingFor<T>(
  rankings: ShortCache<unknown>,
  key: string,
  fetch: () => Promise<T>,
  keep: (ranking: T) => boolean
): Promise<T> {
  return rankings.get(
    key,
    RANKING_TTL_MS,
    fetch as () => Promise<unknown>,
    keep as (v: unknown) => boolean
  ) as Promise<T>
}
