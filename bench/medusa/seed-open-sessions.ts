/**
 * Open gateway sessions for the reconciliation benchmark, written straight into the database, with the
 * matching transactions in the (in-process) sandbox's store: every session is waiting for 3-D Secure
 * (Medusa: pending; gateway: 1000 pending), so an order sync finds nothing to change, the steady state
 * of a busy store. Order number = session id, as the provider sets it.
 */
import type { Knex } from "knex"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const sandboxStore = require("../../sandbox/lib/store")

export const BENCH_PREFIX = "payses_bench_"
const GATEWAY_PROVIDERS = ["pp_gateway_card", "pp_gateway_hosted", "pp_gateway_apm"]
const ROWS_PER_INSERT = 10_000

/** Hides the gateway sessions and payments other benchmarks left (e.g. checkout's), so only ours are open. */
export async function hideOtherGatewayRows(pg: Knex): Promise<void> {
  for (const table of ["payment_session", "payment"]) {
    await pg(table).whereIn("provider_id", GATEWAY_PROVIDERS).whereNull("deleted_at").whereNot("id", "like", `${BENCH_PREFIX}%`).update({ deleted_at: pg.fn.now() })
  }
}

/** Removes the sessions, collections and gateway records a previous size left. */
export async function removeOpenSessions(pg: Knex): Promise<void> {
  await pg("gateway_payment").where("order_no", "like", `${BENCH_PREFIX}%`).delete()
  await pg("payment_session").where("id", "like", `${BENCH_PREFIX}%`).delete()
  await pg("payment_collection").where("id", "like", "pay_col_bench_%").delete()
}

/** Seeds `count` open sessions (and their sandbox transactions); returns nothing but the rows. */
export async function seedOpenSessions(pg: Knex, sandbox: { store: unknown }, count: number, merchant: { merchantId: string; accountId: string }): Promise<void> {
  const rawAmount = JSON.stringify({ value: "28.29", precision: 20 })
  for (let start = 1; start <= count; start += ROWS_PER_INSERT) {
    const end = Math.min(count, start + ROWS_PER_INSERT - 1)
    const collections: Record<string, unknown>[] = []
    const sessions: Record<string, unknown>[] = []
    for (let i = start; i <= end; i++) {
      const orderNo = `${BENCH_PREFIX}${i}`
      const tx = sandboxStore.createTransaction(sandbox.store, {
        merchant_id: merchant.merchantId,
        account_id: merchant.accountId,
        order_no: orderNo,
        currency: "USD",
        amount: "28.29",
        payment_status: sandboxStore.PS.PENDING,
        order_status: "-1",
        result_info: sandboxStore.RESULT.REDIRECT,
        is3ds: "1",
        pending_kind: "3ds",
      })
      collections.push({ id: `pay_col_bench_${i}`, currency_code: "usd", amount: 28.29, raw_amount: rawAmount, status: "not_paid" })
      sessions.push({
        id: orderNo,
        currency_code: "usd",
        amount: 28.29,
        raw_amount: rawAmount,
        provider_id: "pp_gateway_card",
        status: "pending",
        payment_collection_id: `pay_col_bench_${i}`,
        context: "{}",
        data: JSON.stringify({ order_no: orderNo, method: "card", currency: "USD", amount: "28.29", transaction_id: tx.transaction_id, gateway_state: "pending" }),
      })
    }
    // 1,000 rows a statement keeps every statement under PostgreSQL's 65,535 bind parameters.
    await pg.batchInsert("payment_collection", collections, 1000)
    await pg.batchInsert("payment_session", sessions, 1000)
  }
}
