/**
 * Throughput of a synchronous operation against its baseline: rounds of `batch` calls each, the two arms
 * alternating (and alternating who goes first), after a warm-up round; ops/s from the summed time per arm.
 */
import { msSince, round } from "./stats"

export interface OpsComparison {
  library_ops_per_s: number
  baseline_ops_per_s: number
  /** library time per op / baseline time per op (1.0 = as fast as the baseline). */
  cost_ratio: number
}

export function compareOps(library: () => unknown, baseline: () => unknown, rounds = 20, batch = 2000): OpsComparison {
  const run = (fn: () => unknown) => {
    const t = process.hrtime.bigint()
    for (let i = 0; i < batch; i++) fn()
    return msSince(t)
  }
  run(library)
  run(baseline)
  let libMs = 0
  let baseMs = 0
  for (let r = 0; r < rounds; r++) {
    if (r % 2) {
      baseMs += run(baseline)
      libMs += run(library)
    } else {
      libMs += run(library)
      baseMs += run(baseline)
    }
  }
  const ops = rounds * batch
  return {
    library_ops_per_s: Math.round((ops / libMs) * 1000),
    baseline_ops_per_s: Math.round((ops / baseMs) * 1000),
    cost_ratio: round(libMs / baseMs, 2),
  }
}
