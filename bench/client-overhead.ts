/**
 * Client overhead: the library's authorise, capture and order query against a bare undici request posting
 * the same pre-built body to the same sandbox endpoint, interleaved (library, bare, library, ...), N each
 * after a warm-up. The sandbox runs in its own process. Prints one JSON object.
 *
 * Capture needs one authorised transaction per capture, so every capture (both arms) gets its own
 * transaction, created before the timed loop.
 *
 *   BENCH_N=5000 npx ts-node --swc bench/client-overhead.ts
 */
import { AcquiringClient } from "../src/lib/gateway"
import { BareHttp } from "./lib/bare-http"
import { benchClient, cardPayment, wireBody } from "./lib/gateway-fixtures"
import { startSandboxProcess } from "./lib/sandbox-process"
import { envInt, msSince, percentiles, round, target } from "./lib/stats"

const N = envInt("BENCH_N", 5000)
const WARMUP = envInt("BENCH_WARMUP", 500)
const TARGET_P50_RATIO = 1.15

type Timed = () => Promise<void>

/** Runs the two arms alternately (who goes first alternates too); returns the samples of the timed runs. */
async function interleave(lib: Timed[], bare: Timed[], warmup: number) {
  const samples = { library: [] as number[], bare: [] as number[] }
  for (let i = 0; i < lib.length; i++) {
    const order: ["library" | "bare", Timed][] = [["library", lib[i]!], ["bare", bare[i]!]]
    if (i % 2) order.reverse()
    for (const [arm, run] of order) {
      const t = process.hrtime.bigint()
      await run()
      const ms = msSince(t)
      if (i >= warmup) samples[arm].push(ms)
    }
  }
  return samples
}

function summary(samples: { library: number[]; bare: number[] }) {
  const library = percentiles(samples.library)
  const bare = percentiles(samples.bare)
  const ratio = { p50: round(library.p50 / bare.p50), p90: round(library.p90 / bare.p90), p99: round(library.p99 / bare.p99) }
  return { library_ms: library, bare_ms: bare, ratio, target: target(ratio.p50, TARGET_P50_RATIO, "p50 ratio library / bare") }
}

const fail = (what: string) => {
  throw new Error(what)
}

async function main() {
  const sandbox = await startSandboxProcess()
  const client: AcquiringClient = benchClient(sandbox.url)
  const bare = new BareHttp(sandbox.url)
  const total = N + WARMUP
  let seq = 0
  const orderNo = (arm: string) => `bench-${arm}-${process.pid}-${++seq}`

  try {
    // --- authorise: every payment has its own order number (the gateway refuses a repeated one).
    const authLib: Timed[] = []
    const authBare: Timed[] = []
    for (let i = 0; i < total; i++) {
      const req = cardPayment(orderNo("lib"))
      authLib.push(async () => {
        const r = await client.authorise(req)
        if (r.outcome !== "approved") fail(`authorise: ${r.outcome}`)
      })
      const wire = wireBody(client, "authorise", cardPayment(orderNo("bare")))
      authBare.push(async () => {
        const r = await bare.post(wire.path, wire.body, wire.contentType)
        if (r.status !== 200) fail(`bare authorise: HTTP ${r.status}`)
      })
    }
    const authorise = summary(await interleave(authLib, authBare, WARMUP))

    // --- capture: one fresh authorised transaction per capture, created here, untimed.
    const capLib: Timed[] = []
    const capBare: Timed[] = []
    for (let i = 0; i < total; i++) {
      const [a, b] = await Promise.all([client.authorise(cardPayment(orderNo("cap"))), client.authorise(cardPayment(orderNo("cap")))])
      const entry = (t: typeof a) => ({ transaction_id: t.transaction_id!, order_no: t.order_no!, currency: "USD", amount: "28.29" })
      const libReq = { capture_orders: [entry(a)] }
      capLib.push(async () => {
        const r = await client.capture(libReq)
        if (r.capture_orders[0]?.outcome !== "done") fail("capture refused")
      })
      const wire = wireBody(client, "capture", { capture_orders: [entry(b)] })
      capBare.push(async () => {
        const r = await bare.post(wire.path, wire.body, wire.contentType)
        if (r.status !== 200 || !r.text.includes('"capture_status":"1"')) fail(`bare capture: ${r.text.slice(0, 200)}`)
      })
    }
    const capture = summary(await interleave(capLib, capBare, WARMUP))

    // --- order query: 100 order numbers a request (the batch limit), the same request every time.
    const orders = Array.from({ length: 100 }, (_, i) => `bench-lib-${process.pid}-${i + 1}`)
    const queryWire = wireBody(client, "orderQuery", { orders })
    const queryLib = Array.from({ length: total }, () => async () => {
      const r = await client.orderQuery({ orders })
      if (r.orders_list.length !== 100) fail(`order query: ${r.orders_list.length} records`)
    })
    const queryBare = Array.from({ length: total }, () => async () => {
      const r = await bare.post(queryWire.path, queryWire.body, queryWire.contentType)
      if (r.status !== 200) fail(`bare order query: HTTP ${r.status}`)
    })
    const orderQuery = summary(await interleave(queryLib, queryBare, WARMUP))

    const result = {
      bench: "client-overhead",
      n: N,
      warmup: WARMUP,
      sandbox: "separate process, latency 0 ms",
      authorise,
      capture,
      orderQuery: { ...orderQuery, orders_per_request: 100 },
      targets_met: [authorise, capture, orderQuery].every((s) => s.target.met),
    }
    process.stdout.write(JSON.stringify(result) + "\n")
  } finally {
    await client.close()
    await bare.close()
    await sandbox.close()
  }
}

main().catch((err) => {
  process.stderr.write(`${err?.stack ?? err}\n`)
  process.exit(1)
})
