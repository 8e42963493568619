/**
 * Load (issue 26): concurrent shoppers through the whole payment step against the sandbox at a gateway latency,
 * then the same while a storm of notifications arrives.
 *
 * The store runs as `medusa start` on an embedded PostgreSQL, the sandbox in its own process answering every
 * gateway request after BENCH_LOAD_GATEWAY_LATENCY_MS and notifying the store (store_url) as the gateway does.
 * Each shopper pays, one cart after another, in turn with the card (pp_gateway_card: session + card post to the
 * plugin's route + complete-cart), with a 3-D Secure card (the same, plus the issuer page the browser posts) and
 * with Medusa's pp_system_default (session + complete-cart): the floor, under the same load in the same run. A
 * cart is made before its step's clock starts. Every answer that is not 2xx is counted (5xx apart), and so are
 * lock timeouts (in the answers and in the store's log).
 *
 * 1. Without storm: BENCH_LOAD_SHOPPERS shoppers, BENCH_LOAD_ROUNDS rounds of the three steps each.
 * 2. Storm: BENCH_STORM_N notifications posted to /hooks/gateway/notifications, BENCH_STORM_CONCURRENCY at once,
 *    while the shoppers pay (steps begun before the last one is answered):
 *    - BENCH_STORM_DISTINCT payments the gateway authorised while Medusa still waits (sessions seeded in the
 *      database, transactions in the sandbox, POST /sandbox/transactions), each notified once, signed as the
 *      gateway signs (the plugin's signer, on the fields of a notification the sandbox sent in step 1);
 *    - three more copies of each (duplicates: the first one at once, two later);
 *    - the rest: replays of the sandbox's own notifications of step 1, the same bytes again.
 *    Then, in the database: each notification one record with every delivery counted, all processed; each seeded
 *    payment authorised with exactly one Medusa payment; the replayed payments still exactly one each.
 * Prints one JSON object.
 *
 *   BENCH_LOAD_SHOPPERS=50 BENCH_LOAD_ROUNDS=2 BENCH_LOAD_GATEWAY_LATENCY_MS=150
 *   BENCH_STORM_N=10000 BENCH_STORM_DISTINCT=2000 BENCH_STORM_CONCURRENCY=16
 *   BENCH_STORM_READ_INTERVAL_S (unset: the plugin's default, 60) BENCH_LOAD_NOTIFICATION_CONCURRENCY (unset: 8)
 *   BENCH_STORM_SETTLE_S=600 (how long after the last post the storm may take to be processed before the run reports)
 */
import knex from "knex"
import { createAcquiringClient } from "../src/lib/gateway"
import { freePort } from "./lib/free-port"
import { prepareStore, startStoreServer, storeEnv } from "./lib/medusa-store"
import { startSandboxProcess } from "./lib/sandbox-process"
import { msSince, round, target } from "./lib/stats"
import { StoreClient } from "./lib/store-client"
import { seedOpenSessions } from "./medusa/seed-open-sessions"
import { runMain } from "./lib/run-main"
import {
  COPIES,
  LATENCY_MS,
  MERCHANT,
  P95_STORM_RATIO_LIMIT,
  ROUNDS,
  SETTLE_S,
  SHOPPERS,
  STORM_CONCURRENCY,
  STORM_DISTINCT,
  STORM_N,
  STORM_PREFIX,
} from "./load/config"
import { isLockTimeout, phase, Recorder, shopper } from "./load/shoppers"
import { postStorm, SentNotification, sandboxJson, stormDeliveries, stormState, until } from "./load/storm"

async function main() {
  const started = Date.now()
  const store = await prepareStore()
  const sandbox = await startSandboxProcess()
  const port = await freePort()
  const storeUrl = `http://localhost:${port}`
  let storeLockTimeouts = 0
  const env = storeEnv(store.databaseUrl, sandbox.url, {
    GATEWAY_STORE_URL: storeUrl,
    GATEWAY_CARD_ATTEMPTS_PER_ADDRESS: "1000000",
    GATEWAY_CARD_ATTEMPTS_PER_CARD: "1000000",
    ...(process.env.BENCH_STORM_READ_INTERVAL_S
      ? { GATEWAY_NOTIFICATION_READ_INTERVAL_SECONDS: process.env.BENCH_STORM_READ_INTERVAL_S }
      : {}),
    ...(process.env.BENCH_LOAD_NOTIFICATION_CONCURRENCY
      ? { GATEWAY_NOTIFICATION_CONCURRENCY: process.env.BENCH_LOAD_NOTIFICATION_CONCURRENCY }
      : {}),
  })
  const db = knex({ client: "pg", connection: store.databaseUrl, pool: { min: 0, max: 2 } })
  let server: Awaited<ReturnType<typeof startStoreServer>> | undefined
  try {
    server = await startStoreServer(env, port, 180_000, (text) => {
      for (const line of text.split("\n")) if (isLockTimeout(line)) storeLockTimeouts++
    })
    await sandboxJson(sandbox.url, "/sandbox/faults", {
      rules: LATENCY_MS > 0 ? [{ fault: "latency", ms: LATENCY_MS }] : [],
    })
    const client = new StoreClient(server.url, store.seeded)
    // Warm-up: one step of each arm, unmeasured.
    await shopper(0, client, new Recorder(), 1, () => false)

    process.stderr.write(`load: ${SHOPPERS} shoppers × ${ROUNDS} rounds, gateway at ${LATENCY_MS} ms...\n`)
    const lockTimeoutsBefore = storeLockTimeouts
    const calm = await phase(client, ROUNDS, () => false)
    const calmStoreLockTimeouts = storeLockTimeouts - lockTimeoutsBefore
    process.stderr.write(`load: without storm ${JSON.stringify(calm)}\n`)

    // The sandbox's notifications of the first phase, all acknowledged: the replays, and the template of the originals.
    const sent = await until("the sandbox's notifications acknowledged", async () => {
      const all = await sandboxJson<SentNotification[]>(sandbox.url, "/sandbox/notifications")
      return all.every((n) => n.acknowledged) ? all : null
    })
    const payments = sent.filter((n) => n.notify_type === "PAYMENT" && n.payload.order_no && n.payload.transaction_id)
    const template = payments[0]
    if (!template) throw new Error("the first phase got no PAYMENT notification from the sandbox")
    const replayedOrders = [...new Set(payments.map((n) => n.payload.order_no!))]

    // The storm's payments: authorised at the gateway, still waiting in Medusa, of the template's amount.
    process.stderr.write(`load: seeding ${STORM_DISTINCT} payments for the storm...\n`)
    await seedOpenSessions(db, sandbox.url, STORM_DISTINCT, {
      prefix: STORM_PREFIX,
      state: "authorized",
      amount: template.payload.amount,
      currency: template.payload.currency,
    })
    const txOf = new Map<string, string>(
      (
        await db.raw(`select id, data->>'transaction_id' as tx from payment_session where id like ?`, [
          `${STORM_PREFIX}%`,
        ])
      ).rows.map((r: { id: string; tx: string }) => [r.id, r.tx])
    )
    const signer = createAcquiringClient({ baseUrl: sandbox.url, ...MERCHANT })
    const { encryption_data: _signature, ...fields } = template.payload
    const originals = [...txOf].map(([orderNo, tx], i) => {
      const f = { ...fields, notify_id: `${fields.notify_id}-storm-${i + 1}`, order_no: orderNo, transaction_id: tx }
      return JSON.stringify({ ...f, encryption_data: signer.signer.sign("notification", f) })
    })
    await signer.close()
    const deliveries = stormDeliveries(originals, payments, STORM_N)
    const before = await stormState(db, replayedOrders)

    process.stderr.write(`load: storm of ${deliveries.length} notifications while ${SHOPPERS} shoppers pay...\n`)
    let storming = true
    const lockTimeoutsBeforeStorm = storeLockTimeouts
    const stormStart = process.hrtime.bigint()
    // Watched from its start: when every seeded payment is authorised (the effect), and when every record was read
    // after its last delivery (settled: with the read interval, a copy that came after a read waits for the next).
    // Given up BENCH_STORM_SETTLE_S (600) after the last post: the state then is printed, and the checks say what is missing.
    const times = { effectMs: NaN, settledMs: NaN }
    let postedAt = Infinity
    let polls = 0
    const watched = until(
      "the storm's notifications settled",
      async () => {
        const s = await stormState(db, replayedOrders)
        if (Number.isNaN(times.effectMs) && s.payments.authorized_sessions === STORM_DISTINCT)
          times.effectMs = msSince(stormStart)
        if (Date.now() - postedAt > SETTLE_S * 1000) throw new Error("not settled in time")
        if (!storming && ++polls % 30 === 0) process.stderr.write(`load: storm posted; ${JSON.stringify(s)}\n`)
        return !storming &&
          s.rows.deliveries === STORM_DISTINCT * (1 + COPIES) &&
          s.rows.received === 0 &&
          s.replayed.received === 0
          ? s
          : null
      },
      24 * 3600_000
    )
      .then((s) => {
        times.settledMs = msSince(stormStart)
        return s
      })
      // Caught at once: an unsettled storm ends the watch while the shoppers may still be paying.
      .catch(async () => stormState(db, replayedOrders))
    const [stormed, posted] = await Promise.all([
      phase(client, 0, () => storming),
      postStorm(storeUrl, deliveries).finally(() => {
        storming = false
        postedAt = Date.now()
      }),
    ])
    const stormStoreLockTimeouts = storeLockTimeouts - lockTimeoutsBeforeStorm
    const after = await watched

    const expected = {
      records: STORM_DISTINCT,
      deliveries: STORM_DISTINCT * (1 + COPIES),
      replay_deliveries: posted.replays_ok,
    }
    const checks = {
      one_record_per_notification: after.rows.records === expected.records,
      every_delivery_counted: after.rows.deliveries === expected.deliveries,
      every_replay_counted: after.replayed.deliveries - before.replayed.deliveries === expected.replay_deliveries,
      none_left_unprocessed: after.rows.received === 0 && after.rows.failed === 0 && after.replayed.received === 0,
      each_payment_authorised_once:
        after.payments.authorized_sessions === STORM_DISTINCT &&
        after.payments.payments === STORM_DISTINCT &&
        after.payments.sessions_with_payment === STORM_DISTINCT,
      replayed_payments_unchanged:
        after.replayedPayments.payments === before.replayedPayments.payments &&
        after.replayedPayments.payments === after.replayedPayments.sessions,
      every_post_answered_200: posted.ok === deliveries.length,
    }
    const ratio = round(stormed.steps.card.p95 / calm.steps.card.p95)
    const result = {
      bench: "load",
      shoppers: SHOPPERS,
      rounds_without_storm: ROUNDS,
      gateway_latency_ms: LATENCY_MS,
      notification_concurrency: Number(process.env.BENCH_LOAD_NOTIFICATION_CONCURRENCY ?? 8),
      read_interval_s: Number(process.env.BENCH_STORM_READ_INTERVAL_S ?? 60),
      without_storm: { ...calm, store_log_lock_timeouts: calmStoreLockTimeouts },
      during_storm: { ...stormed, store_log_lock_timeouts: stormStoreLockTimeouts },
      card_vs_floor_p95: {
        without_storm: round(calm.steps.card.p95 / calm.steps.system.p95),
        three_ds_without_storm: round(calm.steps.three_ds.p95 / calm.steps.system.p95),
        during_storm: round(stormed.steps.card.p95 / stormed.steps.system.p95),
      },
      storm: {
        deliveries: deliveries.length,
        distinct: STORM_DISTINCT,
        duplicates: STORM_DISTINCT * COPIES,
        replays: deliveries.filter((d) => d.kind === "replay").length,
        concurrency: STORM_CONCURRENCY,
        answers: posted,
        answered_per_second: round(deliveries.length / posted.seconds, 1),
        posting_s: round(posted.seconds, 1),
        every_payment_authorised_after_s: round(times.effectMs / 1000, 1),
        payments_authorised_per_second: round(STORM_DISTINCT / (times.effectMs / 1000), 1),
        settled_after_s: round(times.settledMs / 1000, 1),
        processed_per_second: round(deliveries.length / (times.settledMs / 1000), 1),
        database: { before, after },
        expected,
        checks,
      },
      targets: {
        no_5xx: {
          what: "5xx answers to shoppers and to the storm",
          value: calm.failures.http5xx + stormed.failures.http5xx + posted.http5xx,
          limit: 0,
          met: calm.failures.http5xx + stormed.failures.http5xx + posted.http5xx === 0,
        },
        no_lock_timeouts: {
          what: "lock timeouts (answers and the store's log)",
          value:
            calm.failures.lock_timeouts +
            stormed.failures.lock_timeouts +
            calmStoreLockTimeouts +
            stormStoreLockTimeouts,
          limit: 0,
          met:
            calm.failures.lock_timeouts +
              stormed.failures.lock_timeouts +
              calmStoreLockTimeouts +
              stormStoreLockTimeouts ===
            0,
        },
        applied_once: {
          what: "every storm notification recorded once, every delivery counted, every payment authorised once",
          met: Object.values(checks).every(Boolean),
        },
        p95_during_storm: target(ratio, P95_STORM_RATIO_LIMIT, "card step p95 during the storm / without"),
      },
      total_ms: Date.now() - started,
    }
    process.stdout.write(JSON.stringify(result) + "\n")
  } finally {
    await server?.close()
    await db.destroy()
    await sandbox.close()
    await store.stop()
  }
}

runMain(main)
