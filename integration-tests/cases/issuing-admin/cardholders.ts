// Issuing cardholders through the admin API: create, list, filter, refresh, delete, validation, open cards.
import { call, type IssuingEnv } from "./context"

export function cardholderCases(env: IssuingEnv) {
  const { api, gateway, setup, cardsOf, audit } = env

  describe("cardholders", () => {
    it("creates, lists, filters, gets, refreshes and deletes a cardholder", async () => {
      const { cardholder } = await setup()
      expect(cardholder).toMatchObject({
        first_name: "Ada",
        email: "ada@example.com",
        status: "active",
        birth_date: "1990-01-31",
      })
      expect(cardholder.gateway_cardholder_id).toMatch(/^\d+$/)
      await api.post(
        "/admin/gateway/cardholders",
        { first_name: "Bob", last_name: "B", email: "bob@example.com" },
        env.admin
      )

      const all = await api.get("/admin/gateway/cardholders?limit=1&offset=0", env.admin)
      expect(all.data).toMatchObject({ count: 2, limit: 1, offset: 0 })
      expect(all.data.cardholders).toHaveLength(1)
      const byEmail = await api.get("/admin/gateway/cardholders?email=ada@example.com", env.admin)
      expect(byEmail.data.cardholders.map((c: any) => c.id)).toEqual([cardholder.id])
      const since = await api.get(
        `/admin/gateway/cardholders?created_at[$gte]=${encodeURIComponent(new Date(Date.now() - 60000).toISOString())}`,
        env.admin
      )
      expect(since.data.count).toBe(2)
      const future = await api.get(
        `/admin/gateway/cardholders?created_at[$gte]=${encodeURIComponent(new Date(Date.now() + 60000).toISOString())}`,
        env.admin
      )
      expect(future.data.count).toBe(0)

      expect((await api.get(`/admin/gateway/cardholders/${cardholder.id}`, env.admin)).data.cardholder.email).toBe(
        "ada@example.com"
      )
      expect(
        (await api.post(`/admin/gateway/cardholders/${cardholder.id}/refresh`, {}, env.admin)).data.cardholder
          .last_synced_at
      ).toBeTruthy()

      const deleted = await api.delete(`/admin/gateway/cardholders/${cardholder.id}`, env.admin)
      expect(deleted.data).toMatchObject({ id: cardholder.id, deleted: true, cardholder: { status: "deleted" } })
      // the gateway no longer knows it
      const refresh = await call(api.post(`/admin/gateway/cardholders/${cardholder.id}/refresh`, {}, env.admin))
      expect(refresh.status).toBe(404)
      expect(refresh.data.code).toBe("1003")
      expect((await api.get("/admin/gateway/cardholders?status=deleted", env.admin)).data.count).toBe(1)
      const ops = (await audit(`target_id=${cardholder.id}`)).map((r) => `${r.operation}:${r.result}`)
      expect(ops).toEqual(
        expect.arrayContaining(["cardholder.query:succeeded", "cardholder.delete:succeeded", "cardholder.query:failed"])
      )
    })

    it("refuses invalid cardholder fields with 400 naming them, before asking the gateway", async () => {
      for (const [body, field] of [
        [{ first_name: "A", last_name: "B" }, "email"],
        [{ first_name: "A", last_name: "B", email: "not-an-email" }, "email"],
        [{ first_name: "A", last_name: "B", email: "a@b.co", birth_date: "31-01-1990" }, "birth_date"],
        [{ first_name: "A", last_name: "B", email: "a@b.co", mobile: "1".repeat(40) }, "mobile"],
        [{ first_name: "A", last_name: "B", email: "a@b.co", nickname: "x" }, "nickname"],
      ] as const) {
        const res = await call(api.post("/admin/gateway/cardholders", body, env.admin))
        expect([field, res.status]).toEqual([field, 400])
        expect(res.data.message).toContain(field)
      }
      expect(gateway.sandbox.stats().total).toBe(0)
    })

    it("refuses to delete a cardholder with open cards (1004) and leaves it active", async () => {
      const { group, cardholder } = await setup()
      expect((await cardsOf({ cardholder, group }, { charge_amount: "10" })).status).toBe(200)
      const res = await call(api.delete(`/admin/gateway/cardholders/${cardholder.id}`, env.admin))
      expect(res.status).toBe(400)
      expect(res.data.code).toBe("1004")
      expect(res.data.message).toMatch(/open cards/)
      expect((await api.get(`/admin/gateway/cardholders/${cardholder.id}`, env.admin)).data.cardholder.status).toBe(
        "active"
      )
    })
  })
}
