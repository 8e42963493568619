// Issuing groups through the admin API: authentication, tracking, closing, creating and refunding groups, validation.
import { call, type IssuingEnv } from "./context"

export function groupCases(env: IssuingEnv) {
  const { api, gateway, once, audit } = env

  describe("authentication", () => {
    it("answers 401 without an admin session on every kind of route", async () => {
      const routes: [string, string][] = [
        ["get", "/admin/gateway/cards"],
        ["post", "/admin/gateway/cards"],
        ["get", "/admin/gateway/cardholders"],
        ["post", "/admin/gateway/cardholders"],
        ["get", "/admin/gateway/groups"],
        ["post", "/admin/gateway/groups"],
        ["post", "/admin/gateway/groups/track"],
        ["post", "/admin/gateway/groups/gwgrp_x/refund"],
        ["post", "/admin/gateway/cards/gwcard_x/reveal"],
        ["post", "/admin/gateway/cards/gwcard_x/recharge"],
        ["post", "/admin/gateway/groups/gwgrp_x/close"],
        ["delete", "/admin/gateway/cardholders/gwchd_x"],
        ["get", "/admin/gateway/audit"],
      ]
      for (const [method, path] of routes) {
        const res = await call(
          method === "get" || method === "delete" ? (api as any)[method](path) : (api as any)[method](path, {})
        )
        expect([path, res.status]).toEqual([path, 401])
      }
      expect(gateway.sandbox.stats().total).toBe(0)
    })
  })

  describe("groups", () => {
    it("tracks a gateway group with its exact balance, lists, gets, refreshes and closes it", async () => {
      const tracked = await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, env.admin)
      expect(tracked.data.group).toMatchObject({
        gateway_group_id: "7001",
        currency: "USD",
        balance: "10000.00",
        status: "active",
      })
      // tracking twice updates the one record
      await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, env.admin)
      const list = await api.get("/admin/gateway/groups?status=active&currency=usd", env.admin)
      expect(list.data.count).toBe(1)
      const id = tracked.data.group.id
      expect((await api.get(`/admin/gateway/groups/${id}`, env.admin)).data.group.id).toBe(id)
      expect((await api.post(`/admin/gateway/groups/${id}/refresh`, {}, env.admin)).data.group.balance).toBe("10000.00")

      const closed = await api.post(`/admin/gateway/groups/${id}/close`, {}, env.admin)
      expect(closed.data.group.status).toBe("closed")
      // a closed group refuses a second close: the gateway's code and English message reach staff
      const again = await call(api.post(`/admin/gateway/groups/${id}/close`, {}, env.admin))
      expect(again.status).toBe(400)
      expect(again.data.code).toBe("1004")
      expect(again.data.message).toMatch(/1004.*closed/)
      expect((await api.get("/admin/gateway/groups?status=closed", env.admin)).data.count).toBe(1)
    })

    it("refuses a malformed group id (400 naming the field) and answers the gateway's 1003 for an unknown one", async () => {
      const bad = await call(api.post("/admin/gateway/groups/track", { gateway_group_id: 7001 }, env.admin))
      expect(bad.status).toBe(400)
      expect(bad.data.message).toContain("gateway_group_id")
      const unknown = await call(api.post("/admin/gateway/groups/track", { gateway_group_id: "9999" }, env.admin))
      expect(unknown.status).toBe(404)
      expect(unknown.data.code).toBe("1003")
      expect(unknown.data.message).toMatch(/not found/i)
      expect((await api.get("/admin/gateway/groups", env.admin)).data.count).toBe(0)
      const [row] = await audit("operation=group.query&result=failed")
      expect(row).toMatchObject({ error_code: "1003", actor_type: "user" })
      expect(row.actor_id).toBeTruthy()
    })
  })

  describe("creating and refunding groups", () => {
    const body = { name: "Marketing", country_code: "gb", currency: "eur", charge_amount: "500.5" }

    it("creates a group at the gateway, records it with its balance and audits group.create", async () => {
      const res = await api.post("/admin/gateway/groups", body, once())
      const group = res.data.group
      expect(group).toMatchObject({
        name: "Marketing",
        country_code: "GB",
        currency: "EUR",
        balance: "500.50",
        status: "active",
      })
      expect(group.gateway_group_id).toMatch(/^\d+$/)
      expect(group.gateway_group_id).not.toBe("7001")
      // the gateway holds it with that balance, and the list shows it
      const atGateway = [...(gateway.sandbox as any).store.groups.values()].find(
        (g: any) => String(g.groupId) === group.gateway_group_id
      )
      expect(atGateway).toMatchObject({
        groupName: "Marketing",
        currency: "EUR",
        countryCode: "GB",
        balance_minor: 50050n,
      })
      expect(
        (await api.get("/admin/gateway/groups?currency=EUR", env.admin)).data.groups.map((g: any) => g.id)
      ).toEqual([group.id])
      const [row] = await audit("operation=group.create")
      expect(row).toMatchObject({
        result: "succeeded",
        actor_type: "user",
        details: {
          name: "Marketing",
          currency: "EUR",
          charge_amount: "500.50",
          gateway_group_id: group.gateway_group_id,
        },
      })
      expect(row.actor_id).toMatch(/^user_/)
      expect(row.gateway_req_no).toMatch(/^\d+$/)
    })

    it("refunds part of a group's balance, audited, and refuses more than the balance with the gateway's message", async () => {
      const { group } = (await api.post("/admin/gateway/groups", body, once())).data
      const refunded = await api.post(`/admin/gateway/groups/${group.id}/refund`, { amount: "200.25" }, once())
      expect(refunded.data.group).toMatchObject({ id: group.id, balance: "300.25" })
      expect((await api.get(`/admin/gateway/groups/${group.id}`, env.admin)).data.group.balance).toBe("300.25")
      const [row] = await audit(`operation=group.refund&target_id=${group.id}`)
      expect(row).toMatchObject({
        result: "succeeded",
        actor_type: "user",
        details: { amount: "200.25", currency: "EUR" },
      })

      const tooMuch = await call(api.post(`/admin/gateway/groups/${group.id}/refund`, { amount: "300.26" }, once()))
      expect(tooMuch.status).toBe(400)
      expect(tooMuch.data.code).toBe("1005")
      expect(tooMuch.data.message).toMatch(/Insufficient balance.*300\.25 EUR/)
      expect((await api.get(`/admin/gateway/groups/${group.id}`, env.admin)).data.group.balance).toBe("300.25")
      expect((await audit(`operation=group.refund&target_id=${group.id}&result=failed`))[0]).toMatchObject({
        error_code: "1005",
      })
      // all of what is left
      expect(
        (await api.post(`/admin/gateway/groups/${group.id}/refund`, { amount: 300.25 }, once())).data.group.balance
      ).toBe("0.00")
    })

    it("refuses bad bodies with 400 naming the field, before asking the gateway", async () => {
      const { group } = (await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, env.admin)).data
      const before = gateway.sandbox.stats().total
      for (const [payload, field] of [
        [{ ...body, name: undefined }, "name"],
        [{ ...body, name: "x".repeat(65) }, "name"],
        [{ ...body, country_code: "GBR" }, "country_code"],
        [{ ...body, currency: "EURO" }, "currency"],
        [{ ...body, currency: "JPY", charge_amount: "100.5" }, "charge_amount"], // JPY has no decimals
        [{ ...body, charge_amount: "0" }, "charge_amount"],
        [{ ...body, gateway_group_id: "7001" }, "gateway_group_id"], // tracking is its own route
      ] as const) {
        const res = await call(api.post("/admin/gateway/groups", payload, once()))
        expect([field, res.status]).toEqual([field, 400])
        expect(res.data.message).toContain(field)
      }
      for (const payload of [
        { amount: "1.001" },
        { amount: "-1" },
        { amount: "ten" },
        {},
        { amount: "1", currency: "USD" },
      ]) {
        const res = await call(api.post(`/admin/gateway/groups/${group.id}/refund`, payload, once()))
        expect([payload, res.status]).toEqual([payload, 400])
        expect(res.data.message).toMatch(/amount|currency/)
      }
      expect(gateway.sandbox.stats().total).toBe(before)
      expect(await audit("operation=group.refund")).toHaveLength(0)
      expect((await api.get(`/admin/gateway/groups/${group.id}`, env.admin)).data.group.balance).toBe("10000.00")
      const missing = await call(api.post("/admin/gateway/groups/gwgrp_nope/refund", { amount: "1.00" }, once()))
      expect(missing.status).toBe(404)
    })
  })
}
