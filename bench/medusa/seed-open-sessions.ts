/**
 * Open gateway sessions for the reconciliation benchmark, written straight into the database, with the
 * matching transactions seeded in the sandbox (its own process) through `POST /sandbox/transactions`, 10,000 a
 * request: every session is waiting for 3-D Secure
 * (Medusa: pending; gateway: 1000 pending), so an order sync finds nothing to change, the steady state
 * of a busy store. Order number = session id, as the provider sets it.
 */
import type { Knex } from "knex"

export const BENCH_PREFIX = "payses_bench_"
const GATEWAY_PROVIDERS = ["pp_gateway_card", "pp_gateway_hosted", "pp_gateway_apm"]
const ROWS_PER_INSERT = 10_000

/** Hides the gateway sessions and payments other benchmarks left (e.g. checkout's), so only ours are open. */
export async function hideOtherGatewayRows(pg: Knex): Promise<void> {
  for (const table of ["payment_session", "payment"]) {
    await pg(table)
      .whereIn("provider_id", GATEWAY_PROVIDERS)
      .whereNull("deleted_at")
      .whereNot("id", "like", `${BENCH_PREFIX}%`)
      .update({ deleted_at: pg.fn.now() })
  }
}

/** Removes the sessions, collections and gateway records a previous size left. */
export async function removeOpenSessions(pg: Knex): Promise<void> {
  await pg("gateway_payment").where("order_no", "like", `${BENCH_PREFIX}%`).delete()
  await pg("payment_session").where("id", "like", `${BENCH_PREFIX}%`).delete()
  await pg("payment_collection").where("id", "like", `pay_col_${BENCH_PREFIX}%`).delete()
}

/**
 * Seeds `count` open sessions and their sandbox transactions (the sandbox at `sandboxUrl`). `as` changes what is
 * seeded (bench/load.ts: payments the gateway authorised while Medusa still waits, of the shoppers' amount).
 */
export async function seedOpenSessions(
  pg: Knex,
  sandboxUrl: string,
  count: number,
  as: { prefix?: string; state?: "pending_3ds" | "authorized"; amount?: string; currency?: string } = {}
): Promise<void> {
  const prefix = as.prefix ?? BENCH_PREFIX
  const amount = as.amount ?? "28.29"
  const currency = as.currency ?? "USD"
  const rawAmount = JSON.stringify({ value: amount, precision: 20 })
  for (let start = 1; start <= count; start += ROWS_PER_INSERT) {
    const end = Math.min(count, start + ROWS_PER_INSERT - 1)
    const orderNos = Array.from({ length: end - start + 1 }, (_, k) => `${prefix}${start + k}`)
    const res = await fetch(`${sandboxUrl}/sandbox/transactions`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        transactions: orderNos.map((order_no) => ({ order_no, currency, amount, state: as.state ?? "pending_3ds" })),
      }),
    })
    if (res.status !== 201) throw new Error(`sandbox seed: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`)
    const { transactions } = (await res.json()) as { transactions: { order_no: string; transaction_id: string }[] }
    const collections: Record<string, unknown>[] = []
    const sessions: Record<string, unknown>[] = []
    transactions.forEach(({ order_no: orderNo, transaction_id }, k) => {
      const i = start + k
      const collectionId = `pay_col_${prefix}${i}`
      collections.push({
        id: collectionId,
        currency_code: currency.toLowerCase(),
        amount: Number(amount),
        raw_amount: rawAmount,
        status: "not_paid",
      })
      sessions.push({
        id: orderNo,
        currency_code: currency.toLowerCase(),
        amount: Number(amount),
        raw_amount: rawAmount,
        provider_id: "pp_gateway_card",
        status: "pending",
        payment_collection_id: collectionId,
        context: "{}",
        data: JSON.stringify({
          order_no: orderNo,
          method: "card",
          currency,
          amount,
          transaction_id,
          gateway_state: "pending",
        }),
      })
    })
    // 1,000 rows a statement keeps every statement under PostgreSQL's 65,535 bind parameters.
    await pg.batchInsert("payment_collection", collections, 1000)
    await pg.batchInsert("payment_session", sessions, 1000)
  }
  // A store's open sessions accrue over days, and autovacuum keeps the tables' statistics current as they do; seeded
  // in seconds, the planner would plan from the statistics of a table still empty (a scan and a sort of every row
  // for each page of 500: 70 ms a page at 100,000, the sync's time doubled).
  await pg.raw("analyze payment_session, payment_collection")
}
