/**
 * Where the payments dashboard's records are kept: each attempt (`gateway_payment_attempt`) and each movement of
 * money (`gateway_money_movement`), and their daily roll-ups (`gateway_payment_day`, `gateway_money_day`), which
 * the dashboard reads instead of the rows: a month is a few thousand roll-up rows however many attempts it holds.
 *
 * A roll-up is moved in the same transaction as the row it counts, by the row's change only: a new attempt adds
 * one to its combination (day, provider, brand, currency, outcome, 3-D Secure, decline reason); an attempt whose
 * combination changes (pending → approved) takes one from the old and adds one to the new, under the attempt's
 * row lock, so two reports of the same change (a notification and the order sync, a replay) move it once. What
 * a report changes is decided by src/domain/payment-attempts.ts (outcomes only move forward). Roll-up rows are
 * locked in key order (no deadlock between two changes). A report that changes nothing is one read, no write.
 */
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import {
  AttemptFacts,
  AttemptSeen,
  COUNTED_MONEY_STATUSES,
  countsAsMoved,
  mergeAttempt,
  mergeMoneyStatus,
  MoneyDimensions,
  MoneySeen,
  MoneyStatus,
  sameAttempt,
} from "../../domain"
import type { AttemptDayRow, MoneyDayRow } from "../../dashboard/figures"

const UTC_DAY = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`
const newId = (prefix: string) => generateEntityId(undefined, prefix)

type AttemptRow = AttemptFacts & { day: string; method: string; currency: string }

/** A roll-up row's key of an attempt ("" for none). */
const attemptKey = (a: AttemptRow) => [
  a.day,
  a.method,
  a.card_brand ?? "",
  a.currency,
  a.outcome,
  a.threeds ?? "",
  a.decline_code ?? "",
  a.decline_message ?? "",
]

/** Adds the rows of `source` (id, then a roll-up row's key, then the delta) to their day's roll-up row. */
const bumpAttemptDaySql = (source: string) =>
  `insert into gateway_payment_day (id, day, method, card_brand, currency, outcome, threeds, decline_code, decline_message, attempts)
   ${source}
   on conflict (day, method, card_brand, currency, outcome, threeds, decline_code, decline_message) where deleted_at is null
   do update set attempts = gateway_payment_day.attempts + excluded.attempts, updated_at = now()`

async function bumpAttemptDay(trx: Knex.Transaction, key: string[], delta: number): Promise<void> {
  await trx.raw(bumpAttemptDaySql("values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"), [newId("gwpday"), ...key, delta])
}

const ATTEMPT_COLUMNS = `outcome, threeds, transaction_id, card_brand, decline_code, decline_message, method, currency, ${UTC_DAY("attempted_at")} as day`

async function readAttempt(knex: Knex, id: string, lock = false): Promise<AttemptRow | null> {
  const { rows } = await knex.raw(
    `select ${ATTEMPT_COLUMNS} from gateway_payment_attempt where id = ? and deleted_at is null${lock ? " for update" : ""}`,
    [id]
  )
  return rows[0] ?? null
}

/**
 * A new attempt's row and its roll-up in one statement (both or neither), with the row as it was before when the
 * attempt was known: one round trip for the common reports, a new attempt (the card post) and an attempt seen
 * again unchanged (cart completion). `inserted` false and no row: recorded by another report meanwhile.
 */
async function insertAttempt(knex: Knex, seen: AttemptSeen): Promise<{ inserted: boolean; known: AttemptRow | null }> {
  const fresh = mergeAttempt(null, seen)
  const key = attemptKey({ ...fresh, day: "", method: seen.method, currency: seen.currency }).slice(1)
  const { rows } = await knex.raw(
    `with fresh as (
       insert into gateway_payment_attempt (id, order_no, transaction_id, method, currency, amount, card_brand, threeds, outcome, decline_code, decline_message, attempted_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())
       on conflict (id) do nothing
       returning ${UTC_DAY("attempted_at")} as day
     ), bumped as (${bumpAttemptDaySql("select ?, day, ?, ?, ?, ?, ?, ?, ?, 1 from fresh")})
     select (select count(*) from fresh)::int as inserted, known.*
       from (select 1) one
       left join (select true as found, ${ATTEMPT_COLUMNS} from gateway_payment_attempt where id = ? and deleted_at is null) known on true`,
    [
      seen.id,
      seen.order_no,
      fresh.transaction_id,
      seen.method,
      seen.currency,
      seen.amount,
      fresh.card_brand,
      fresh.threeds,
      fresh.outcome,
      fresh.decline_code,
      fresh.decline_message,
      newId("gwpday"),
      ...key,
      seen.id,
    ]
  )
  const { inserted, found, ...row } = rows[0] as { inserted: number; found: boolean | null } & AttemptRow
  return { inserted: inserted > 0, known: found ? row : null }
}

/**
 * Records one look at an attempt: the row is created with the first (its day is today's, UTC) and moved
 * forward by later ones. `insert` false: only an attempt already recorded is updated.
 */
export async function recordAttempt(knex: Knex, seen: AttemptSeen, insert = true): Promise<void> {
  if (insert) {
    const { inserted, known } = await insertAttempt(knex, seen)
    if (inserted || (known && sameAttempt(known, mergeAttempt(known, seen)))) return
  } else {
    const known = await readAttempt(knex, seen.id)
    if (!known || sameAttempt(known, mergeAttempt(known, seen))) return
  }
  // Moved forward under the row's lock (a report recorded meanwhile by another is read here too).
  await knex.transaction(async (trx) => {
    const row = await readAttempt(trx, seen.id, true)
    if (!row) return
    const next: AttemptRow = { ...row, ...mergeAttempt(row, seen) }
    if (sameAttempt(row, next)) return
    await trx("gateway_payment_attempt").where({ id: seen.id }).update({
      outcome: next.outcome,
      threeds: next.threeds,
      transaction_id: next.transaction_id,
      card_brand: next.card_brand,
      decline_code: next.decline_code,
      decline_message: next.decline_message,
      updated_at: trx.fn.now(),
    })
    const [before, after] = [attemptKey(row), attemptKey(next)]
    if (before.join("\u0000") === after.join("\u0000")) return
    const moves: [string[], number][] = [
      [before, -1],
      [after, 1],
    ]
    for (const [key, delta] of moves.sort(([a], [b]) => a.join("\u0000").localeCompare(b.join("\u0000"))))
      await bumpAttemptDay(trx, key, delta)
  })
}

/** The attempt of a session whose current transaction is `transactionId` (null when none was recorded). */
export async function attemptOfTransaction(
  knex: Knex,
  orderNo: string,
  transactionId: string
): Promise<Pick<AttemptSeen, "id" | "order_no" | "method" | "currency" | "amount"> | null> {
  const { rows } = await knex.raw(
    `select id, order_no, method, currency, amount from gateway_payment_attempt where order_no = ? and transaction_id = ? and deleted_at is null order by attempted_at desc limit 1`,
    [orderNo, transactionId]
  )
  return rows[0] ?? null
}

// ------------------------------------------------------------------ money

type MovementRow = {
  status: MoneyStatus
  amount: string
  day: string
  method: string
  card_brand: string | null
  currency: string
  kind: string
}

async function bumpMoneyDay(trx: Knex.Transaction, m: MovementRow, sign: 1 | -1): Promise<void> {
  await trx.raw(
    `insert into gateway_money_day (id, day, kind, method, card_brand, currency, count, amount)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (day, kind, method, card_brand, currency) where deleted_at is null
     do update set count = gateway_money_day.count + excluded.count,
       amount = (gateway_money_day.amount::numeric + excluded.amount::numeric)::text, updated_at = now()`,
    [
      newId("gwmday"),
      m.day,
      m.kind,
      m.method,
      m.card_brand ?? "",
      m.currency,
      sign,
      sign < 0 ? `-${m.amount}` : m.amount,
    ]
  )
}

const MOVEMENT_COLUMNS = `status, amount, kind, method, card_brand, currency, ${UTC_DAY("occurred_at")} as day`

/**
 * Records a payment's movements: each once (its kind and reference), counted on the day it is first recorded
 * (UTC) while its status counts as moved (a refund that fails is taken out again).
 */
export async function recordMoney(knex: Knex, dims: MoneyDimensions, movements: MoneySeen[]): Promise<void> {
  if (!movements.length) return
  const known: { kind: string; reference: string; status: MoneyStatus }[] = await knex("gateway_money_movement")
    .select("kind", "reference", "status")
    .whereIn(
      ["kind", "reference"],
      movements.map((m) => [m.kind, m.reference])
    )
    .whereNull("deleted_at")
  for (const m of movements) {
    const k = known.find((x) => x.kind === m.kind && x.reference === m.reference)
    if (k && mergeMoneyStatus(k.status, m.status) === k.status) continue
    await knex.transaction(async (trx) => {
      if (!k) {
        const { rows } = await trx.raw(
          `insert into gateway_money_movement (id, kind, reference, order_no, attempt_id, transaction_id, method, currency, card_brand, amount, status, occurred_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, now())
           on conflict (kind, reference) where deleted_at is null do nothing
           returning ${MOVEMENT_COLUMNS}`,
          [
            newId("gwmov"),
            m.kind,
            m.reference,
            dims.order_no,
            dims.attempt_id,
            dims.transaction_id,
            dims.method,
            dims.currency,
            dims.card_brand,
            m.amount,
            m.status,
          ]
        )
        if (rows.length) return countsAsMoved(m.status) ? bumpMoneyDay(trx, rows[0], 1) : undefined
      }
      const { rows } = await trx.raw(
        `select ${MOVEMENT_COLUMNS} from gateway_money_movement where kind = ? and reference = ? and deleted_at is null for update`,
        [m.kind, m.reference]
      )
      const row: MovementRow | undefined = rows[0]
      if (!row) return
      const status = mergeMoneyStatus(row.status, m.status)
      if (status === row.status) return
      await trx("gateway_money_movement")
        .where({ kind: m.kind, reference: m.reference })
        .whereNull("deleted_at")
        .update({ status, updated_at: trx.fn.now() })
      if (countsAsMoved(row.status) !== countsAsMoved(status))
        await bumpMoneyDay(trx, row, countsAsMoved(status) ? 1 : -1)
    })
  }
}

// ------------------------------------------------------------------ reading and rebuilding

/** The roll-up rows of the days `from` to `to` (YYYY-MM-DD, both included). */
export async function readDays(
  knex: Knex,
  from: string,
  to: string
): Promise<{ attempts: AttemptDayRow[]; money: MoneyDayRow[] }> {
  const attempts = await knex.raw(
    `select day, method, card_brand, currency, outcome, threeds, decline_code, decline_message, attempts
     from gateway_payment_day where day >= ? and day <= ? and attempts <> 0 and deleted_at is null`,
    [from, to]
  )
  const money = await knex.raw(
    `select day, kind, method, card_brand, currency, count, amount
     from gateway_money_day where day >= ? and day <= ? and count <> 0 and deleted_at is null`,
    [from, to]
  )
  return {
    attempts: attempts.rows.map((r: AttemptDayRow) => ({ ...r, attempts: Number(r.attempts) })),
    money: money.rows.map((r: MoneyDayRow) => ({ ...r, count: Number(r.count) })),
  }
}

/**
 * Counts the roll-ups of the days `from` to `to` again from the rows, for whoever changed rows by hand (moved
 * an attempt's time, deleted one). Both roll-ups are locked meanwhile: a report waits for it, then moves the
 * rebuilt counts by its own change.
 */
export async function rebuildDays(knex: Knex, from: string, to: string): Promise<void> {
  const start = `${from}T00:00:00Z`
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString()
  await knex.transaction(async (trx) => {
    await trx.raw(`lock table gateway_payment_day, gateway_money_day in exclusive mode`)
    await trx.raw(`delete from gateway_payment_day where day >= ? and day <= ?`, [from, to])
    await trx.raw(
      `insert into gateway_payment_day (id, day, method, card_brand, currency, outcome, threeds, decline_code, decline_message, attempts)
       select 'gwpday_' || replace(gen_random_uuid()::text, '-', ''), g.* from (
         select ${UTC_DAY("attempted_at")}, method, coalesce(card_brand, ''), currency, outcome, coalesce(threeds, ''),
           coalesce(decline_code, ''), coalesce(decline_message, ''), count(*)
         from gateway_payment_attempt where attempted_at >= ? and attempted_at < ? and deleted_at is null
         group by 1, 2, 3, 4, 5, 6, 7, 8) g`,
      [start, end]
    )
    await trx.raw(`delete from gateway_money_day where day >= ? and day <= ?`, [from, to])
    await trx.raw(
      `insert into gateway_money_day (id, day, kind, method, card_brand, currency, count, amount)
       select 'gwmday_' || replace(gen_random_uuid()::text, '-', ''), g.* from (
         select ${UTC_DAY("occurred_at")}, kind, method, coalesce(card_brand, ''), currency, count(*), sum(amount::numeric)::text
         from gateway_money_movement where occurred_at >= ? and occurred_at < ? and status = any(?::text[]) and deleted_at is null
         group by 1, 2, 3, 4, 5) g`,
      [start, end, [...COUNTED_MONEY_STATUSES]]
    )
  })
}
