/**
 * Checkout: complete-cart through Medusa's store API with the gateway's card provider (pp_gateway_card; the
 * card was authorised through the plugin's route beforehand) against Medusa's pp_system_default on the
 * same store, interleaved, N carts each after a warm-up. Carts are prepared before the timed region; only
 * POST /store/carts/:id/complete is timed. Sandbox (separate process) latency 0 ms. Prints one JSON object.
 */
import { freePort } from "./lib/free-port"
import { prepareStore, startStoreServer, storeEnv } from "./lib/medusa-store"
import { startSandboxProcess } from "./lib/sandbox-process"
import { envInt, msSince, percentiles, round, target } from "./lib/stats"
import { StoreClient } from "./lib/store-client"

const N = envInt("BENCH_CHECKOUT_N", 200)
const WARMUP = envInt("BENCH_CHECKOUT_WARMUP", 10)
const PREPARE_CONCURRENCY = 4
const TARGET_P50_RATIO = 1.1
const ARMS = ["pp_gateway_card", "pp_system_default"] as const

/** Prepares `count` carts of a provider, a few at a time. */
async function readyCarts(client: StoreClient, providerId: string, count: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < count; i += PREPARE_CONCURRENCY) {
    ids.push(...(await Promise.all(Array.from({ length: Math.min(PREPARE_CONCURRENCY, count - i) }, () => client.readyCart(providerId)))))
  }
  return ids
}

async function main() {
  const started = Date.now()
  const store = await prepareStore()
  const sandbox = await startSandboxProcess()
  let server: Awaited<ReturnType<typeof startStoreServer>> | undefined
  try {
    server = await startStoreServer(storeEnv(store.databaseUrl, sandbox.url), await freePort())
    const client = new StoreClient(server.url, store.seeded)
    const total = N + WARMUP
    const prepStart = Date.now()
    const carts = { pp_gateway_card: await readyCarts(client, "pp_gateway_card", total), pp_system_default: await readyCarts(client, "pp_system_default", total) }
    const prepareMs = Date.now() - prepStart

    const samples: Record<(typeof ARMS)[number], number[]> = { pp_gateway_card: [], pp_system_default: [] }
    for (let i = 0; i < total; i++) {
      const order = i % 2 ? [...ARMS].reverse() : [...ARMS]
      for (const arm of order) {
        const t = process.hrtime.bigint()
        await client.complete(carts[arm][i]!)
        if (i >= WARMUP) samples[arm].push(msSince(t))
      }
    }
    const gateway = percentiles(samples.pp_gateway_card)
    const system = percentiles(samples.pp_system_default)
    const ratio = { p50: round(gateway.p50 / system.p50), p90: round(gateway.p90 / system.p90) }
    const result = {
      bench: "checkout",
      n: N,
      warmup: WARMUP,
      sandbox_latency_ms: 0,
      complete_cart_ms: { pp_gateway_card: gateway, pp_system_default: system },
      ratio,
      target: target(ratio.p50, TARGET_P50_RATIO, "p50 complete-cart ratio pp_gateway_card / pp_system_default"),
      cart_preparation_ms: prepareMs,
      total_ms: Date.now() - started,
    }
    process.stdout.write(JSON.stringify(result) + "\n")
  } finally {
    await server?.close()
    await sandbox.close()
    await store.stop()
  }
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`)
  process.exit(1)
})
