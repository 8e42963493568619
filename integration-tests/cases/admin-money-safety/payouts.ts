// Payouts need an idempotency key and pay once: repeats, another body, a lost answer, two at once.
import { randomUUID } from "node:crypto"
import { MINIMAL_BENEFICIARY } from "../../helpers/payouts"
import { call, type AdminMoneyEnv } from "./context"

export function payoutCases(env: AdminMoneyEnv) {
  const { api, gateway, sb, requests, withKey, audit } = env

  describe("payouts", () => {
    const payout = (key: string | null, body: Record<string, unknown> = {}) =>
      call(
        api.post(
          "/admin/gateway/payouts",
          { payment_amount: "10.00", payment_currency: "USD", beneficiary: MINIMAL_BENEFICIARY, ...body },
          key ? withKey(key) : env.admin
        )
      )

    it("needs an idempotency key: 400 naming it, nothing recorded or sent", async () => {
      const res = await payout(null)
      expect(res.status).toBe(400)
      expect(res.data.message).toContain("Idempotency-Key")
      const bad = await payout("has spaces")
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("Idempotency-Key")
      // the body's request_id, the same key under the gateway's name, must agree with the header
      const mismatch = await payout(randomUUID(), { request_id: "another-one" })
      expect(mismatch.status).toBe(400)
      expect(mismatch.data.message).toMatch(/request_id.*Idempotency-Key/)
      expect(sb().payouts.size).toBe(0)
      expect(requests("/v1/payout")).toBe(0)
      expect((await api.get("/admin/gateway/payouts", env.admin)).data.count).toBe(0)
    })

    it("pays the same request once: the repeat answers the same payout and sends nothing", async () => {
      const key = randomUUID()
      const first = await payout(key)
      expect(first.status).toBe(200)
      expect(first.data.payout).toMatchObject({ request_id: key, payment_amount: "10.00" })
      const again = await payout(key)
      expect(again.status).toBe(200)
      expect(again.data.payout.id).toBe(first.data.payout.id)
      // the gateway's own record: one payout, one request
      expect(sb().payouts.size).toBe(1)
      expect(requests("/v1/payout")).toBe(1)
      expect((await api.get("/admin/gateway/payouts", env.admin)).data.count).toBe(1)
      // the key in the body (the gateway's name for it) is the same payout
      const byBody = await call(
        api.post(
          "/admin/gateway/payouts",
          { payment_amount: "10.00", payment_currency: "USD", beneficiary: MINIMAL_BENEFICIARY, request_id: key },
          env.admin
        )
      )
      expect(byBody.status).toBe(200)
      expect(byBody.data.payout.id).toBe(first.data.payout.id)
      expect(sb().payouts.size).toBe(1)
      const [row] = await audit(`operation=payout.create&idempotency_key=${key}`)
      expect(row).toMatchObject({ result: "succeeded", target_id: first.data.payout.id, request_id: key })
    })

    it("refuses another body under a used key (422 naming the key) and sends nothing", async () => {
      const key = randomUUID()
      expect((await payout(key)).status).toBe(200)
      for (const body of [
        { payment_amount: "11.00" },
        { beneficiary: { ...MINIMAL_BENEFICIARY, company_name: "Someone Else Ltd" } },
      ]) {
        const res = await payout(key, body)
        expect(res.status).toBe(422)
        expect(res.data.message).toContain(key)
      }
      expect(sb().payouts.size).toBe(1)
      expect(requests("/v1/payout")).toBe(1)
      expect([...sb().payouts.values()][0].request.payment_amount).toBe("10.00")
    })

    it("pays once when the gateway's answer was lost and the request is retried with its key", async () => {
      gateway.sandbox.setFaults([{ path: "/v1/payout", fault: "drop", times: 1 }])
      const key = randomUUID()
      const first = await payout(key)
      expect(first.status).toBe(200)
      expect(first.data.payout.status).toBe("UNKNOWN")
      // the click again: answered from the record, not sent a second time
      const retry = await payout(key)
      expect(retry.status).toBe(200)
      expect(retry.data.payout).toMatchObject({ id: first.data.payout.id, status: "UNKNOWN" })
      expect(requests("/v1/payout")).toBe(1)
      expect(sb().payouts.size).toBe(1)
      // Refresh re-sends the same request_id: the gateway answers the payout it made, never a second one
      const refreshed = await api.post(`/admin/gateway/payouts/${first.data.payout.id}/refresh`, {}, env.admin)
      expect(refreshed.data.payout.status).toBe("COMPLETED")
      expect(sb().payouts.size).toBe(1)
      expect((await payout(key)).data.payout.status).toBe("COMPLETED")
    })

    it("sends two requests with one key at once only once: the second is a 409", async () => {
      gateway.sandbox.setFaults([{ path: "/v1/payout", fault: "latency", ms: 1500 }])
      const key = randomUUID()
      const both = await Promise.all([payout(key), payout(key)])
      expect(both.map((r) => r.status).sort()).toEqual([200, 409])
      const refused = both.find((r) => r.status === 409)
      expect(refused.data.message).toContain(key)
      expect(sb().payouts.size).toBe(1)
      expect(requests("/v1/payout")).toBe(1)
      // once it is done, a repeat gets it
      const done = both.find((r) => r.status === 200)
      expect((await payout(key)).data.payout.id).toBe(done.data.payout.id)
    })
  })
}
