/**
 * Where the card-attempt caps count (src/domain/card-attempts.ts says what is counted): the plugin module's
 * table `gateway_card_attempt_counter`, in the database every Medusa instance of the store shares, so a post
 * counts once whichever instance (server, worker, replica) took it. No other infrastructure is needed.
 *
 * One statement adds one to each key of a post and answers the counts: `INSERT ... ON CONFLICT DO UPDATE`, which
 * takes the key's row lock, so concurrent posts on any instance are counted one after the other, never lost.
 * A key's window starts at its first post and lasts `windowSeconds`; a post after that starts a new window at 1.
 * Time is the database's (`now()`), not each instance's clock. Keys are written in sorted order, so two posts
 * sharing keys lock them in the same order (no deadlock). Each call then deletes up to PRUNE_BATCH rows whose
 * window is over (skipping rows another post holds), more than a post can add: the table holds the keys of the
 * current windows and not much else.
 */
import type { Knex } from "@medusajs/framework/mikro-orm/knex"

/** Expired rows deleted per call: more than the 4 keys a post can add. */
export const PRUNE_BATCH = 100

const TABLE = "gateway_card_attempt_counter"

/** Adds one to each key's count in its window of `windowSeconds`; answers the counts after adding, in `keys`' order. */
export async function hitCounters(knex: Knex, keys: readonly string[], windowSeconds: number): Promise<number[]> {
  if (!keys.length) return []
  const sorted = [...new Set(keys)].sort()
  const { rows } = await knex.raw<{ rows: { key: string; hits: number }[] }>(
    `insert into ${TABLE} as c (key, hits, window_ends_at)
       select k, 1, now() + make_interval(secs => ?::float8) from unnest(?::text[]) with ordinality as t(k, i) order by i
     on conflict (key) do update set
       hits = case when c.window_ends_at > now() then c.hits + 1 else 1 end,
       window_ends_at = case when c.window_ends_at > now() then c.window_ends_at else excluded.window_ends_at end,
       updated_at = now()
     returning key, hits`,
    [windowSeconds, sorted],
  )
  await pruneCounters(knex)
  const counts = new Map(rows.map((r) => [r.key, Number(r.hits)]))
  return keys.map((k) => counts.get(k)!)
}

/** Deletes up to PRUNE_BATCH counters whose window is over, oldest first; rows another post has locked are left. */
export async function pruneCounters(knex: Knex): Promise<void> {
  await knex.raw(
    `delete from ${TABLE} where key in (
       select key from ${TABLE} where window_ends_at <= now() and deleted_at is null
       order by window_ends_at limit ${PRUNE_BATCH} for update skip locked)`,
  )
}

/**
 * Of `sessionIds`, the payment sessions a card was posted for (their per-session counter) longer than
 * `olderThanSeconds` ago: a post cut short (the process stopped mid-request) leaves nothing else behind, and the
 * order sync reads these at the gateway (src/reconciliation/cut-short.ts). A counter lives for its window.
 */
export async function sessionsWithCardPosts(knex: Knex, sessionIds: readonly string[], olderThanSeconds: number): Promise<Set<string>> {
  if (!sessionIds.length) return new Set()
  const prefix = "card-attempt:session:"
  const { rows } = await knex.raw<{ rows: { key: string }[] }>(
    `select key from ${TABLE} where key = any(?::text[]) and updated_at < now() - make_interval(secs => ?::float8)`,
    [sessionIds.map((id) => `${prefix}${id}`), olderThanSeconds],
  )
  return new Set(rows.map((r) => r.key.slice(prefix.length)))
}
