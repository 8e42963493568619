/**
 * The fault suite: N checkouts (FAULT_SUITE_N, 200 by default; FAULT_SUITE_SHOPPERS at a time, one by default),
 * while the sandbox drops a share of answers after applying them, garbles some answers (malformed: applied,
 * unreadable), answers some requests 5xx, and garbles a share of notifications (the store rejects them and the
 * gateway retries later, so they arrive late and out of order: a declined first attempt's notification can arrive
 * after the shopper paid with another card). A share
 * of the orders is captured under the same faults. After the notifications drained and the jobs ran, every
 * transaction the gateway approved must have exactly one Medusa payment in the same state, nothing may be
 * charged or captured twice, nothing the gateway did not approve may be paid in Medusa, and no table holds a
 * card number.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { seedStore } from "../../scripts/seed-store"
import { createAdminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"
import { CARDS, card, completeIssuerPage, Shopper } from "../helpers/shopper"

// The hooks (the store's boot and teardown) get 5 minutes; the test itself, below, 20.
jest.setTimeout(300 * 1000)

const N = Number(process.env.FAULT_SUITE_N ?? 200)
// Shoppers checking out at the same time (FAULT_SUITE_SHOPPERS, 1 by default: one after another). Four at a time ran
// the 200 checkouts in 177 s against 174 s one by one on this 2-core machine (the store's work is on the processor),
// so CI keeps one; more overlap the shoppers' requests.
const SHOPPERS = Math.max(1, Number(process.env.FAULT_SUITE_SHOPPERS ?? 1))
// The suite's own port (integration-tests/suite-port.js), where Medusa's runner listens.
const port = Number(process.env.PORT)
const storeUrl = `http://localhost:${port}`
const gateway = useSandbox({ GATEWAY_STORE_URL: storeUrl }, { notifyBaseMs: 100, notifyAttempts: 8 })

/** A deterministic mix of shoppers: most approve, some are declined, some pay with 3-D Secure and never return. */
const kindOf = (i: number) => (i % 10 < 7 ? "approve" : i % 10 < 9 ? "decline" : "threeDS")

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    it(
      `${N} checkouts under dropped answers, 5xx and late notifications end with Medusa agreeing with the gateway`,
      async () => {
        const store = await seedStore(getContainer())
        const shopper = new Shopper(api as any, store)
        const admin = await createAdminHeaders(getContainer())
        gateway.sandbox.setFaults([
          { path: "/v1/authorise", fault: "drop", rate: 0.15 },
          { path: "/v1/authorise", fault: "error5xx", rate: 0.05 },
          { path: "/v1/authorise", fault: "malformed", rate: 0.05 },
          { path: "/v1/capture", fault: "malformed", rate: 0.2 },
          { path: "/v1/capture", fault: "drop", rate: 0.1 },
          { path: "/v1/retrievalTrans", fault: "error5xx", rate: 0.2 },
          { path: "notifications", fault: "bad_signature", rate: 0.3 },
        ])

        const t0 = Date.now()
        const sessions: { id: string; kind: string; amount: number }[] = []
        const outcomes: Record<string, number> = {}
        // Each of the shoppers at once has an email of their own: Medusa makes a guest customer for a cart's new email,
        // and two carts of one new email created at the same moment both try to make it (the second is refused).
        const checkout = async (i: number, who: number) => {
          const kind = kindOf(i)
          const { cartId, session } = await shopper.cartWithSession("pp_gateway_card", {
            items: [{ variant_id: store.variants.tshirt, quantity: 1 + (i % 3) }],
            email: `shopper-${who}@example.com`,
          })
          sessions.push({ id: session.id, kind, amount: Number(session.amount) })
          let posted = await shopper.postCard(session.id, { card: card(CARDS[kind as keyof typeof CARDS]) })
          let status = posted.status === 200 ? posted.data.payment_session.status : `http_${posted.status}`
          outcomes[status] = (outcomes[status] ?? 0) + 1
          if (status === "error" && i % 20 === 7) {
            // Declined, then paid with another card: the first attempt's notification may arrive later.
            posted = await shopper.postCard(session.id, { card: card(CARDS.approve) })
            status = posted.status === 200 ? posted.data.payment_session.status : `http_${posted.status}`
            outcomes[`retry_${status}`] = (outcomes[`retry_${status}`] ?? 0) + 1
          }
          if (status === "requires_more") {
            await completeIssuerPage(posted.data.payment_session.data.issuer_url) // the shopper never comes back
          } else if (status !== "error") {
            const done = await shopper.complete(cartId)
            if (done.data?.type === "order" && i % 4 === 0) {
              const [payment] = (
                await dbConnection.raw("select id from payment where payment_session_id = ? and deleted_at is null", [
                  session.id,
                ])
              ).rows
              if (payment) await api.post(`/admin/payments/${payment.id}/capture`, {}, admin).catch(() => undefined)
            }
          }
        }
        // SHOPPERS at once, each taking the next checkout, as a store's shoppers overlap.
        let next = 0
        await Promise.all(
          Array.from({ length: SHOPPERS }, async (_, who) => {
            while (next < N) {
              const i = next++
              // An axios error holds its request and response (circular): jest's worker could not report it.
              await checkout(i, who).catch((e: any) => {
                const { method, url } = e.config ?? {}
                throw new Error(
                  `checkout ${i}: ${method} ${url}: ${e.response?.status} ${JSON.stringify(e.response?.data)}`
                )
              })
            }
          })
        )

        // Let the gateway's retries drain, then let the jobs catch up with whatever is still open.
        const checkoutSeconds = Math.round((Date.now() - t0) / 1000)
        gateway.sandbox.clearFaults()
        const end = Date.now() + 120_000
        for (;;) {
          const list: any[] = await (await fetch(`${gateway.sandbox.url}/sandbox/notifications`)).json()
          const open = list.filter((n) => n.state !== "acknowledged" && n.state !== "failed")
          if (!open.length || Date.now() > end) break
          await new Promise((r) => setTimeout(r, 500))
        }
        const runs = []
        for (let i = 0; i < 2; i++)
          runs.push((await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)).data.summary)
        expect(runs[1].changed).toBe(0) // the second run finds nothing left to do

        // The gateway's truth against Medusa's, session by session.
        const ids = sessions.map((s) => s.id)
        const { rows: payments } = await dbConnection.raw(
          "select payment_session_id, amount, captured_at, canceled_at, data from payment where payment_session_id = any(?) and deleted_at is null",
          [ids]
        )
        const paymentsBySession = new Map<string, any[]>()
        for (const p of payments)
          paymentsBySession.set(p.payment_session_id, [...(paymentsBySession.get(p.payment_session_id) ?? []), p])

        // What must stay zero, counted beside the approved and not approved checkouts.
        const noProblems = { chargedTwice: 0, capturedTwice: 0, missing: 0, extra: 0, wrongAmount: 0, wrongState: 0 }
        const counts = { approved: 0, notApproved: 0, ...noProblems }
        for (const s of sessions) {
          const txs = await gateway.transactions(s.id)
          const approved = txs.filter((t) => ["2000", "3000", "4000", "4100"].includes(t.payment_status))
          const mine = paymentsBySession.get(s.id) ?? []
          if (approved.length > 1) counts.chargedTwice++
          if (approved.length) {
            counts.approved++
            if (mine.length !== 1) counts.missing++
            else {
              const gatewayCaptured = approved[0].payment_status !== "2000"
              const captures = (mine[0].data?.captures ?? []) as { status: string }[]
              if (Math.abs(Number(mine[0].amount) - s.amount) > 0.005) counts.wrongAmount++
              if (mine[0].canceled_at || Boolean(mine[0].captured_at) !== gatewayCaptured) counts.wrongState++
              if (captures.some((c) => c.status === "unknown")) counts.wrongState++
              if (captures.length > 1) counts.capturedTwice++
            }
          } else {
            counts.notApproved++
            if (mine.some((p) => !p.canceled_at)) counts.extra++
          }
        }
        const { approved: _approved, notApproved: _notApproved, ...problems } = counts
        // Printed so a CI log shows what was checked.
        process.stdout.write(
          `fault suite: ${N} checkouts (${SHOPPERS} at a time) in ${checkoutSeconds} s, card post outcomes ${JSON.stringify(outcomes)}, gateway approved ${counts.approved}, not approved ${counts.notApproved}; ` +
            `order-sync runs ${JSON.stringify(runs.map((r) => ({ checked: r.checked, changed: r.changed, requests: r.requests })))}; ` +
            `problems ${JSON.stringify(problems)}\n`
        )
        expect(counts.approved).toBeGreaterThan(N / 2)
        expect(outcomes.pending ?? 0).toBeGreaterThan(0) // the faults did hit
        expect(problems).toEqual(noProblems)
        expect(outcomes.retry_authorized ?? 0).toBeGreaterThan(0) // declined, then paid: stale notifications in play

        // No card number anywhere in the database.
        const tables: { table_name: string }[] = (
          await dbConnection.raw(
            "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'"
          )
        ).rows
        for (const { table_name } of tables) {
          const { rows } = await dbConnection.raw(
            `select count(*)::int as n from "${table_name}" t where t::text like any(?)`,
            [Object.values(CARDS).map((c) => `%${c}%`)]
          )
          expect({ table_name, n: rows[0].n }).toEqual({ table_name, n: 0 })
        }
        // The gateway stops (its retries too) before the runner stops the store: no delivery is in flight then.
        await gateway.sandbox.close()
      },
      1200 * 1000
    )
  },
})
