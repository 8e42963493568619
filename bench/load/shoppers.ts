// The load benchmark's shoppers: card, 3-D Secure and pp_system_default steps in rotation, timed and failures counted per phase.
import { msSince, percentile, percentiles, round } from "../lib/stats"
import { StoreClient } from "../lib/store-client"
import { SHOPPERS } from "./config"

export const ARMS = ["card", "three_ds", "system"] as const
export type Arm = (typeof ARMS)[number]

/** What a phase's shoppers measured: step times per arm, and every failure by kind. */
export class Recorder {
  readonly ms: Record<Arm, number[]> = { card: [], three_ds: [], system: [] }
  readonly failures = {
    total: 0,
    http5xx: 0,
    lock_timeouts: 0,
    by_status: {} as Record<string, number>,
    samples: [] as string[],
  }
  ok(arm: Arm, ms: number) {
    this.ms[arm].push(ms)
  }
  fail(what: string, err: unknown) {
    const message = String((err as Error)?.message ?? err)
    const status = /HTTP (\d{3})/.exec(message)?.[1] ?? "other"
    this.failures.total++
    this.failures.by_status[status] = (this.failures.by_status[status] ?? 0) + 1
    if (status.startsWith("5")) this.failures.http5xx++
    if (isLockTimeout(message)) this.failures.lock_timeouts++
    if (this.failures.samples.length < 5) this.failures.samples.push(`${what}: ${message.slice(0, 300)}`)
  }
}

export const isLockTimeout = (text: string) => /lock/i.test(text) && /time(d)? ?out/i.test(text)

/** One shopper: rounds of three payment steps (the arm rotating), `minRounds` at least, then while `more()`. */
export async function shopper(i: number, client: StoreClient, rec: Recorder, minRounds: number, more: () => boolean) {
  for (let r = 0; r < minRounds || more(); r++) {
    for (let k = 0; k < ARMS.length; k++) {
      const arm = ARMS[(i + r + k) % ARMS.length]!
      let cart: { cartId: string; collectionId: string }
      try {
        cart = await client.cartWithCollection()
      } catch (err) {
        rec.fail("cart", err)
        continue
      }
      const t0 = process.hrtime.bigint()
      try {
        const sessionId = await client.startSession(
          cart.collectionId,
          arm === "system" ? "pp_system_default" : "pp_gateway_card"
        )
        if (arm === "card") await client.postCard(cart.cartId, sessionId)
        if (arm === "three_ds") await client.postCardWithThreeDS(cart.cartId, sessionId)
        await client.complete(cart.cartId)
        rec.ok(arm, msSince(t0))
      } catch (err) {
        rec.fail(arm, err)
      }
    }
  }
}

/** Runs the shoppers; the phase's step figures per arm and its throughput. */
export async function phase(client: StoreClient, minRounds: number, more: () => boolean) {
  const rec = new Recorder()
  const t0 = process.hrtime.bigint()
  await Promise.all(Array.from({ length: SHOPPERS }, (_, i) => shopper(i, client, rec, minRounds, more)))
  const seconds = msSince(t0) / 1000
  const steps = Object.fromEntries(
    ARMS.map((arm) => [
      arm,
      {
        ...percentiles(rec.ms[arm]),
        p95: round(percentile(rec.ms[arm], 95)),
        per_second: round(rec.ms[arm].length / seconds, 2),
      },
    ])
  ) as Record<Arm, ReturnType<typeof percentiles> & { p95: number; per_second: number }>
  const done = ARMS.reduce((n, arm) => n + rec.ms[arm].length, 0)
  return {
    seconds: round(seconds, 1),
    steps_done: done,
    steps_per_second: round(done / seconds, 2),
    steps,
    failures: rec.failures,
  }
}
