/**
 * Checkout: the whole payment step through Medusa's store API, with the gateway's card provider
 * (pp_gateway_card: payment session + card posted to the plugin's route + complete-cart) against Medusa's
 * pp_system_default (payment session + complete-cart) on the same store, interleaved (who goes first
 * alternates), N carts each after a warm-up. Each cart, with its items, addresses, shipping method and payment
 * collection, is made before the timed region; every request of the payment step is timed, each part on its own
 * too. The sandbox runs in its own process (latency 0 ms). Prints one JSON object.
 *
 * BENCH_CHECKOUT_PROFILE=P (0: off) then profiles the card post: a second store server run under `node --cpu-prof`
 * takes P card posts one after another (their carts and sessions made before), and the JSON's `card_post_profile`
 * says where the store's processor time went per post, by area of code (./lib/profile-window.ts), with the
 * posts' own p50.
 */
import { mkdtempSync, rmSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { freePort } from "./lib/free-port"
import { profileWindow, readProfileDir } from "./lib/profile-window"
import { prepareStore, startStoreServer, storeEnv } from "./lib/medusa-store"
import { startSandboxProcess } from "./lib/sandbox-process"
import { envInt, msSince, percentile, percentiles, round, target } from "./lib/stats"
import { StoreClient } from "./lib/store-client"
import { runMain } from "./lib/run-main"

const N = envInt("BENCH_CHECKOUT_N", 200)
const PROFILE_POSTS = process.env.BENCH_CHECKOUT_PROFILE ? envInt("BENCH_CHECKOUT_PROFILE", 100) : 0
const WARMUP = envInt("BENCH_CHECKOUT_WARMUP", 10)
const PREPARE_CONCURRENCY = 4
/** Issue 35: the card's whole payment step at most 1.10× Medusa's own, at p50 and at p95. */
const TARGET_RATIO = 1.1
const ARMS = ["pp_gateway_card", "pp_system_default"] as const
type Arm = (typeof ARMS)[number]
type Part = "session" | "card" | "complete" | "step"

/** Makes `count` carts with a payment collection, a few at a time. */
async function carts(client: StoreClient, count: number) {
  const out: { cartId: string; collectionId: string }[] = []
  for (let i = 0; i < count; i += PREPARE_CONCURRENCY) {
    out.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(PREPARE_CONCURRENCY, count - i) }, () => client.cartWithCollection())
      ))
    )
  }
  return out
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
    const prepared = { pp_gateway_card: await carts(client, total), pp_system_default: await carts(client, total) }
    const prepareMs = Date.now() - prepStart

    const parts = (): Record<Part, number[]> => ({ session: [], card: [], complete: [], step: [] })
    const samples: Record<Arm, Record<Part, number[]>> = { pp_gateway_card: parts(), pp_system_default: parts() }
    for (let i = 0; i < total; i++) {
      for (const arm of i % 2 ? [...ARMS].reverse() : [...ARMS]) {
        const { cartId, collectionId } = prepared[arm][i]!
        const t0 = process.hrtime.bigint()
        const sessionId = await client.startSession(collectionId, arm)
        const session = msSince(t0)
        const t1 = process.hrtime.bigint()
        if (arm === "pp_gateway_card") await client.postCard(cartId, sessionId)
        const card = msSince(t1)
        const t2 = process.hrtime.bigint()
        await client.complete(cartId)
        const complete = msSince(t2)
        if (i < WARMUP) continue
        const s = samples[arm]
        s.session.push(session)
        if (arm === "pp_gateway_card") s.card.push(card)
        s.complete.push(complete)
        s.step.push(msSince(t0))
      }
    }
    const p = (arm: Arm, part: Part) => percentiles(samples[arm][part])
    const step = { pp_gateway_card: p("pp_gateway_card", "step"), pp_system_default: p("pp_system_default", "step") }
    const ratio = {
      p50: round(step.pp_gateway_card.p50 / step.pp_system_default.p50),
      p95: round(percentile(samples.pp_gateway_card.step, 95) / percentile(samples.pp_system_default.step, 95)),
    }
    const result = {
      bench: "checkout",
      n: N,
      warmup: WARMUP,
      sandbox_latency_ms: 0,
      payment_step_ms: {
        pp_gateway_card: { ...step.pp_gateway_card, p95: round(percentile(samples.pp_gateway_card.step, 95)) },
        pp_system_default: { ...step.pp_system_default, p95: round(percentile(samples.pp_system_default.step, 95)) },
      },
      parts_p50_ms: Object.fromEntries(
        ARMS.map((arm) => [
          arm,
          {
            session: p(arm, "session").p50,
            ...(arm === "pp_gateway_card" ? { card: p(arm, "card").p50 } : {}),
            complete: p(arm, "complete").p50,
          },
        ])
      ),
      ratio,
      targets: [
        target(ratio.p50, TARGET_RATIO, "p50 payment-step ratio pp_gateway_card / pp_system_default"),
        target(ratio.p95, TARGET_RATIO, "p95 payment-step ratio pp_gateway_card / pp_system_default"),
      ],
      cart_preparation_ms: prepareMs,
      total_ms: Date.now() - started,
    }
    if (PROFILE_POSTS) {
      await server.close()
      server = undefined
      Object.assign(result, { card_post_profile: await profileCardPosts(store, sandbox.url) })
      result.total_ms = Date.now() - started
    }
    process.stdout.write(JSON.stringify(result) + "\n")
  } finally {
    await server?.close()
    await sandbox.close()
    await store.stop()
  }
}

/** PROFILE_POSTS card posts to a store server under `--cpu-prof`: where its processor time went per post. */
async function profileCardPosts(store: Awaited<ReturnType<typeof prepareStore>>, sandboxUrl: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "gateway-card-post-profile-"))
  const server = await startStoreServer(storeEnv(store.databaseUrl, sandboxUrl), await freePort(), 180_000, undefined, [
    "--cpu-prof",
    `--cpu-prof-dir=${dir}`,
  ])
  try {
    const client = new StoreClient(server.url, store.seeded)
    const sessions: { cartId: string; sessionId: string }[] = []
    for (const { cartId, collectionId } of await carts(client, PROFILE_POSTS + WARMUP)) {
      sessions.push({ cartId, sessionId: await client.startSession(collectionId, "pp_gateway_card") })
    }
    const posts: number[] = []
    let from = 0n
    for (const [i, { cartId, sessionId }] of sessions.entries()) {
      if (i === WARMUP) from = process.hrtime.bigint()
      const t0 = process.hrtime.bigint()
      await client.postCard(cartId, sessionId)
      if (i >= WARMUP) posts.push(msSince(t0))
    }
    const to = process.hrtime.bigint()
    await server.close()
    return {
      posts: PROFILE_POSTS,
      post_p50_ms: percentiles(posts).p50,
      ...profileWindow(readProfileDir(dir), from, to, PROFILE_POSTS),
    }
  } finally {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

runMain(main)
