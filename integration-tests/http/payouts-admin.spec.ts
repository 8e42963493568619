/**
 * Payouts through the admin API against the sandbox: creation with exact amounts, validation, 401, a payout
 * completed by its notification and one failed with its reason (the sandbox fails a `reference` containing
 * FAIL), idempotent notification handling that never moves a final payout back, refresh by request_id (refused,
 * with nothing sent, for a final payout), a lost answer recorded as UNKNOWN, two reports of one payout written together, and the audit.
 *
 * The sandbox sends payout notifications to `${GATEWAY_STORE_URL}/hooks/gateway/notifications`; here that is a
 * small capture server, so the test holds the exact payload the gateway sent and hands it to
 * `updatePayoutFromNotificationWorkflow`, as the notification route does after verifying it.
 */
import { randomUUID } from "node:crypto"
import { createServer, Server } from "node:http"
import { AddressInfo } from "node:net"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAcquiringClient } from "../../src/lib/gateway"
import { refreshPayoutWorkflow, updatePayoutFromNotificationWorkflow } from "../../src/workflows"
import { useSandbox } from "../helpers/sandbox"
import { BENEFICIARY } from "../helpers/payouts"
import { freshAdmin, type RequestHeaders } from "../helpers/fresh-store"
import { call } from "../helpers/answer"

jest.setTimeout(300 * 1000)

const notifications: Record<string, any>[] = []
let capture: Server
beforeAll(async () => {
  capture = createServer((req, res) => {
    let body = ""
    req.on("data", (c) => (body += c))
    req.on("end", () => {
      try {
        notifications.push(JSON.parse(body))
      } catch {
        notifications.push({ unparsed: body })
      }
      res.writeHead(200).end("OK")
    })
  })
  await new Promise<void>((r) => capture.listen(0, "127.0.0.1", () => r()))
  process.env.GATEWAY_STORE_URL = `http://127.0.0.1:${(capture.address() as AddressInfo).port}`
})
afterAll(async () => {
  delete process.env.GATEWAY_STORE_URL
  await new Promise((r) => capture.close(r))
})

const gateway = useSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    let admin: RequestHeaders

    beforeEach(async () => {
      notifications.length = 0
      admin = await freshAdmin(gateway, getContainer())
    })

    /** Each call is a new payout (a new idempotency key) unless `key` repeats one; a `request_id` in the body is the key. */
    const createPayout = (body: Record<string, unknown>, key: string | null = body.request_id ? null : randomUUID()) =>
      call(
        api.post(
          "/admin/gateway/payouts",
          { beneficiary: BENEFICIARY, ...body },
          key ? { headers: { ...admin.headers, "Idempotency-Key": key } } : admin
        )
      )

    /** The PAYOUT notification the sandbox sent for a request_id (it is sent right after the answer). */
    async function notificationFor(requestId: string): Promise<any> {
      for (let i = 0; i < 50; i++) {
        const n = notifications.find((x) => x.notify_type === "PAYOUT" && x.request_id === requestId)
        if (n) return n
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error(`no PAYOUT notification for ${requestId}`)
    }

    /** What the notification route does once the signature verified. */
    async function deliver(payload: Record<string, any>) {
      const acquiring = createAcquiringClient({
        baseUrl: gateway.sandbox.url,
        merchantId: "701001",
        accountId: "701001010",
        signKey: "sandbox_sign_key",
      })
      try {
        expect(acquiring.verifyNotification(payload)).toBe(true)
      } finally {
        await acquiring.close()
      }
      const { result } = await updatePayoutFromNotificationWorkflow(getContainer()).run({ input: payload as any })
      return result
    }

    it("answers 401 without an admin session", async () => {
      for (const [method, path] of [
        ["get", "/admin/gateway/payouts"],
        ["post", "/admin/gateway/payouts"],
        ["get", "/admin/gateway/payouts/gwpout_x"],
        ["post", "/admin/gateway/payouts/gwpout_x/refresh"],
      ]) {
        const res = await call(method === "get" ? (api as any).get(path) : (api as any).post(path, {}))
        expect([path, res.status]).toEqual([path, 401])
      }
      expect(gateway.sandbox.stats().total).toBe(0)
    })

    it("pays out the exact amount and completes the payout from the gateway's notification, once", async () => {
      const res = await createPayout({
        payment_amount: "1250.5",
        payment_currency: "usd",
        reference: "INV-1001",
        reason: "Supplier invoice",
        fee_paid_by: "PAYER",
      })
      expect(res.status).toBe(200)
      const payout = res.data.payout
      expect(payout).toMatchObject({
        status: "PROCESSING",
        payment_amount: "1250.50",
        payment_currency: "USD",
        reference: "INV-1001",
      })
      // the client's idempotency key is the payout's request_id at the gateway
      expect(payout.request_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(payout.transaction_id).toBeTruthy()
      expect(payout.created_by).toMatch(/^user_/)
      // the gateway got exactly that amount, and the notify_url of the notification route
      const stored = gateway.sandbox as any
      const sent = [...stored.store.payouts.values()][0]
      expect(sent.request.payment_amount).toBe("1250.50")
      expect(sent.notify_url).toBe(`${process.env.GATEWAY_STORE_URL}/hooks/gateway/notifications`)

      const notification = await notificationFor(payout.request_id)
      expect(notification.status).toBe("COMPLETED")
      const applied = await deliver(notification)
      expect(applied).toMatchObject({ found: true, changed: true, status: "COMPLETED", payout_id: payout.id })
      const after = (await api.get(`/admin/gateway/payouts/${payout.id}`, admin)).data.payout
      expect(after).toMatchObject({
        status: "COMPLETED",
        fee_amount: "5.00",
        fee_currency: "USD",
        amount_payer_pays: "1255.50",
        amount_beneficiary_receives: "1250.50",
        failure_reason: null,
      })
      expect(after.last_notification_at).toBeTruthy()

      // the same notification again (a retry) changes nothing; a stale PROCESSING does not reopen it
      expect(await deliver(notification)).toMatchObject({ found: true, changed: false, status: "COMPLETED" })
      const stale = await updatePayoutFromNotificationWorkflow(getContainer()).run({
        input: { ...notification, status: "PROCESSING" },
      })
      expect(stale.result).toMatchObject({ changed: false, status: "COMPLETED" })
      const failedLate = await updatePayoutFromNotificationWorkflow(getContainer()).run({
        input: { ...notification, status: "FAILED", failure_reason: "late" },
      })
      expect(failedLate.result.discrepancy).toMatch(/COMPLETED.*FAILED/)
      expect((await api.get(`/admin/gateway/payouts/${payout.id}`, admin)).data.payout).toMatchObject({
        status: "COMPLETED",
        failure_reason: null,
      })
      // a notification for a payout this store never made is reported, not applied
      expect(
        (
          await updatePayoutFromNotificationWorkflow(getContainer()).run({
            input: { ...notification, request_id: "someone_else" },
          })
        ).result.found
      ).toBe(false)

      const audit = (await api.get(`/admin/gateway/audit?target_id=${payout.id}`, admin)).data.audit.map(
        (a: any) => `${a.operation}:${a.result}`
      )
      expect(audit).toEqual(expect.arrayContaining(["payout.create:succeeded", "payout.notification:succeeded"]))
    })

    it("records a payout the gateway failed, with its reason and type", async () => {
      const res = await createPayout({ payment_amount: "1000", payment_currency: "JPY", reference: "PLEASE-FAIL-7" })
      expect(res.data.payout).toMatchObject({ status: "PROCESSING", payment_amount: "1000", payment_currency: "JPY" })
      const notification = await notificationFor(res.data.payout.request_id)
      expect(await deliver(notification)).toMatchObject({ changed: true, status: "FAILED" })
      const failed = (await api.get(`/admin/gateway/payouts/${res.data.payout.id}`, admin)).data.payout
      expect(failed).toMatchObject({
        status: "FAILED",
        failure_reason: "Beneficiary account closed",
        failure_type: "BENEFICIARY_ACCOUNT",
      })
      const list = await api.get("/admin/gateway/payouts?status=FAILED", admin)
      expect(list.data.payouts.map((p: any) => p.id)).toEqual([failed.id])
    })

    it("an earlier report written after the final one never reopens the payout (each decided under the payout's lock)", async () => {
      // Found by alerts.spec on a loaded machine: the create's PROCESSING answer, read before a re-read wrote
      // FAILED and written after it, left the payout PROCESSING for good. A row lock held here stalls the first
      // writer at its UPDATE so the second's read comes while the first has decided but not yet written.
      const res = await createPayout({ payment_amount: "30.00", payment_currency: "USD", reference: "RACE-FAIL-1" })
      const payout = res.data.payout
      expect(payout.status).toBe("PROCESSING")
      const final = await notificationFor(payout.request_id)
      expect(final.status).toBe("FAILED")
      const knex = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
      const hold = await knex.transaction()
      try {
        await hold.raw("select id from gateway_payout where id = ? for update", [payout.id])
        const first = updatePayoutFromNotificationWorkflow(getContainer()).run({ input: final as any })
        // The first writer has decided and waits at its UPDATE for the row held here.
        for (let i = 0; ; i++) {
          const { rows } = await knex.raw(
            "select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'update%gateway_payout%'"
          )
          if (rows[0].n > 0) break
          if (i > 200) throw new Error("the first writer never reached its UPDATE")
          await new Promise((r) => setTimeout(r, 50))
        }
        const stale = updatePayoutFromNotificationWorkflow(getContainer()).run({
          input: { ...final, status: "PROCESSING", failure_reason: "" } as any,
        })
        await new Promise((r) => setTimeout(r, 500))
        await hold.commit()
        expect((await first).result).toMatchObject({ changed: true, status: "FAILED" })
        expect((await stale).result).toMatchObject({ changed: false, status: "FAILED" })
      } finally {
        if (!hold.isCompleted()) await hold.rollback()
      }
      const after = (await api.get(`/admin/gateway/payouts/${payout.id}`, admin)).data.payout
      expect(after).toMatchObject({ status: "FAILED", failure_reason: "Beneficiary account closed" })
    })

    it("refreshes a payout by re-sending its request_id, without paying twice", async () => {
      const res = await createPayout({ payment_amount: "10.00", payment_currency: "USD", request_id: "my-payout-1" })
      expect(res.data.payout.request_id).toBe("my-payout-1")
      const refreshed = await api.post(`/admin/gateway/payouts/${res.data.payout.id}/refresh`, {}, admin)
      expect(refreshed.data.payout).toMatchObject({ status: "COMPLETED", fee_amount: "5.00" })
      expect((gateway.sandbox as any).store.payouts.size).toBe(1)
      // the same request_id through the API is recognised: answered with that payout, not sent again
      const again = await createPayout({ payment_amount: "10.00", payment_currency: "USD", request_id: "my-payout-1" })
      expect(again.status).toBe(200)
      expect(again.data.payout).toMatchObject({ id: res.data.payout.id, status: "COMPLETED" })
      expect((gateway.sandbox as any).store.payouts.size).toBe(1)
      expect(gateway.sandbox.stats().byPath["/v1/payout"]).toBe(2) // the create and the refresh
    })

    it("records a payout whose answer was lost as UNKNOWN, and settles it with a refresh", async () => {
      gateway.sandbox.setFaults([{ path: "/v1/payout", fault: "drop", times: 1 }])
      const res = await createPayout({ payment_amount: "20.00", payment_currency: "USD" })
      expect(res.status).toBe(200)
      expect(res.data.payout.status).toBe("UNKNOWN")
      const [row] = (
        await api.get(`/admin/gateway/audit?operation=payout.create&target_id=${res.data.payout.id}`, admin)
      ).data.audit
      expect(row).toMatchObject({ result: "unknown", error_code: "outcome_unknown" })
      const refreshed = await api.post(`/admin/gateway/payouts/${res.data.payout.id}/refresh`, {}, admin)
      expect(refreshed.data.payout.status).toBe("COMPLETED")
      expect((gateway.sandbox as any).store.payouts.size).toBe(1)
    })

    it("refuses to refresh a FAILED or COMPLETED payout with a 400 naming its status, and sends the gateway nothing", async () => {
      // One payout the gateway fails (a reference containing FAIL), one it completes; each made final by its notification.
      const made: Record<string, any> = {}
      for (const [status, reference] of [
        ["FAILED", "REFRESH-FAIL-1"],
        ["COMPLETED", "REFRESH-OK-1"],
      ] as const) {
        const res = await createPayout({ payment_amount: "15.00", payment_currency: "USD", reference })
        expect(res.status).toBe(200)
        expect(await deliver(await notificationFor(res.data.payout.request_id))).toMatchObject({
          changed: true,
          status,
        })
        made[status] = (await api.get(`/admin/gateway/payouts/${res.data.payout.id}`, admin)).data.payout
        expect(made[status].status).toBe(status)
      }
      /** The sandbox's own record: requests per path, and the payouts it holds. */
      const sandboxRecord = async () => {
        const stats = await (await fetch(`${gateway.sandbox.url}/sandbox/stats`)).json()
        const payouts = await (await fetch(`${gateway.sandbox.url}/sandbox/payouts`)).json()
        return { sent: stats.byPath["/v1/payout"] ?? 0, payouts }
      }
      const before = await sandboxRecord()
      expect(before.sent).toBe(2) // the two creates
      expect(before.payouts.map((p: any) => p.status).sort()).toEqual(["COMPLETED", "FAILED"])

      for (const status of ["FAILED", "COMPLETED"] as const) {
        const payout = made[status]
        const refused = await call(api.post(`/admin/gateway/payouts/${payout.id}/refresh`, {}, admin))
        expect([status, refused.status]).toEqual([status, 400])
        expect(refused.data.message).toContain(`Payout ${payout.id} (request_id "${payout.request_id}") is ${status}`)
        expect(refused.data.message).toMatch(
          /a final payout is never refreshed, because a refresh re-sends its request to the gateway/
        )
        expect(refused.data.message).toMatch(/Nothing was sent to the gateway/)
        if (status === "FAILED") {
          expect(refused.data.message).toMatch(/could be paid while its record stays FAILED/)
          expect(refused.data.message).toMatch(/If it is still owed, create a new payout/)
        }
        // The workflow itself refuses too (its step checks), whoever runs it.
        const run = await refreshPayoutWorkflow(getContainer())
          .run({ input: { id: payout.id, actor: null } })
          .then(
            () => null,
            (e: any) => e
          )
        expect(run).toMatchObject({
          type: "not_allowed",
          message: expect.stringContaining(`is ${status}: a final payout is never refreshed`),
        })
        // Nothing changed: the record, and no refresh audited.
        expect((await api.get(`/admin/gateway/payouts/${payout.id}`, admin)).data.payout).toEqual(payout)
        const audit = (await api.get(`/admin/gateway/audit?target_id=${payout.id}`, admin)).data.audit.map(
          (a: any) => a.operation
        )
        expect(audit).not.toContain("payout.refresh")
      }
      // The sandbox got no further /v1/payout request, and its payouts are as they were.
      expect(await sandboxRecord()).toEqual(before)
    })

    it("checks the parties against the gateway's schema (400 naming the nested field) and records nothing", async () => {
      const res = await createPayout({
        payment_amount: "5.00",
        payment_currency: "USD",
        beneficiary: { ...BENEFICIARY, date_of_birth: "1990-13-01" },
      })
      expect(res.status).toBe(400)
      expect(res.data.message).toContain("beneficiary.date_of_birth")
      const payer = await createPayout({ payment_amount: "5.00", payment_currency: "USD", payer: { nickname: "x" } })
      expect(payer.status).toBe(400)
      expect(payer.data.message).toContain("payer")
      expect((await api.get("/admin/gateway/payouts", admin)).data.count).toBe(0)
      expect(gateway.sandbox.stats().byPath["/v1/payout"] ?? 0).toBe(0)
    })

    it("refuses invalid payouts with 400 naming the field, before asking the gateway", async () => {
      for (const [body, field] of [
        [{ payment_amount: "100.5", payment_currency: "JPY" }, "payment_amount"], // JPY has no decimals
        [{ payment_amount: "1.2345", payment_currency: "KWD" }, "payment_amount"], // KWD has 3
        [{ payment_amount: "-5", payment_currency: "USD" }, "payment_amount"],
        [{ payment_amount: "0.00", payment_currency: "USD" }, "payment_amount"],
        [{ payment_amount: "10", payment_currency: "XYZ" }, "payment_currency"],
        [{ payment_currency: "USD" }, "payment_amount"],
        [{ payment_amount: "10", payment_currency: "USD", fee_paid_by: "NOBODY" }, "fee_paid_by"],
        [{ payment_amount: "10", payment_currency: "USD", payment_date: "2030/01/01" }, "payment_date"],
        [{ payment_amount: "10", payment_currency: "USD", source_amount: "9" }, "source_amount"],
        [{ payment_amount: "10", payment_currency: "USD", request_id: "has spaces" }, "request_id"],
        [
          { payment_amount: "10", payment_currency: "USD", beneficiary: { bank_details: { iban: 5 } } },
          "beneficiary.bank_details.iban",
        ],
        [{ payment_amount: "10", payment_currency: "USD", tip: "1" }, "tip"],
      ] as const) {
        const res = await createPayout(body)
        expect([field, res.status]).toEqual([field, 400])
        expect(res.data.message).toContain(field)
      }
      const noBeneficiary = await call(
        api.post("/admin/gateway/payouts", { payment_amount: "10", payment_currency: "USD" }, admin)
      )
      expect(noBeneficiary.status).toBe(400)
      expect(noBeneficiary.data.message).toContain("beneficiary")
      expect(gateway.sandbox.stats().byPath["/v1/payout"] ?? 0).toBe(0)
      expect((await api.get("/admin/gateway/payouts", admin)).data.count).toBe(0)
    })

    it("lists payouts newest first, filtered and paginated", async () => {
      await createPayout({ payment_amount: "1.00", payment_currency: "USD", reference: "A" })
      await createPayout({ payment_amount: "2.000", payment_currency: "KWD", reference: "B" })
      await createPayout({ payment_amount: "3", payment_currency: "JPY", reference: "C" })
      const page = await api.get("/admin/gateway/payouts?limit=2&offset=0", admin)
      expect(page.data).toMatchObject({ count: 3, limit: 2, offset: 0 })
      expect(page.data.payouts.map((p: any) => p.reference)).toEqual(["C", "B"])
      const kwd = await api.get("/admin/gateway/payouts?payment_currency=kwd", admin)
      expect(kwd.data.payouts.map((p: any) => p.payment_amount)).toEqual(["2.000"])
      const since = await api.get(
        `/admin/gateway/payouts?created_at[$gte]=${encodeURIComponent(new Date(Date.now() - 60000).toISOString())}&status=PROCESSING`,
        admin
      )
      expect(since.data.count).toBe(3)
      const badStatus = await call(api.get("/admin/gateway/payouts?status=DONE", admin))
      expect(badStatus.status).toBe(400)
      expect(badStatus.data.message).toContain("status")
      expect((await call(api.get("/admin/gateway/payouts/gwpout_nope", admin))).status).toBe(404)
    })

    // Last: it stops the sandbox.
    it("removes the recorded payout again when the request never reached the gateway (compensation)", async () => {
      await gateway.sandbox.close()
      const res = await createPayout({ payment_amount: "7.00", payment_currency: "USD", request_id: "never-sent" })
      expect(res.status).toBe(500)
      expect(res.data.message).toMatch(/nothing was changed at the gateway/)
      expect((await api.get("/admin/gateway/payouts", admin)).data.count).toBe(0)
      const [row] = (await api.get("/admin/gateway/audit?request_id=never-sent", admin)).data.audit
      expect(row).toMatchObject({ operation: "payout.create", result: "failed" })
    })
  },
})
