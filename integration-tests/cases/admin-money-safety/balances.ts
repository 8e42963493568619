// Card recharge and withdraw, group refund: an idempotency key, money moved once, unknown outcomes never re-sent.
import { randomUUID } from "node:crypto"
import { call, type AdminMoneyEnv } from "./context"

export function balanceCases(env: AdminMoneyEnv) {
  const { api, gateway, sb, requests, withKey, audit, trackedCard } = env

  describe("card recharge and withdraw, group refund", () => {
    /** The sandbox's group 7001 (USD 10000.00) tracked, a cardholder and a card charged 100.00. */
    async function setup() {
      const { group, card } = await trackedCard("100.00")
      const atGateway = () => ({
        card: [...sb().cards.values()].find((c: any) => String(c.cardId) === card.gateway_card_id)
          .balance_minor as bigint,
        group: [...sb().groups.values()].find((g: any) => String(g.groupId) === "7001").balance_minor as bigint,
      })
      return { group, card, atGateway }
    }
    const post = (path: string, body: object, key: string | null) =>
      call(api.post(path, body, key ? withKey(key) : env.admin))

    it("need an idempotency key: 400 naming it, nothing sent", async () => {
      const { group, card, atGateway } = await setup()
      const before = atGateway()
      for (const path of [
        `/admin/gateway/cards/${card.id}/recharge`,
        `/admin/gateway/cards/${card.id}/withdraw`,
        `/admin/gateway/groups/${group.id}/refund`,
      ]) {
        const res = await post(path, { amount: "5.00" }, null)
        expect([path, res.status]).toEqual([path, 400])
        expect(res.data.message).toContain("Idempotency-Key")
      }
      expect(atGateway()).toEqual(before)
      expect(requests("/api/card/charge") + requests("/api/card/refund") + requests("/api/group/refund")).toBe(0)
    })

    it("move the money of the same request once: the repeat answers the record and sends nothing", async () => {
      const { group, card, atGateway } = await setup()
      expect(atGateway()).toEqual({ card: 10000n, group: 990000n })

      const recharge = randomUUID()
      const r1 = await post(`/admin/gateway/cards/${card.id}/recharge`, { amount: "25.00" }, recharge)
      const r2 = await post(`/admin/gateway/cards/${card.id}/recharge`, { amount: "25.00" }, recharge)
      expect([r1.status, r2.status]).toEqual([200, 200])
      expect(r2.data.card).toMatchObject({ id: card.id, balance: "125.00" })
      expect(atGateway()).toEqual({ card: 12500n, group: 987500n })
      expect(requests("/api/card/charge")).toBe(1)

      const withdraw = randomUUID()
      for (let i = 0; i < 2; i++)
        expect(
          (await post(`/admin/gateway/cards/${card.id}/withdraw`, { amount: 5 }, withdraw)).data.card.balance
        ).toBe("120.00")
      expect(atGateway()).toEqual({ card: 12000n, group: 988000n })
      expect(requests("/api/card/refund")).toBe(1)

      const refund = randomUUID()
      for (let i = 0; i < 2; i++)
        expect(
          (await post(`/admin/gateway/groups/${group.id}/refund`, { amount: "800.00" }, refund)).data.group.balance
        ).toBe("9080.00")
      expect(atGateway()).toEqual({ card: 12000n, group: 908000n })
      expect(requests("/api/group/refund")).toBe(1)

      for (const [key, operation] of [
        [recharge, "card.recharge"],
        [withdraw, "card.withdraw"],
        [refund, "group.refund"],
      ]) {
        expect((await audit(`idempotency_key=${key}`)).map((r) => `${r.operation}:${r.result}`)).toEqual([
          `${operation}:succeeded`,
        ])
      }
    })

    it("refuse another amount, another card or another operation under a used key (422 naming it)", async () => {
      const { group, card, atGateway } = await setup()
      const key = randomUUID()
      expect((await post(`/admin/gateway/cards/${card.id}/recharge`, { amount: "25.00" }, key)).status).toBe(200)
      const after = atGateway()
      for (const [path, body] of [
        [`/admin/gateway/cards/${card.id}/recharge`, { amount: "26.00" }],
        [`/admin/gateway/cards/${card.id}/withdraw`, { amount: "25.00" }],
        [`/admin/gateway/groups/${group.id}/refund`, { amount: "25.00" }],
      ] as const) {
        const res = await post(path, body, key)
        expect([path, res.status]).toEqual([path, 422])
        expect(res.data.message).toContain(key)
      }
      expect(atGateway()).toEqual(after)
      expect(requests("/api/card/charge") + requests("/api/card/refund") + requests("/api/group/refund")).toBe(1)
    })

    // A recharge whose answer never came back (dropped) or could not be read (malformed): the gateway did it,
    // Medusa cannot know; the retry with the same key is refused, never a second recharge.
    it.each([
      [
        "never send a recharge again after its answer was lost: the retry is a 409 saying the outcome is unknown",
        "drop",
      ],
      [
        "take an unreadable 2xx answer to a recharge as an unknown outcome: the retry is a 409, never a second recharge",
        "malformed",
      ],
    ] as const)("%s", async (_title, fault) => {
      const { card, atGateway } = await setup()
      gateway.sandbox.setFaults([{ path: "/api/card/charge", fault, times: 1 }])
      const key = randomUUID()
      const first = await post(`/admin/gateway/cards/${card.id}/recharge`, { amount: "25.00" }, key)
      expect(first.status).toBe(500)
      expect(first.data.message).toMatch(/outcome is unknown/)
      // the gateway did it
      expect(atGateway().card).toBe(12500n)
      const retry = await post(`/admin/gateway/cards/${card.id}/recharge`, { amount: "25.00" }, key)
      expect(retry.status).toBe(409)
      expect(retry.data.message).toMatch(/unknown.*not sent again/)
      expect(atGateway().card).toBe(12500n)
      expect(requests("/api/card/charge")).toBe(1)
      expect((await audit(`idempotency_key=${key}`)).map((r) => r.result)).toEqual(["unknown"])
    })

    it("let a key whose request the gateway refused start it again (nothing moved)", async () => {
      const { card, atGateway } = await setup()
      const key = randomUUID()
      const refused = await post(`/admin/gateway/cards/${card.id}/withdraw`, { amount: "1000.00" }, key)
      expect(refused.status).toBe(400)
      expect(refused.data.code).toBe("1005")
      const corrected = await post(`/admin/gateway/cards/${card.id}/withdraw`, { amount: "5.00" }, key)
      expect(corrected.status).toBe(200)
      expect(corrected.data.card.balance).toBe("95.00")
      expect(atGateway().card).toBe(9500n)
      expect((await audit(`idempotency_key=${key}`)).map((r) => r.result).sort()).toEqual(["failed", "succeeded"])
    })

    it("free the key of a recharge the compensation undid, so that the retry recharges once", async () => {
      const { card, atGateway } = await setup()
      // the card cannot be read back after the recharge: the workflow withdraws it again
      gateway.sandbox.setFaults([{ path: "/api/card/query", fault: "error5xx" }])
      const key = randomUUID()
      const failed = await post(`/admin/gateway/cards/${card.id}/recharge`, { amount: "25.00" }, key)
      expect(failed.status).toBeGreaterThanOrEqual(400)
      expect(atGateway().card).toBe(10000n)
      gateway.sandbox.clearFaults()
      const retry = await post(`/admin/gateway/cards/${card.id}/recharge`, { amount: "25.00" }, key)
      expect(retry.status).toBe(200)
      expect(retry.data.card.balance).toBe("125.00")
      expect(atGateway().card).toBe(12500n)
      const rows = (await audit(`target_id=${card.id}`))
        .filter((r) => r.operation.startsWith("card.recharge"))
        .map((r) => `${r.operation}:${r.result}`)
      expect(rows.sort()).toEqual(["card.recharge.undo:succeeded", "card.recharge:succeeded", "card.recharge:undone"])
    })
  })
}
