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
 * current windows and not much else. The prune is a statement of its own: within the counting statement, the rows
 * it locks would be held while that statement waits for a key another post holds, which may wait for one of them.
 * The same table keeps each payment session's card-sent trace (below), which the order sync reads to find card
 * posts cut short.
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
    [windowSeconds, sorted]
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
       order by window_ends_at limit ${PRUNE_BATCH} for update skip locked)`
  )
}

/**
 * The trace of a card post that reached (or may have reached) the gateway: the key `card-sent:<session>`, apart
 * from the caps' counters (which count every post, refused ones too). The card route adds one just before it calls
 * the provider (every cap passed, the card resolved: markCardSent) and takes it back once the post's answer is
 * recorded in the session or the provider refused it for certain, nothing authorised (unmarkCardSent). What is
 * left counts the posts whose answer was never recorded: a post cut short (the process stopped mid-request), or
 * one whose answer Medusa could not store. A later post of the same session does not hide an earlier one left so:
 * it adds and takes back its own one only.
 *
 * A trace lives CARD_SENT_SECONDS from its last post (the order sync's lookback: sessions older than that are not
 * read), extended by each post; a row whose count is back to 0 is deleted at once, so the table holds only the
 * traces of posts whose answer is missing.
 */
export const CARD_SENT_SECONDS = 30 * 86400

const SENT_PREFIX = "card-sent:"
const sentKey = (sessionId: string) => `${SENT_PREFIX}${sessionId}`

/** Adds one to the card-sent trace of `sessionId`: a post is about to be sent to the gateway. */
export async function markCardSent(knex: Knex, sessionId: string, lifetimeSeconds = CARD_SENT_SECONDS): Promise<void> {
  await knex.raw(
    `insert into ${TABLE} as c (key, hits, window_ends_at) values (?, 1, now() + make_interval(secs => ?::float8))
     on conflict (key) do update set
       hits = case when c.window_ends_at > now() then c.hits + 1 else 1 end,
       window_ends_at = excluded.window_ends_at,
       updated_at = now()`,
    [sentKey(sessionId), lifetimeSeconds]
  )
}

/**
 * Takes back one post from the card-sent trace of `sessionId` (its answer is recorded, or it was refused for
 * certain); the row goes once none is left. `updated_at` stays the last post's: an earlier post still counted is
 * at least that old.
 */
export async function unmarkCardSent(knex: Knex, sessionId: string): Promise<void> {
  const key = sentKey(sessionId)
  await knex.raw(`delete from ${TABLE} where key = ? and hits <= 1`, [key])
  await knex.raw(`update ${TABLE} set hits = hits - 1 where key = ? and hits > 1`, [key])
}

/**
 * Of `sessionIds`, the payment sessions with a card post that reached (or may have reached) the gateway and whose
 * answer was never recorded (their card-sent trace), the last post longer than `olderThanSeconds` ago: a post cut
 * short leaves nothing else behind, and the order sync reads these at the gateway (src/reconciliation/cut-short.ts).
 * A post refused before it was sent (a cap's 429, the route's own checks) or refused for certain by the gateway
 * leaves no trace.
 */
export async function sessionsWithCardPosts(
  knex: Knex,
  sessionIds: readonly string[],
  olderThanSeconds: number
): Promise<Set<string>> {
  if (!sessionIds.length) return new Set()
  const { rows } = await knex.raw<{ rows: { key: string }[] }>(
    `select key from ${TABLE}
      where key = any(?::text[]) and hits > 0 and window_ends_at > now() and deleted_at is null
        and updated_at < now() - make_interval(secs => ?::float8)`,
    [sessionIds.map(sentKey), olderThanSeconds]
  )
  return new Set(rows.map((r) => r.key.slice(SENT_PREFIX.length)))
}
