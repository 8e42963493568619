/**
 * Two Medusa instances sharing the database and Redis (event bus, workflow engine, locking), as a server and
 * a worker would: the reconciliation job started on both at once processes each batch once. Needs Redis:
 * `.ci/run` provides REDIS_URL; without it this suite is skipped and says so in its name.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ChildProcess, spawn } from "node:child_process"
import { seedStore } from "../../scripts/seed-store"
import { splitBatch } from "../../src/lib/gateway"
import { createAdminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"
import { CARDS, card, Shopper } from "../helpers/shopper"

jest.setTimeout(600 * 1000)

const redisUrl = process.env.GATEWAY_TEST_REDIS_URL
// The first instance is the one Medusa's test runner boots; it reads REDIS_URL when it loads medusa-config.ts.
if (redisUrl) process.env.REDIS_URL = redisUrl
const SESSIONS = 120
const secondPort = 40000 + Math.floor(Math.random() * 10000)
const gateway = useSandbox()
const title = redisUrl
  ? "two Medusa instances sharing Redis"
  : "two Medusa instances sharing Redis (skipped: REDIS_URL is not set, so there is no shared locking to test)"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConfig, dbConnection }) => {
    ;(redisUrl ? describe : describe.skip)(title, () => {
      let second: ChildProcess | null = null
      afterAll(() => {
        if (second?.pid) {
          try {
            process.kill(-second.pid, "SIGTERM")
          } catch {
            second.kill("SIGTERM")
          }
        }
      })

      it(`an order sync started on both at once processes each of ${SESSIONS} open payments once`, async () => {
        const store = await seedStore(getContainer())
        const shopper = new Shopper(api as any, store)
        const admin = await createAdminHeaders(getContainer())
        // Every card payment is approved at the gateway but its answer is lost: all are open in Medusa.
        gateway.sandbox.setFaults([{ path: "/v1/authorise", fault: "drop" }])
        const ids: string[] = []
        for (let i = 0; i < SESSIONS; i++) {
          const { session } = await shopper.cartWithSession("pp_gateway_card")
          const posted = await shopper.postCard(session.id, { card: card(CARDS.approve) })
          expect(posted.data.payment_session.status).toBe("pending")
          ids.push(session.id)
        }
        gateway.sandbox.clearFaults()

        // The second instance: the same code, database and Redis, another port.
        second = spawn("npx", ["medusa", "start"], {
          cwd: process.cwd(),
          detached: true,
          stdio: ["ignore", "pipe", "pipe"],
          env: { ...process.env, DATABASE_URL: dbConfig.clientUrl, PORT: String(secondPort), REDIS_URL: redisUrl, LOG_LEVEL: "error" },
        })
        let output = ""
        second.stdout!.on("data", (d) => (output += d))
        second.stderr!.on("data", (d) => (output += d))
        const secondUrl = `http://localhost:${secondPort}`
        const end = Date.now() + 240_000
        for (;;) {
          const ok = await fetch(`${secondUrl}/health`).then((r) => r.ok, () => false)
          if (ok) break
          if (Date.now() > end || second.exitCode !== null) throw new Error(`second instance did not start:\n${output.slice(-3000)}`)
          await new Promise((r) => setTimeout(r, 1000))
        }

        const run = (base: string) =>
          fetch(`${base}/admin/gateway/sync-runs`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: admin.headers.authorization },
            body: JSON.stringify({ job: "order_sync" }),
          }).then(async (r) => ({ status: r.status, body: await r.json() }))
        const [a, b] = await Promise.all([run((api as any).defaults.baseURL), run(secondUrl)])
        expect([a.status, b.status]).toEqual([200, 200])
        const summaries = [a.body.summary, b.body.summary]
        const ran = summaries.filter((s) => s.status === "succeeded")
        process.stdout.write(`two instances: ${JSON.stringify(summaries.map((s) => ({ status: s.status, checked: s.checked, changed: s.changed, requests: s.requests })))}\n`)

        // Together they changed each payment exactly once, and the run that did the work asked the order query
        // once per batch (at most 100 orders and 1000 characters of order numbers; the provider then confirms each
        // payment it authorises on its own).
        expect(summaries.reduce((n, s) => n + s.changed, 0)).toBe(SESSIONS)
        const batches = splitBatch("orderQuery", ids).length
        const withWork = ran.filter((s) => s.changed > 0)
        expect(withWork).toHaveLength(1)
        expect(withWork[0].requests).toBe(batches)

        const { rows } = await dbConnection.raw(
          "select payment_session_id, count(*)::int as n from payment where payment_session_id = any(?) and deleted_at is null group by payment_session_id",
          [ids]
        )
        expect(rows).toHaveLength(SESSIONS)
        expect(rows.every((r: any) => r.n === 1)).toBe(true)
      })
    })
  },
})
