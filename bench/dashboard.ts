/**
 * Payments dashboard: its query over a 30-day period holding BENCH_DASHBOARD_N attempts (default 1,000,000: the
 * worst case, every attempt in the period shown) and their movements (a capture per approved attempt, a refund
 * for one in ten, a chargeback for one in 500), seeded straight into the migrated store's tables and rolled up
 * once (rebuildDays, timed). Figures, against the plain count of the same attempts in the same run (the floor:
 * reading the rows at all):
 *   - the dashboard as the admin route computes it (readDays over the roll-ups + paymentsDashboard), unfiltered
 *     and filtered by currency;
 *   - the same figures aggregated from the rows instead (what the roll-ups save);
 *   - recording an attempt's change (row and roll-ups, one transaction) against a plain update of one row.
 * The seeded rows are deleted at the end.
 *
 *   BENCH_DASHBOARD_N=1000000   attempts seeded
 *   BENCH_DASHBOARD_RUNS=15     timed runs of each query (interleaved)
 */
import { performance } from "node:perf_hooks"
import knexFactory from "knex"
import type { Knex } from "knex"
import { readDays, rebuildDays, recordAttempt } from "../src/modules/gateway/payment-records"
import { paymentsDashboard } from "../src/dashboard/figures"
import { prepareStore } from "./lib/medusa-store"
import { envInt, percentiles, round, target } from "./lib/stats"
import { runMain } from "./lib/run-main"

const N = envInt("BENCH_DASHBOARD_N", 1_000_000)
const RUNS = envInt("BENCH_DASHBOARD_RUNS", 15)
const DAYS = 30
const WRITES = 300
const PREFIX = "gwatt_bench_"

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10)

async function seed(pg: Knex, fromMs: number): Promise<number> {
  // Deterministic by i: 70 % card (five brands), 20 % hosted, 10 % APM; four currencies; 78 % approved, 14 %
  // declined (12 reasons), the rest pending, review, unknown or canceled; 3-D Secure on one card attempt in five.
  await pg.raw(
    `insert into gateway_payment_attempt (id, order_no, transaction_id, method, currency, amount, card_brand, threeds, outcome, decline_code, decline_message, attempted_at)
     select '${PREFIX}' || i, 'payses_bench_' || i, 'T' || i, m, c,
       case c when 'JPY' then '1234' when 'KWD' then '1.234' else '12.34' end,
       case when m = 'card' then (array['visa','mastercard','amex','discover','jcb'])[1 + i % 5] end,
       case when m = 'card' and i % 5 = 0 then case when o = 'approved' then 'passed' when o = 'declined' then 'failed' else 'started' end end,
       o,
       case when o = 'declined' then 'D' || lpad((i % 12)::text, 4, '0') end,
       case when o = 'declined' then 'Reason number ' || (i % 12) end,
       to_timestamp(?::float8 / 1000 + ((i - 1)::float8 / ?) * ?)
     from (select i,
             case when i % 10 < 7 then 'card' when i % 10 < 9 then 'hosted' else 'apm' end as m,
             (array['USD','USD','EUR','EUR','JPY','KWD'])[1 + i % 6] as c,
             case when i % 100 < 78 then 'approved' when i % 100 < 92 then 'declined' when i % 100 < 96 then 'pending'
                  when i % 100 < 97 then 'review' when i % 100 < 98 then 'unknown' else 'canceled' end as o
           from generate_series(1, ?) i) s`,
    [fromMs, N, DAYS * 86_400, N]
  )
  const { rows } = await pg.raw(
    `insert into gateway_money_movement (id, kind, reference, order_no, attempt_id, transaction_id, method, currency, card_brand, amount, status, occurred_at)
     select 'gwmov_bench_' || k || '_' || a.id, k, k || '_' || a.id, a.order_no, a.id, a.transaction_id, a.method, a.currency, a.card_brand,
       case when k = 'refund' then case a.currency when 'JPY' then '300' when 'KWD' then '0.300' else '3.00' end else a.amount end,
       case k when 'capture' then 'captured' when 'chargeback' then 'booked' else 'refunded' end,
       a.attempted_at + interval '1 hour'
     from gateway_payment_attempt a
     cross join lateral (values ('capture'), ('refund'), ('chargeback')) v(k)
     where a.id like '${PREFIX}%' and a.outcome = 'approved'
       and (k = 'capture' or (k = 'refund' and substr(a.id, 13)::int % 10 = 0) or (k = 'chargeback' and substr(a.id, 13)::int % 500 = 0))
     returning 1`
  )
  return rows.length
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now()
  const out = await fn()
  return [performance.now() - t, out]
}

/** The dashboard's figures aggregated from the rows (no roll-up): the same rows read, grouped like the roll-up. */
async function fromRows(pg: Knex, from: string, to: string) {
  const end = dayOf(Date.parse(`${to}T00:00:00Z`) + 86_400_000)
  const attempts = await pg.raw(
    `select to_char(attempted_at at time zone 'UTC', 'YYYY-MM-DD') as day, method, coalesce(card_brand, '') as card_brand, currency, outcome,
       coalesce(threeds, '') as threeds, coalesce(decline_code, '') as decline_code, coalesce(decline_message, '') as decline_message, count(*)::int as attempts
     from gateway_payment_attempt where attempted_at >= ? and attempted_at < ? and deleted_at is null group by 1, 2, 3, 4, 5, 6, 7, 8`,
    [from, end]
  )
  const money = await pg.raw(
    `select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day, kind, method, coalesce(card_brand, '') as card_brand, currency, count(*)::int as count, sum(amount::numeric)::text as amount
     from gateway_money_movement where occurred_at >= ? and occurred_at < ? and status in ('captured', 'booked', 'pending', 'refunded') and deleted_at is null group by 1, 2, 3, 4, 5`,
    [from, end]
  )
  return paymentsDashboard(attempts.rows, money.rows, { from, to }, {}, 0.01)
}

async function main() {
  const started = Date.now()
  const store = await prepareStore()
  const pg = knexFactory({ client: "pg", connection: store.databaseUrl, pool: { min: 1, max: 4 } })
  try {
    const toMs = Date.UTC(2026, 0, 31)
    const fromMs = toMs - (DAYS - 1) * 86_400_000
    const period = { from: dayOf(fromMs), to: dayOf(toMs) }
    const cleanup = async () => {
      await pg.raw(`delete from gateway_money_movement where id like 'gwmov_bench_%'`)
      await pg.raw(`delete from gateway_payment_attempt where id like '${PREFIX}%'`)
      await rebuildDays(pg, period.from, period.to)
    }
    await cleanup()
    const [seedMs, movements] = await timed(() => seed(pg, fromMs))
    await pg.raw("vacuum analyze gateway_payment_attempt")
    await pg.raw("vacuum analyze gateway_money_movement")
    const [rebuildMs] = await timed(() => rebuildDays(pg, period.from, period.to))
    await pg.raw("vacuum analyze gateway_payment_day")
    await pg.raw("vacuum analyze gateway_money_day")
    const rollup = (
      await pg.raw(
        `select (select count(*) from gateway_payment_day where day between ? and ?)::int as a, (select count(*) from gateway_money_day where day between ? and ?)::int as m`,
        [period.from, period.to, period.from, period.to]
      )
    ).rows[0]

    const dashboard = async (filters = {}) => {
      const { attempts, money } = await readDays(pg, period.from, period.to)
      return paymentsDashboard(attempts, money, period, filters, 0.01)
    }
    const count = async () =>
      (
        await pg.raw(
          `select count(*)::int as n from gateway_payment_attempt where attempted_at >= ? and attempted_at < ? and deleted_at is null`,
          [period.from, dayOf(toMs + 86_400_000)]
        )
      ).rows[0].n

    // The roll-ups give what the rows give, and hold every attempt seeded.
    const viaRollup = await dashboard()
    const viaRows = await fromRows(pg, period.from, period.to)
    const same = JSON.stringify(viaRollup) === JSON.stringify(viaRows)
    if (!same || viaRollup.totals.attempts !== N)
      throw new Error(`the roll-ups disagree with the rows (${viaRollup.totals.attempts} attempts, ${N} seeded)`)

    const samples = { dashboard: [] as number[], filtered: [] as number[], count: [] as number[], rows: [] as number[] }
    for (let r = 0; r < RUNS; r++) {
      samples.count.push((await timed(count))[0])
      samples.dashboard.push((await timed(() => dashboard()))[0])
      samples.filtered.push((await timed(() => dashboard({ currency: "EUR" })))[0])
      if (r < 3) samples.rows.push((await timed(() => fromRows(pg, period.from, period.to)))[0])
    }

    // Writes: an attempt's change (pending -> approved) recorded with its roll-ups, against a plain update of a row.
    const pending = (
      await pg.raw(
        `select id, order_no, method, currency, amount from gateway_payment_attempt where id like '${PREFIX}%' and outcome = 'pending' limit ?`,
        [WRITES * 2]
      )
    ).rows
    const writes = { record: [] as number[], plain: [] as number[] }
    for (let w = 0; w < WRITES; w++) {
      const a = pending[2 * w]
      const b = pending[2 * w + 1]
      writes.plain.push(
        (
          await timed(() =>
            pg.raw(`update gateway_payment_attempt set outcome = 'approved', updated_at = now() where id = ?`, [b.id])
          )
        )[0]
      )
      writes.record.push(
        (
          await timed(() =>
            recordAttempt(pg, {
              ...a,
              outcome: "approved",
              threeds: null,
              transaction_id: null,
              card_brand: null,
              decline: null,
            })
          )
        )[0]
      )
    }

    const d = percentiles(samples.dashboard)
    const c = percentiles(samples.count)
    const result = {
      bench: "dashboard",
      attempts: N,
      movements,
      period_days: DAYS,
      rollup_rows: { attempts: rollup.a, money: rollup.m },
      seed_ms: Math.round(seedMs),
      rebuild_ms: Math.round(rebuildMs),
      dashboard_ms: d,
      dashboard_filtered_ms: percentiles(samples.filtered),
      baseline_count_ms: c,
      from_rows_ms: percentiles(samples.rows),
      record_change_ms: percentiles(writes.record),
      plain_update_ms: percentiles(writes.plain),
      ratio_p50: round(d.p50 / c.p50),
      targets: {
        query: target(
          d.p50 / c.p50,
          1,
          "dashboard p50 ÷ the plain count of the same attempts p50 (at most the cost of counting them)"
        ),
        same_figures: { what: "the roll-ups give the figures the rows give", met: same },
      },
      total_ms: Date.now() - started,
    }
    await cleanup()
    process.stdout.write(JSON.stringify(result) + "\n")
  } finally {
    await pg.destroy()
    await store.stop()
  }
}

runMain(main)
