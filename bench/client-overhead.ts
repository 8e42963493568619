/**
 * Client overhead: the library's authorise, capture and order query against their floor (./lib/bare-http.ts:
 * the same undici transport posting the same pre-built body to the same sandbox endpoint, and the same parser
 * on the answer), interleaved (library, floor, library, ...), N each after a warm-up. The sandbox runs in its
 * own process, so this process's CPU time is the client's: each call's CPU (process.cpuUsage) is summed per
 * arm, and the library's extra CPU per call (µs) is reported beside the latency ratio. Prints one JSON object.
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
import { runMain } from "./lib/run-main"

const N = envInt("BENCH_N", 5000)
const WARMUP = envInt("BENCH_WARMUP", 500)
const TARGET_P50_RATIO = 1.15

type Timed = () => Promise<void>
type Samples = { library: number[]; bare: number[]; cpuUs: { library: number; bare: number } }

/** Runs the two arms alternately (who goes first alternates too); returns the samples of the timed runs. */
async function interleave(lib: Timed[], bare: Timed[], warmup: number): Promise<Samples> {
  const samples: Samples = { library: [], bare: [], cpuUs: { library: 0, bare: 0 } }
  for (let i = 0; i < lib.length; i++) {
    const order: ["library" | "bare", Timed][] = [
      ["library", lib[i]!],
      ["bare", bare[i]!],
    ]
    if (i % 2) order.reverse()
    for (const [arm, run] of order) {
      const cpu = process.cpuUsage()
      const t = process.hrtime.bigint()
      await run()
      const ms = msSince(t)
      const used = process.cpuUsage(cpu)
      if (i >= warmup) {
        samples[arm].push(ms)
        samples.cpuUs[arm] += used.user + used.system
      }
    }
  }
  return samples
}

function summary(samples: Samples) {
  const library = percentiles(samples.library)
  const bare = percentiles(samples.bare)
  const ratio = {
    p50: round(library.p50 / bare.p50),
    p90: round(library.p90 / bare.p90),
    p99: round(library.p99 / bare.p99),
  }
  const cpu = {
    library: samples.cpuUs.library / samples.library.length,
    floor: samples.cpuUs.bare / samples.bare.length,
  }
  return {
    library_ms: library,
    floor_ms: bare,
    ratio,
    cpu_us_per_call: {
      library: Math.round(cpu.library),
      floor: Math.round(cpu.floor),
      extra: Math.round(cpu.library - cpu.floor),
    },
    target: target(ratio.p50, TARGET_P50_RATIO, "p50 ratio library / floor"),
  }
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
        const r = await bare.post(wire.path, wire.body, wire.contentType, "xml")
        if (r.status !== 200 || r.answer.respon?.order_status !== "1") fail(`floor authorise: HTTP ${r.status}`)
      })
    }
    const authorise = summary(await interleave(authLib, authBare, WARMUP))

    // --- capture: one fresh authorised transaction per capture, created here, untimed.
    const capLib: Timed[] = []
    const capBare: Timed[] = []
    for (let i = 0; i < total; i++) {
      const [a, b] = await Promise.all([
        client.authorise(cardPayment(orderNo("cap"))),
        client.authorise(cardPayment(orderNo("cap"))),
      ])
      const entry = (t: typeof a) => ({
        transaction_id: t.transaction_id!,
        order_no: t.order_no!,
        currency: "USD",
        amount: "28.29",
      })
      const libReq = { capture_orders: [entry(a)] }
      capLib.push(async () => {
        const r = await client.capture(libReq)
        if (r.capture_orders[0]?.outcome !== "done") fail("capture refused")
      })
      const wire = wireBody(client, "capture", { capture_orders: [entry(b)] })
      capBare.push(async () => {
        const r = await bare.post(wire.path, wire.body, wire.contentType, "json")
        if (r.status !== 200 || r.answer.capture_orders?.[0]?.capture_status !== "1")
          fail(`floor capture: ${JSON.stringify(r.answer).slice(0, 200)}`)
      })
    }
    const capture = summary(await interleave(capLib, capBare, WARMUP))

    // --- order query: 100 order numbers a request (the batch limit), the same request every time, of 100 payments
    // made here, untimed; their numbers short enough for the filter's 1,000 characters (this sandbox is this run's).
    const orders = Array.from({ length: 100 }, (_, i) => `q${i + 1}`)
    for (const o of orders)
      if ((await client.authorise(cardPayment(o))).outcome !== "approved")
        fail("order query: a payment to look up was not approved")
    const queryWire = wireBody(client, "orderQuery", { orders })
    const queryLib = Array.from({ length: total }, () => async () => {
      const r = await client.orderQuery({ orders })
      if (r.orders_list.length !== 100) fail(`order query: ${r.orders_list.length} records`)
    })
    const queryBare = Array.from({ length: total }, () => async () => {
      const r = await bare.post(queryWire.path, queryWire.body, queryWire.contentType, "json")
      if (r.status !== 200 || r.answer.orders_list?.length !== 100) fail(`floor order query: HTTP ${r.status}`)
    })
    const orderQuery = summary(await interleave(queryLib, queryBare, WARMUP))

    const result = {
      bench: "client-overhead",
      n: N,
      warmup: WARMUP,
      sandbox: "separate process, latency 0 ms",
      floor: "undici Pool posting the pre-built body, answer parsed with JSON.parse / fast-xml-parser",
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

runMain(main)
