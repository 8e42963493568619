/**
 * Medusa instances sharing the database and Redis (event bus, workflow engine, locking), split as a production
 * store runs them (docs/going-live.md, "Running in production"): the instance Medusa's test runner boots is a SERVER
 * (`MEDUSA_WORKER_MODE=server`: API routes, no event processing, no scheduled jobs), a second one spawned with
 * `medusa start` is a WORKER (subscribers and jobs, no API routes) and a third is another SERVER (two servers
 * behind one load balancer). Checked:
 * - a gateway notification received by the server is stored and acknowledged there, and processed once, by the
 *   worker (it waits in Redis while no worker runs);
 * - the card-attempt caps count the posts of both servers together (the module's table), exactly under
 *   concurrent posts, and refuse at the limit;
 * - an order sync started on both servers at once runs once (the job's lock, on Redis): each payment changes once;
 * - a server killed in the middle of a run (a deploy, a crash) holds the job's lock only until its lease ends:
 *   the next run starts within JOB_LOCK_LEASE_SECONDS.
 * Needs Redis: `.ci/run` provides GATEWAY_TEST_REDIS_URL; without it this suite is skipped and says so in its name.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import axios from "axios"
import { ChildProcess, spawn } from "node:child_process"
import { seedStore, SeededStore } from "../../scripts/seed-store"
import { splitBatch } from "../../src/lib/gateway"
import { createAdminHeaders } from "../helpers/admin"
import { JOB_LOCK_LEASE_SECONDS } from "../../src/reconciliation/sync-run"
import { useSandbox } from "../helpers/sandbox"
import { until } from "../helpers/until"
import { CARDS, card, completeIssuerPage, Shopper } from "../helpers/shopper"

jest.setTimeout(600 * 1000)

const redisUrl = process.env.GATEWAY_TEST_REDIS_URL
// The runner's instance reads these when it loads medusa-config.ts: Redis modules, and the server's share of the work.
if (redisUrl) {
  process.env.REDIS_URL = redisUrl
  process.env.MEDUSA_WORKER_MODE = "server"
}
const SESSIONS = 10
const LIMITS = { address: 8, cart: 4 }
// The suite's own ports (integration-tests/suite-port.js): the runner's server on PORT, where the sandbox sends
// notifications; the second server and the worker on the next two.
const serverPort = Number(process.env.PORT)
const serverUrl = `http://localhost:${serverPort}`
const gateway = useSandbox(
  {
    GATEWAY_STORE_URL: serverUrl,
    GATEWAY_CARD_ATTEMPTS_PER_ADDRESS: String(LIMITS.address),
    GATEWAY_CARD_ATTEMPTS_PER_CART: String(LIMITS.cart),
    // Behind one load balancer that appends the client's address to X-Forwarded-For.
    GATEWAY_CLIENT_IP_HEADER: "x-forwarded-for",
    GATEWAY_TRUSTED_PROXIES: "1",
  },
  // One delivery per notification: a rejected one is not sent again later with a good signature.
  { notifyBaseMs: 100, notifyAttempts: 1 }
)
const title = redisUrl
  ? "a server and a worker (and a second server) sharing Redis"
  : "a server and a worker sharing Redis (skipped: GATEWAY_TEST_REDIS_URL is not set, so there is no shared event bus or locking to test)"

/** Another Medusa instance of this store (`medusa start`: the same code, database and Redis), with its output. */
function startInstance(mode: "server" | "worker", port: number, databaseUrl: string) {
  const child: ChildProcess = spawn("npx", ["medusa", "start"], {
    cwd: process.cwd(),
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    // info: the worker's event bus logs each event it processes ("Processing <event> which has N subscribers").
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      REDIS_URL: redisUrl,
      MEDUSA_WORKER_MODE: mode,
      LOG_LEVEL: mode === "worker" ? "info" : "error",
    },
  })
  const instance = { child, url: `http://localhost:${port}`, output: "", ready: null as Promise<void> | null }
  child.stdout!.on("data", (d) => (instance.output += d))
  child.stderr!.on("data", (d) => (instance.output += d))
  instance.ready = (async () => {
    const end = Date.now() + 300_000
    for (;;) {
      const ok = await fetch(`${instance.url}/health`).then(
        (r) => r.ok,
        () => false
      )
      if (ok) return
      if (Date.now() > end || child.exitCode !== null)
        throw new Error(`the ${mode} instance did not start:\n${instance.output.slice(-3000)}`)
      await new Promise((r) => setTimeout(r, 1000))
    }
  })()
  instance.ready.catch(() => undefined) // awaited by the tests that need it
  return instance
}
type Instance = ReturnType<typeof startInstance>

function stop(instance: Instance | null) {
  if (!instance?.child.pid || instance.child.exitCode !== null) return
  try {
    process.kill(-instance.child.pid, "SIGTERM")
  } catch {
    instance.child.kill("SIGTERM")
  }
}

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig, dbConnection }) => {
    ;(redisUrl ? describe : describe.skip)(title, () => {
      let worker: Instance | null = null
      let secondServer: Instance | null = null
      let store: SeededStore

      beforeAll(async () => {
        expect((api as any).defaults.baseURL).toBe(serverUrl)
        store = await seedStore(getContainer())
        admin = await createAdminHeaders(getContainer())
        // Boots while the first test runs: the caps and the order sync need it.
        secondServer = startInstance("server", serverPort + 1, dbConfig.clientUrl)
      })
      afterAll(() => {
        stop(worker)
        stop(secondServer)
      })

      const notificationsOf = async (orderNo: string) =>
        (
          await dbConnection.raw("select status, attempts, verified from gateway_notification where order_no = ?", [
            orderNo,
          ])
        ).rows
      let admin: { headers: Record<string, string> }
      /** POST /admin/gateway/sync-runs on one instance: runs the order sync now and answers its summary. */
      const orderSync = (base: string) =>
        fetch(`${base}/admin/gateway/sync-runs`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: admin.headers.authorization },
          body: JSON.stringify({ job: "order_sync" }),
        }).then(async (r) => ({ status: r.status, body: await r.json() }))
      const cartCompleted = async (cartId: string) =>
        (await dbConnection.raw("select completed_at from cart where id = ?", [cartId])).rows[0]?.completed_at ?? null

      it("a notification the server receives is processed once, by the worker", async () => {
        const shopper = new Shopper(api as any, store)
        shopper.extraHeaders = { "x-forwarded-for": "203.0.113.1" }
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
        expect(posted.data.payment_session.status).toBe("requires_more")
        // The shopper passes 3-D Secure and never comes back: the gateway's notification alone must make the order.
        await completeIssuerPage(posted.data.payment_session.data.issuer_url)
        await until("the notification stored by the server", async () => (await notificationsOf(session.id)).length > 0)

        // Only the server runs: the notification was acknowledged and waits in Redis, unprocessed.
        await new Promise((r) => setTimeout(r, 4000))
        expect(await notificationsOf(session.id)).toEqual([{ status: "received", attempts: 0, verified: true }])
        expect(await cartCompleted(cartId)).toBeNull()

        worker = startInstance("worker", serverPort + 2, dbConfig.clientUrl)
        await worker.ready
        await until("the order made by the worker", () => cartCompleted(cartId), 120_000)
        await until(
          "the notification processed",
          async () => (await notificationsOf(session.id))[0]?.status === "processed",
          60_000
        )
        expect(await notificationsOf(session.id)).toEqual([{ status: "processed", attempts: 1, verified: true }])
        // It ran there: the worker's event bus logged taking the event (the server has no event worker).
        expect(worker.output).toMatch(/Processing gateway\.notification\.received/)
        const [tx] = await gateway.transactions(session.id)
        expect(tx.payment_status).toBe("2000") // authorised once at the gateway, never paid twice
        expect(await gateway.transactions(session.id)).toHaveLength(1)
      })

      it("the card-attempt caps count the posts of both servers together", async () => {
        await secondServer!.ready
        const other = axios.create({ baseURL: secondServer!.url })
        const bogus = (client: { post: typeof axios.post }) =>
          client
            .post(
              "/store/gateway/payment-sessions/payses_does_not_exist/card",
              { cart_id: "cart_does_not_exist", card: card(CARDS.approve) },
              { headers: { "x-publishable-api-key": store.publishableKey, "x-forwarded-for": "198.51.100.7" } }
            )
            .catch((e: any) => e.response)
        // 10 posts at once on each server from one address: exactly the cap passes (on to the 404), the rest get 429.
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => bogus(i % 2 ? other : (api as any))))
        const statuses = answers.map((r) => r.status)
        expect(statuses.filter((s) => s === 404)).toHaveLength(LIMITS.address)
        expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LIMITS.address)
        const { rows } = await dbConnection.raw(
          "select hits from gateway_card_attempt_counter where key = 'card-attempt:address:198.51.100.7'"
        )
        expect(rows).toEqual([{ hits: 20 }])

        // One cart's posts alternate between the servers: the cart cap counts them all.
        const here = new Shopper(api as any, store)
        const there = new Shopper(other as any, store)
        here.extraHeaders = there.extraHeaders = { "x-forwarded-for": "198.51.100.8" }
        const { session } = await here.cartWithSession("pp_gateway_card")
        const authorises = () => gateway.sandbox.stats().byPath["/v1/authorise"] ?? 0
        const before = authorises()
        for (let i = 0; i < LIMITS.cart; i++) {
          const declined = await (i % 2 ? there : here).postCard(session.id, { card: card(CARDS.decline) })
          expect(declined.data.payment_session.status).toBe("error")
        }
        const capped = await there.postCard(session.id, { card: card(CARDS.approve) })
        expect(capped.status).toBe(429)
        expect(capped.data.message).toMatch(new RegExp(`this cart: at most ${LIMITS.cart}`))
        expect(authorises() - before).toBe(LIMITS.cart)
        expect(await gateway.transactions(session.id)).toHaveLength(LIMITS.cart)
      })

      it(`an order sync started on both servers at once runs once: each of ${SESSIONS} open payments changes once`, async () => {
        await secondServer!.ready
        const shopper = new Shopper(api as any, store)
        // Every card payment is approved at the gateway but its answer is lost: all are open in Medusa. Their
        // notifications arrive forged (and are refused), so that only the order sync moves them.
        gateway.sandbox.setFaults([
          { path: "/v1/authorise", fault: "drop" },
          { path: "notifications", fault: "bad_signature" },
        ])
        const ids: string[] = []
        for (let i = 0; i < SESSIONS; i++) {
          shopper.extraHeaders = { "x-forwarded-for": `192.0.2.${i + 1}` }
          const { session } = await shopper.cartWithSession("pp_gateway_card")
          const posted = await shopper.postCard(session.id, { card: card(CARDS.approve) })
          expect(posted.data.payment_session.status).toBe("pending")
          ids.push(session.id)
        }
        // The first order query waits 3 s: the run that holds the lock is still running when the other starts.
        gateway.sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "latency", ms: 3000, times: 1 }])

        const [a, b] = await Promise.all([orderSync(serverUrl), orderSync(secondServer!.url)])
        expect([a.status, b.status]).toEqual([200, 200])
        const summaries = [a.body.summary, b.body.summary]
        process.stdout.write(
          `two servers: ${JSON.stringify(summaries.map((s) => ({ status: s.status, checked: s.checked, changed: s.changed, requests: s.requests })))}\n`
        )
        expect(summaries.map((s) => s.status).sort()).toEqual(["skipped", "succeeded"])
        const ran = summaries.find((s) => s.status === "succeeded")
        // The run asked the order query once per batch (at most 100 orders and 1000 characters of order numbers)
        // and changed each payment once.
        expect(ran).toMatchObject({ changed: SESSIONS, requests: splitBatch("orderQuery", ids).length })

        const { rows } = await dbConnection.raw(
          "select payment_session_id, count(*)::int as n from payment where payment_session_id = any(?) and deleted_at is null group by payment_session_id",
          [ids]
        )
        expect(rows).toHaveLength(SESSIONS)
        expect(rows.every((r: any) => r.n === 1)).toBe(true)
        for (const id of ids.slice(0, 3)) expect(await gateway.transactions(id)).toHaveLength(1)
      })

      it("a server killed in the middle of a run holds the job's lock only until its lease ends", async () => {
        await secondServer!.ready
        const shopper = new Shopper(api as any, store)
        shopper.extraHeaders = { "x-forwarded-for": "192.0.2.200" }
        gateway.sandbox.setFaults([
          { path: "/v1/authorise", fault: "drop" },
          { path: "notifications", fault: "bad_signature" },
        ])
        const { session } = await shopper.cartWithSession("pp_gateway_card")
        expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
          "pending"
        )
        // The second server's run waits on the order query when it is killed, holding the lock.
        gateway.sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "latency", ms: 60_000, times: 1 }])
        const queries = () => gateway.sandbox.stats().byPath["/v1/retrievalTrans"] ?? 0
        const before = queries()
        const dying = orderSync(secondServer!.url).catch(() => null)
        await until("the second server's run to ask the gateway", async () => queries() > before, 30_000)
        process.kill(-secondServer!.child.pid!, "SIGKILL")
        const killedAt = Date.now()
        expect(await dying).toBeNull() // no answer: the server died
        expect((await orderSync(serverUrl)).body.summary.status).toBe("skipped") // its lock is still held

        const next = await until(
          "a run after the lease ended",
          async () => {
            const { body } = await orderSync(serverUrl)
            return body.summary.status === "skipped" ? null : body.summary
          },
          (JOB_LOCK_LEASE_SECONDS + 60) * 1000
        )
        expect(next).toMatchObject({ status: "succeeded", changed: 1 })
        expect(Date.now() - killedAt).toBeLessThan((JOB_LOCK_LEASE_SECONDS + 30) * 1000)
        const { rows } = await dbConnection.raw(
          "select count(*)::int as n from payment where payment_session_id = ? and deleted_at is null",
          [session.id]
        )
        expect(rows[0].n).toBe(1)
      })
    })
  },
})
