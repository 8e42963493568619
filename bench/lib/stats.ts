/** Latency figures: percentiles of millisecond samples, and ratios rounded for printing. */

export interface Percentiles {
  n: number
  p50: number
  p90: number
  p99: number
  mean: number
}

/** Nearest-rank percentile of sorted samples. */
function rank(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[i]!
}

export const round = (x: number, digits = 3) => Number(x.toFixed(digits))

/** Nearest-rank `p`th percentile of samples in any order (NaN for none). */
export const percentile = (samples: readonly number[], p: number) =>
  rank(
    [...samples].sort((a, b) => a - b),
    p
  )

export function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b)
  const mean = sorted.reduce((s, x) => s + x, 0) / Math.max(1, sorted.length)
  return {
    n: sorted.length,
    p50: round(rank(sorted, 50)),
    p90: round(rank(sorted, 90)),
    p99: round(rank(sorted, 99)),
    mean: round(mean),
  }
}

/** Milliseconds since `start` (a `process.hrtime.bigint()` reading). */
export function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6
}

/** A target line: the measured value, the limit, and whether it was met (printed as-is, never hidden). */
export function target(value: number, limit: number, what: string) {
  return { what, value: round(value), limit, met: value <= limit }
}

/** Reads a positive integer from the environment (e.g. BENCH_N), or the default. */
export function envInt(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer (got ${raw})`)
  return n
}
