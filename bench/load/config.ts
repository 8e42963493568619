// The load benchmark's settings (BENCH_LOAD_*, BENCH_STORM_* from the environment) and its fixed limits.
import { envInt } from "../lib/stats"

export const SHOPPERS = envInt("BENCH_LOAD_SHOPPERS", 50)
export const ROUNDS = envInt("BENCH_LOAD_ROUNDS", 2)
export const LATENCY_MS = Number(process.env.BENCH_LOAD_GATEWAY_LATENCY_MS ?? "150")
export const STORM_N = envInt("BENCH_STORM_N", 10_000)
export const STORM_DISTINCT = envInt("BENCH_STORM_DISTINCT", 2_000)
export const STORM_CONCURRENCY = envInt("BENCH_STORM_CONCURRENCY", 16)
export const COPIES = 3 // duplicates of each distinct notification besides the original
export const P95_STORM_RATIO_LIMIT = 1.5 // shopper p95 during the storm / without, card steps
export const SETTLE_TIMEOUT_MS = 240_000
export const SETTLE_S = envInt("BENCH_STORM_SETTLE_S", 600)
// A prefix of this run's own: a store shared with other benchmarks (bench/run.ts) or runs keeps earlier ones.
export const STORM_PREFIX = `payses_storm_${Date.now().toString(36)}_`
// The sandbox's merchant and key (medusa-config.ts defaults): the notifications are signed as the gateway signs them.
export const MERCHANT = { merchantId: "701001", accountId: "701001010", signKey: "sandbox_sign_key" }
