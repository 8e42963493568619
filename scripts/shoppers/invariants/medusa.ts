// Medusa's side, read only: gateway payments with their orders, review sessions, carts' orders, sessions, release rows, and the claims they make on transactions.
import type { Client } from "pg"
import { latestTxOfSession } from "./ledger"

export interface Claim {
  /** payment or review_session */
  kind: "payment" | "review_session"
  id: string
  order_id: string
  payment_collection_id: string
  session_id: string
}

/** What the checks read of Medusa's tables (gateway payments, sessions, orders, the plugin's release rows). */
export type MedusaState = Awaited<ReturnType<typeof readMedusa>>

/** Reads Medusa's tables: gateway payments with their order, review sessions of orders, orders by cart, sessions, releases. */
export async function readMedusa(db: Client) {
  const payments = (
    await db.query(`select p.id, p.payment_session_id, p.payment_collection_id, p.canceled_at, p.captured_at, p.amount, p.provider_id,
        p.data->>'transaction_id' as transaction_id, opc.order_id, o.status as order_status,
        coalesce((select json_agg(json_build_object('id', c.id, 'amount', c.amount)) from capture c where c.payment_id = p.id and c.deleted_at is null), '[]') as captures,
        coalesce((select json_agg(json_build_object('id', f.id, 'amount', f.amount, 'metadata', f.metadata)) from refund f where f.payment_id = p.id and f.deleted_at is null), '[]') as refunds
      from payment p
      left join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id and opc.deleted_at is null
      left join "order" o on o.id = opc.order_id and o.deleted_at is null
      where p.provider_id like 'pp_gateway_%' and p.deleted_at is null`)
  ).rows
  const reviewSessions = (
    await db.query(`select ps.id, ps.payment_collection_id, ps.data->>'transaction_id' as transaction_id, opc.order_id
      from payment_session ps
      join order_payment_collection opc on opc.payment_collection_id = ps.payment_collection_id and opc.deleted_at is null
      where ps.provider_id like 'pp_gateway_%' and ps.deleted_at is null and ps.status = 'pending_authorization'
        and not exists (select 1 from payment p where p.payment_session_id = ps.id and p.deleted_at is null)`)
  ).rows
  const orderOfCart = new Map<string, { order_id: string; created_at: Date; status: string }>(
    (
      await db.query(`select oc.cart_id, oc.order_id, o.created_at, o.status from order_cart oc join "order" o on o.id = oc.order_id
        where oc.deleted_at is null and o.deleted_at is null`)
    ).rows.map((r) => [r.cart_id, { order_id: r.order_id, created_at: r.created_at, status: r.status }])
  )
  // Where a session the harness never saw (its creation answered nothing) belongs: its collection's cart.
  const sessionCart = new Map<string, { cart_id: string; status: string }>(
    (
      await db.query(`select ps.id, cpc.cart_id, ps.status from payment_session ps
        join cart_payment_collection cpc on cpc.payment_collection_id = ps.payment_collection_id and cpc.deleted_at is null`)
    ).rows.map((r) => [r.id, { cart_id: r.cart_id, status: r.status }])
  )
  // A live session's status, and for a gateway session what its data says of the attempt (a violation shows it).
  const liveSession = new Map<string, string>(
    (
      await db.query(`select id, status, case when provider_id like 'pp_gateway_%' then concat_ws(' ',
          'gateway_state=' || (data->>'gateway_state'), 'outcome_unknown=' || (data->>'outcome_unknown'),
          'transaction_id=' || (data->>'transaction_id')) end as attempt
        from payment_session where deleted_at is null`)
    ).rows.map((r) => [r.id, r.attempt ? `${r.status}; ${r.attempt}` : r.status])
  )
  const hasReleaseTable = Boolean((await db.query(`select to_regclass('public.gateway_release') as t`)).rows[0]?.t)
  const releases: any[] = hasReleaseTable
    ? (
        await db.query(
          `select transaction_id, order_no, reason, status, how, order_id, note from gateway_release where deleted_at is null`
        )
      ).rows
    : []
  const alertedTx = new Map(
    releases.filter((r) => r.status === "refused" || r.status === "unknown").map((r) => [r.transaction_id, r])
  )
  const releaseRowOf = new Map(releases.map((r) => [r.transaction_id, r]))
  return {
    payments,
    reviewSessions,
    orderOfCart,
    sessionCart,
    liveSession,
    hasReleaseTable,
    releases,
    alertedTx,
    releaseRowOf,
  }
}

/** Claims: what makes a transaction an order's payment (a live payment of an order, or an order's review session). */
export function claimsOfTransactions(
  { payments, reviewSessions }: Pick<MedusaState, "payments" | "reviewSessions">,
  transactions: any[]
): Map<string, Claim[]> {
  const claimsOf = new Map<string, Claim[]>()
  const claim = (tx: string | null, c: Claim) => {
    if (!tx) return
    claimsOf.set(tx, [...(claimsOf.get(tx) ?? []), c])
  }
  for (const p of payments) {
    if (p.canceled_at || !p.order_id || p.order_status === "canceled") continue
    claim(p.transaction_id ?? latestTxOfSession(transactions, p.payment_session_id), {
      kind: "payment",
      id: p.id,
      order_id: p.order_id,
      payment_collection_id: p.payment_collection_id,
      session_id: p.payment_session_id,
    })
  }
  for (const s of reviewSessions) {
    claim(s.transaction_id ?? latestTxOfSession(transactions, s.id), {
      kind: "review_session",
      id: s.id,
      order_id: s.order_id,
      payment_collection_id: s.payment_collection_id,
      session_id: s.id,
    })
  }
  return claimsOf
}
