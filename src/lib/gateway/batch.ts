/**
 * Batch limits of the acquiring API (interface, Limits; read from the endpoint table): how many orders one
 * request may carry, the check the clients run before sending, and helpers that split a longer list into
 * compliant chunks and run them.
 */
import { ACQUIRING_ENDPOINTS } from "./acquiring/endpoints"
import { GatewayValidationError } from "./errors"

type Table = typeof ACQUIRING_ENDPOINTS
/** The operations that take a list of orders: the batches and the queries. */
export type BatchOperation = {
  [K in keyof Table]: Table[K] extends { batch: object } | { filters: object } ? K : never
}[keyof Table]

export const BATCH_LIMITS = Object.freeze(
  Object.fromEntries(
    Object.entries(ACQUIRING_ENDPOINTS).flatMap(([op, row]) => {
      const limit = ("batch" in row ? row.batch.limit : undefined) ?? ("filters" in row ? row.filters.limit : undefined)
      return limit === undefined ? [] : [[op, limit]]
    })
  )
) as Readonly<Record<BatchOperation, number>>

/** Most characters of a query filter's text (its ids joined by commas), per operation that has one [doc]. */
export const FILTER_TEXT_LIMITS = Object.freeze(
  Object.fromEntries(
    Object.entries(ACQUIRING_ENDPOINTS).flatMap(([op, row]) =>
      "filters" in row && row.filters.maxChars ? [[op, row.filters.maxChars]] : []
    )
  )
) as Readonly<Partial<Record<BatchOperation, number>>>

/** The id an entry stands for in a query filter (the entry itself when it is a text). */
export type FilterText<T> = (entry: T) => string
const ownText = (entry: unknown) => (typeof entry === "string" ? entry : "")

/** Splits a list into consecutive chunks of at most `size` elements (order kept; an empty list gives []). */
export function chunk<T>(list: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size must be a positive integer (got ${size})`)
  const out: T[][] = []
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size))
  return out
}

/**
 * Fills chunks of an operation: at most its batch limit of entries, and for a query whose filter text is limited
 * (the order query: 1000 characters), ids that fit once joined by commas.
 */
class Chunker<T> {
  private readonly size: number
  private readonly maxChars: number | undefined
  private chars = 0
  current: T[] = []

  constructor(
    operation: BatchOperation,
    private readonly textOf: FilterText<T>
  ) {
    this.size = BATCH_LIMITS[operation]
    this.maxChars = FILTER_TEXT_LIMITS[operation]
  }

  /** Adds `entry`; returns the chunk it closed, if adding it would have overflowed the current one. */
  add(entry: T): T[] | null {
    const len = this.maxChars ? this.textOf(entry).length : 0
    let closed: T[] | null = null
    if (this.maxChars && this.current.length && this.chars + 1 + len > this.maxChars) closed = this.take()
    this.chars += (this.current.length ? 1 : 0) + len
    this.current.push(entry)
    return closed
  }

  get full(): boolean {
    return this.current.length >= this.size
  }

  take(): T[] {
    const out = this.current
    this.current = []
    this.chars = 0
    return out
  }
}

/** Splits a list of entries (or ids) into chunks that each fit the operation's batch limit (and filter text limit). */
export function splitBatch<T>(
  operation: BatchOperation,
  entries: readonly T[],
  textOf: FilterText<T> = ownText
): T[][] {
  const out: T[][] = []
  const c = new Chunker(operation, textOf)
  for (const e of entries) {
    const closed = c.add(e)
    if (closed) out.push(closed)
    if (c.full) out.push(c.take())
  }
  if (c.current.length) out.push(c.take())
  return out
}

/**
 * Throws GatewayValidationError (naming `field`) when `count` is 0 or exceeds the operation's limit.
 */
export function assertBatchSize(operation: BatchOperation, count: number, field: string): void {
  const limit = BATCH_LIMITS[operation]
  if (count < 1) throw new GatewayValidationError({ field, rule: "must hold at least 1 entry" }, { operation })
  if (count > limit) {
    throw new GatewayValidationError(
      {
        field,
        rule: `must hold at most ${limit} entries (got ${count}); split it with splitBatch("${operation}", ...)`,
      },
      { operation }
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
  textOf: FilterText<T> = ownText
): Promise<R[]> {
  const chunks = splitBatch(operation, entries, textOf)
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
  textOf: FilterText<T> = ownText
): Promise<number> {
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw new RangeError(`concurrency must be a positive integer (got ${concurrency})`)
  const chunker = new Chunker(operation, textOf)
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
  reading: for await (const page of pages) {
    for (const entry of page) {
      const closed = chunker.add(entry)
      for (const ready of closed ? [closed] : []) {
        await waitForSlot(1)
        if (failure) break reading
        launch(ready)
      }
      if (!chunker.full) continue
      await waitForSlot(1)
      if (failure) break reading
      launch(chunker.take())
    }
    // Read ahead only when a slot is free: the source is not drained into memory while every call waits.
    await waitForSlot(1)
    if (failure) break
  }
  if (!failure && chunker.current.length) {
    await waitForSlot(1)
    if (!failure) launch(chunker.take())
  }
  await waitForSlot(concurrency)
  if (failure) throw failure.error
  return started
}
