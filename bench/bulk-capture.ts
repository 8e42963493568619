/**
 * Bulk capture of 1,000 authorised payments: the library's capture in batches of 50 (runInBatches("capture"))
 * against 1,000 single-entry captures, alternating over a few rounds, every round on fresh transactions
 * (authorised before the timed region). Requests are counted by the sandbox (separate process).
 * Prints one JSON object.
 */
import { AcquiringClient, CaptureOrder, runInBatches } from "../src/lib/gateway"
import { benchClient, cardPayment } from "./lib/gateway-fixtures"
import { startSandboxProcess, SandboxProcess } from "./lib/sandbox-process"
import { envInt, msSince, round } from "./lib/stats"
import { runMain } from "./lib/run-main"

const PAYMENTS = envInt("BENCH_CAPTURES", 1000)
const ROUNDS = envInt("BENCH_CAPTURE_ROUNDS", 3)
const EXPECTED_BATCH_REQUESTS = Math.ceil(PAYMENTS / 50)

async function authorised(client: AcquiringClient, prefix: string): Promise<CaptureOrder[]> {
  const out: CaptureOrder[] = []
  for (let i = 0; i < PAYMENTS; i += 50) {
    const page = await Promise.all(
      Array.from({ length: Math.min(50, PAYMENTS - i) }, (_, j) => client.authorise(cardPayment(`${prefix}-${i + j}`)))
    )
    for (const r of page)
      out.push({ transaction_id: r.transaction_id!, order_no: r.order_no!, currency: "USD", amount: "28.29" })
  }
  return out
}

async function captureRequests(sandbox: SandboxProcess): Promise<number> {
  return (await sandbox.stats()).byPath["/v1/capture"] ?? 0
}

async function measure(sandbox: SandboxProcess, run: () => Promise<number>) {
  const before = await captureRequests(sandbox)
  const t = process.hrtime.bigint()
  const captured = await run()
  const ms = msSince(t)
  return { ms, requests: (await captureRequests(sandbox)) - before, captured }
}

async function main() {
  const sandbox = await startSandboxProcess()
  const client = benchClient(sandbox.url)
  const batched: { ms: number; requests: number; captured: number }[] = []
  const single: typeof batched = []
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const forBatched = await authorised(client, `bench-bulk-b${round}-${process.pid}`)
      const forSingle = await authorised(client, `bench-bulk-s${round}-${process.pid}`)
      const runBatched = () =>
        measure(sandbox, async () => {
          const results = await runInBatches("capture", forBatched, (chunk) =>
            client.capture({ capture_orders: chunk })
          )
          return results.flatMap((r) => r.capture_orders).filter((e) => e.outcome === "done").length
        })
      const runSingle = () =>
        measure(sandbox, async () => {
          let done = 0
          for (const entry of forSingle)
            if ((await client.capture({ capture_orders: [entry] })).capture_orders[0]?.outcome === "done") done++
          return done
        })
      if (round % 2) {
        single.push(await runSingle())
        batched.push(await runBatched())
      } else {
        batched.push(await runBatched())
        single.push(await runSingle())
      }
    }
  } finally {
    await client.close()
    await sandbox.close()
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  const batchedMs = median(batched.map((r) => r.ms))
  const singleMs = median(single.map((r) => r.ms))
  const requests = batched.map((r) => r.requests)
  const result = {
    bench: "bulk-capture",
    payments: PAYMENTS,
    rounds: ROUNDS,
    batched: {
      batch_size: 50,
      requests_per_round: requests,
      wall_ms_median: round(batchedMs, 1),
      captured: batched.map((r) => r.captured),
    },
    single_entry_baseline: {
      requests_per_round: single.map((r) => r.requests),
      wall_ms_median: round(singleMs, 1),
      captured: single.map((r) => r.captured),
    },
    speedup: round(singleMs / batchedMs, 2),
    target: {
      what: `requests per ${PAYMENTS} captures`,
      value: Math.max(...requests),
      limit: EXPECTED_BATCH_REQUESTS,
      met: requests.every((n) => n === EXPECTED_BATCH_REQUESTS),
    },
  }
  process.stdout.write(JSON.stringify(result) + "\n")
}

runMain(main)
