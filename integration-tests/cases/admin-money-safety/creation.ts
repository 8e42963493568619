// Card and group creation (they fund what they make): an idempotency key, created once, lost answers never re-sent.
import { randomUUID } from "node:crypto"
import { call, type AdminMoneyEnv } from "./context"

export function creationCases(env: AdminMoneyEnv) {
  const { api, gateway, sb, requests, withKey, audit, trackedCardholder } = env

  describe("card and group creation (they fund what they make)", () => {
    const GROUP = { name: "Travel", country_code: "GB", currency: "EUR", charge_amount: "500.00" }
    /** `trackedCardholder()`, a request for two cards of 100.00, and the group's balance at the sandbox. */
    async function setup() {
      const { group, cardholder } = await trackedCardholder()
      const body = { cardholder_id: cardholder.id, group_id: group.id, charge_amount: "100.00", pieces: 2 }
      const group7001 = () =>
        [...sb().groups.values()].find((g: any) => String(g.groupId) === "7001").balance_minor as bigint
      return { group, body, group7001 }
    }
    const createCards = (body: object, key: string | null) =>
      call(api.post("/admin/gateway/cards", body, key ? withKey(key) : env.admin))
    const createGroup = (body: object, key: string | null) =>
      call(api.post("/admin/gateway/groups", body, key ? withKey(key) : env.admin))

    it("need an idempotency key: 400 naming it, nothing sent", async () => {
      const { body, group7001 } = await setup()
      for (const res of [
        await createCards(body, null),
        await createGroup(GROUP, null),
        await createCards(body, "has spaces"),
      ]) {
        expect(res.status).toBe(400)
        expect(res.data.message).toContain("Idempotency-Key")
      }
      expect(requests("/api/card/create") + requests("/api/group/create")).toBe(0)
      expect(sb().cards.size).toBe(0)
      expect(group7001()).toBe(1000000n)
    })

    it("create once per key: a repeat answers the cards or the group made, and sends nothing; another body under the key is a 422", async () => {
      const { body, group7001 } = await setup()
      const key = randomUUID()
      const first = await createCards(body, key)
      expect(first.status).toBe(200)
      expect(first.data).toMatchObject({ created: 2, failed: 0 })
      const again = await createCards(body, key)
      expect(again.status).toBe(200)
      expect(again.data).toMatchObject({ request_id: first.data.request_id, created: 2, failed: 0 })
      expect(again.data.results.map((r: any) => r.card.id).sort()).toEqual(
        first.data.results.map((r: any) => r.card.id).sort()
      )
      const other = await createCards({ ...body, pieces: 3 }, key)
      expect(other.status).toBe(422)
      expect(other.data.message).toContain(key)
      // the gateway's own records: one creation, two cards, the group charged once
      expect(requests("/api/card/create")).toBe(1)
      expect(sb().cards.size).toBe(2)
      expect(group7001()).toBe(1000000n - 20000n)

      const groupKey = randomUUID()
      const groupsBefore = sb().groups.size
      const made = await createGroup(GROUP, groupKey)
      expect(made.status).toBe(200)
      const repeat = await createGroup(GROUP, groupKey)
      expect(repeat.status).toBe(200)
      expect(repeat.data.group.id).toBe(made.data.group.id)
      expect((await createGroup({ ...GROUP, charge_amount: "600.00" }, groupKey)).status).toBe(422)
      expect(requests("/api/group/create")).toBe(1)
      expect(sb().groups.size).toBe(groupsBefore + 1)
      expect((await api.get("/admin/gateway/groups?currency=EUR", env.admin)).data.count).toBe(1)
    })

    it("never send a creation again after its answer was lost: the retry is a 409 saying to check at the gateway", async () => {
      const { body, group7001 } = await setup()
      gateway.sandbox.setFaults([{ path: "/api/card/create", fault: "drop", times: 1 }])
      const key = randomUUID()
      const lost = await createCards(body, key)
      expect(lost.status).toBe(500)
      expect(lost.data.message).toMatch(/outcome is unknown/)
      // the gateway made them
      expect(sb().cards.size).toBe(2)
      const retry = await createCards(body, key)
      expect(retry.status).toBe(409)
      expect(retry.data.message).toMatch(/unknown.*not sent again.*Check at the gateway/)
      expect(requests("/api/card/create")).toBe(1)
      expect(sb().cards.size).toBe(2)
      expect(group7001()).toBe(1000000n - 20000n)
      expect((await audit(`idempotency_key=${key}`)).map((r) => r.result)).toEqual(["unknown"])

      gateway.sandbox.setFaults([{ path: "/api/group/create", fault: "drop", times: 1 }])
      const groupKey = randomUUID()
      const groupsBefore = sb().groups.size
      expect((await createGroup(GROUP, groupKey)).status).toBe(500)
      const groupRetry = await createGroup(GROUP, groupKey)
      expect(groupRetry.status).toBe(409)
      expect(groupRetry.data.message).toMatch(/Check at the gateway/)
      expect(requests("/api/group/create")).toBe(1)
      expect(sb().groups.size).toBe(groupsBefore + 1)
    })

    it("let a key whose creation the gateway refused start it again (nothing was made)", async () => {
      const { body, group7001 } = await setup()
      const key = randomUUID()
      const refused = await createCards({ ...body, charge_amount: "6000.00" }, key) // more than the group holds, twice
      expect(refused.status).toBe(200) // one card made, one refused: partial holds the key
      expect(refused.data).toMatchObject({ created: 1, failed: 1 })
      const repeat = await createCards({ ...body, charge_amount: "6000.00" }, key)
      expect(repeat.data).toMatchObject({ created: 1, failed: 1 })
      expect(repeat.data.results.map((r: any) => r.ok)).toEqual([true, false])
      expect(requests("/api/card/create")).toBe(1)

      const none = randomUUID()
      const nothing = await createCards({ ...body, charge_amount: "9000.00" }, none)
      expect(nothing.status).toBe(400)
      expect(group7001()).toBe(1000000n - 600000n)
      const again = await createCards({ ...body, charge_amount: "9000.00" }, none)
      expect(again.status).toBe(400) // sent again (nothing was made), refused again
      expect(requests("/api/card/create")).toBe(3)
    })
  })
}
