/**
 * Notification processing within this process: runs take turns (`notifications.concurrency` at once), a record
 * queues at most one run, and a read held back by `notifications.read_interval_seconds` waits on one timer per
 * record. Nothing here outlives the process: a record it leaves `received` is read by the order sync.
 */
import type { ConcurrencyLimit } from "../../lib/concurrency-limit"
import { LineLogger, redact } from "../../lib/gateway"

/**
 * Runs notification record `id`'s processing when one of the `runs` turns is free. A record whose run already
 * waits for a turn here (in `waiting`) is not queued again (answers null): that run has not begun, so it reads the
 * record, and then the gateway, after this delivery. A storm of copies of one notification queues one run.
 */
export function inNotificationTurn<T>(
  runs: ConcurrencyLimit,
  waiting: Set<string>,
  id: string,
  run: () => Promise<T>
): Promise<T | null> {
  if (waiting.has(id)) return Promise.resolve(null)
  waiting.add(id)
  return runs.run(() => {
    waiting.delete(id)
    return run()
  })
}

/** Runs in progress and waiting, and the records waiting. */
export function notificationQueue(
  runs: ConcurrencyLimit,
  waiting: Set<string>
): { active: number; waiting: number; records_waiting: number } {
  return { active: runs.active, waiting: runs.waiting, records_waiting: waiting.size }
}

/**
 * Runs `read` for notification record `id` once, after `ms`, unless a read of it already waits (in `deferred`). If
 * the process stops first, the order sync reads the record's order (it stays `received`).
 */
export function deferNotificationRead(
  deferred: Map<string, ReturnType<typeof setTimeout>>,
  logger: LineLogger | undefined,
  id: string,
  ms: number,
  read: () => Promise<unknown>
): void {
  if (deferred.has(id)) return
  const timer = setTimeout(() => {
    deferred.delete(id)
    read().catch((err) =>
      logger?.warn(
        String(
          redact(
            `Gateway notification ${id}: the deferred read failed, the order sync reads it: ${(err as Error).message}`
          )
        )
      )
    )
  }, ms)
  timer.unref?.()
  deferred.set(id, timer)
}
