/**
 * Batch limits of the acquiring API (interface, Limits; read from the endpoint table): how many orders one
 * request may carry, the check the clients run before sending, and helpers that split a longer list into
 * compliant chunks and run them.
 */
import { ACQUIRING_ENDPOINTS } from "./acquiring/endpoints"
import { GatewayValidationError } from "./errors"

type Table = typeof ACQUIRING_ENDPOINTS
/** The operations that take a list of orders: the batches and the queries. */
export type BatchOperation = { [K in keyof Table]: Table[K] extends { batch: object } | { filters: object } ? K : never }[keyof Table]

export const BATCH_LIMITS = Object.freeze(
  Object.fromEntries(
    Object.entries(ACQUIRING_ENDPOINTS).flatMap(([op, row]) => {
      const limit = ("batch" in row ? row.batch.limit : undefined) ?? ("filters" in row ? row.filters.limit : undefined)
      return limit === undefined ? [] : [[op, limit]]
    }),
  ),
) as Readonly<Record<BatchOperation, number>>

/** Splits a list into consecutive chunks of at most `size` elements (order kept; an empty list gives []). */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer (got ${size})`)
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/** Splits a list of entries (or ids) into chunks that each fit the operation's batch limit. */
export function splitBatch<T>(operation: BatchOperation, entries: readonly T[]): T[][] {
  return chunk(entries, BATCH_LIMITS[operation])
}

/**
 * Throws GatewayValidationError (naming `field`) when `count` is 0 or exceeds the operation's limit.
 */
export function assertBatchSize(operation: BatchOperation, count: number, field: string): void {
  const limit = BATCH_LIMITS[operation]
  if (count < 1) throw new GatewayValidationError({ field, rule: "must hold at least 1 entry" }, { operation })
  if (count > limit) {
    throw new GatewayValidationError(
      { field, rule: `must hold at most ${limit} entries (got ${count}); split it with splitBatch("${operation}", ...)` },
      { operation },
    )
  }
}

/**
 * Runs `run` over every chunk of `entries` with at most `concurrency` chunks in flight, returning the results in
 * chunk order. A failure stops scheduling new chunks and rejects with the first error.
 */
export async function runInBatches<T, R>(
  operation: BatchOperation,
  entries: readonly T[],
  run: (chunk: T[], index: number) => Promise<R>,
  concurrency = 1,
): Promise<R[]> {
  const chunks = splitBatch(operation, entries)
  const results = new Array<R>(chunks.length)
  let next = 0
  let failed: unknown = undefined
  const worker = async () => {
    while (failed === undefined && next < chunks.length) {
      const i = next++
      try {
        results[i] = await run(chunks[i]!, i)
      } catch (e) {
        if (failed === undefined) failed = e
      }
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, chunks.length)) }, worker))
  if (failed !== undefined) throw failed
  return results
}

/**
 * Runs `run` over the entries of `pages` (read a page at a time, e.g. keyset reads of a table) in chunks of the
 * operation's batch limit, with at most `concurrency` chunks in flight. Entries of consecutive pages fill the
 * same chunk, so N entries take ⌈N/limit⌉ calls and never more than that are in flight. The next page is read
 * only while a call slot is free, so memory holds one page and the chunks in flight, however long the source.
 * A failure stops reading and scheduling; the calls in flight finish, then it rejects with the first error.
 * Returns the number of chunks run.
 */
export async function runInBatchesStreamed<T>(
  operation: BatchOperation,
  pages: AsyncIterable<readonly T[]>,
  run: (chunk: T[]) => Promise<void>,
  concurrency = 1,
): Promise<number> {
  if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError(`concurrency must be a positive integer (got ${concurrency})`)
  const size = BATCH_LIMITS[operation]
  const inFlight = new Set<Promise<void>>()
  let failure: { error: unknown } | undefined
  let started = 0
  const waitForSlot = async (free: number) => {
    while (inFlight.size > concurrency - free) await Promise.race(inFlight)
  }
  const launch = (chunk: T[]) => {
    started++
    const p: Promise<void> = run(chunk)
      .catch((error) => void (failure ??= { error }))
      .finally(() => inFlight.delete(p))
    inFlight.add(p)
  }
  let pending: T[] = []
  reading: for await (const page of pages) {
    for (const entry of page) {
      pending.push(entry)
      if (pending.length < size) continue
      await waitForSlot(1)
      if (failure) break reading
      launch(pending)
      pending = []
    }
    // Read ahead only when a slot is free: the source is not drained into memory while every call waits.
    await waitForSlot(1)
    if (failure) break
  }
  if (!failure && pending.length) {
    await waitForSlot(1)
    if (!failure) launch(pending)
  }
  await waitForSlot(concurrency)
  if (failure) throw failure.error
  return started
}
