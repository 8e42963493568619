// The card reveal (allow-list, per-user limit, audit row first) and JSON-only POSTs on the admin gateway routes (CSRF).
import { randomUUID } from "node:crypto"
import { createAdminHeaders, createSecretKeyHeaders } from "../../helpers/admin"
import { call, REVEALERS, type AdminMoneyEnv } from "./context"

export function revealAndContentTypeCases(env: AdminMoneyEnv) {
  const { api, getContainer, dbConnection, gateway, sb, requests, withKey, audit, trackedCard } = env

  describe("card reveal", () => {
    async function card() {
      const { card: c } = await trackedCard("10.00")
      const secret = [...sb().cards.values()].find((x: any) => String(x.cardId) === c.gateway_card_id)
      return { ...c, number: secret.cardNumber as string, cvv: secret.cvv as string }
    }
    const reveal = (id: string, as = env.admin) => call(api.post(`/admin/gateway/cards/${id}/reveal`, {}, as))

    it("is refused to a secret API key (403) and to an admin user off the allow-list, without asking the gateway", async () => {
      const c = await card()
      const before = requests("/api/card/query")
      const byKey = await reveal(c.id, await createSecretKeyHeaders(getContainer()))
      expect(byKey.status).toBe(403)
      expect(byKey.data.message).toMatch(/admin user.*API key/)
      expect(JSON.stringify(byKey.data)).not.toContain(c.number)
      const other = await reveal(c.id, await createAdminHeaders(getContainer(), "other@gateway.test"))
      expect(other.status).toBe(403)
      expect(other.data.message).toContain("issuing.reveal.user_ids")
      expect(requests("/api/card/query")).toBe(before)
      expect(await audit("operation=card.reveal")).toHaveLength(0)
      // a script may still move money with its key: it is audited as the key, not as a user
      const recharged = await call(
        api.post(
          `/admin/gateway/cards/${c.id}/recharge`,
          { amount: "1.00" },
          withKey(randomUUID(), await createSecretKeyHeaders(getContainer()))
        )
      )
      expect(recharged.status).toBe(200)
      expect((await audit("operation=card.recharge"))[0]).toMatchObject({ actor_type: "api-key" })
    })

    it("is limited per admin user (429 past the option's count, counted from the audit), and writes its row before asking", async () => {
      const c = await card()
      const before = requests("/api/card/query")
      for (let i = 0; i < 3; i++) {
        const ok = await reveal(c.id)
        expect(ok.status).toBe(200)
        expect(ok.data.card.number).toBe(c.number)
      }
      const over = await reveal(c.id)
      expect(over.status).toBe(429)
      expect(over.data.message).toMatch(/at most 3 in 3600 seconds/)
      expect(over.data.card).toBeUndefined()
      expect(requests("/api/card/query")).toBe(before + 3)
      // another allowed user has their own count
      const b = await createAdminHeaders(getContainer(), "revealer-b@gateway.test", REVEALERS[1])
      expect((await reveal(c.id, b)).status).toBe(200)
      const rows = await audit("operation=card.reveal")
      expect(rows).toHaveLength(4)
      for (const row of rows) {
        expect(row).toMatchObject({ result: "succeeded", actor_type: "user", target_id: c.id })
        // who looked, never what they saw
        expect(JSON.stringify(row)).not.toContain(c.number)
        expect(JSON.stringify(row)).not.toMatch(new RegExp(`\\b${c.cvv}\\b`))
      }
    })

    it("reveals nothing when its audit row cannot be written, and never asks the gateway", async () => {
      const c = await card()
      const before = requests("/api/card/query")
      await dbConnection.raw(
        `alter table gateway_operation_audit add constraint no_reveal_rows check (operation <> 'card.reveal') not valid`
      )
      try {
        const res = await reveal(c.id)
        expect(res.status).toBe(500)
        expect(res.data.message).toMatch(/audit row could not be written/)
        expect(JSON.stringify(res.data)).not.toContain(c.number)
      } finally {
        await dbConnection.raw(`alter table gateway_operation_audit drop constraint no_reveal_rows`)
      }
      expect(requests("/api/card/query")).toBe(before)
      expect((await reveal(c.id)).status).toBe(200)
    })
  })

  describe("content type (CSRF)", () => {
    it("refuses every POST of the admin gateway routes that is not application/json (415), before anything runs", async () => {
      const group = (await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, env.admin)).data.group
      const before = gateway.sandbox.stats().total
      const base = (api as any).defaults.baseURL as string
      const post = (path: string, body: string, type?: string) =>
        fetch(`${base}${path}`, {
          method: "POST",
          body,
          headers: { ...env.admin.headers, ...(type ? { "content-type": type } : {}), "Idempotency-Key": randomUUID() },
        })
      for (const [path, body, type] of [
        [`/admin/gateway/groups/${group.id}/close`, "", "application/x-www-form-urlencoded"],
        [`/admin/gateway/groups/${group.id}/refund`, "amount=1.00", "application/x-www-form-urlencoded"],
        [`/admin/gateway/groups/${group.id}/refresh`, "", "text/plain"],
        [`/admin/gateway/groups/${group.id}/close`, "--x--\r\n", "multipart/form-data; boundary=x"],
        [`/admin/gateway/groups/${group.id}/close`, "", undefined],
        ["/admin/gateway/payouts", "payment_amount=1&payment_currency=USD", "application/x-www-form-urlencoded"],
      ] as const) {
        const res = await post(path, body, type)
        expect([path, type, res.status]).toEqual([path, type, 415])
        expect((await res.json()).message).toContain("application/json")
      }
      expect(gateway.sandbox.stats().total).toBe(before)
      expect((await api.get(`/admin/gateway/groups/${group.id}`, env.admin)).data.group).toMatchObject({
        status: "active",
        balance: "10000.00",
      })
      // the same call as JSON (what the admin's SDK sends, with or without a body) is served
      const json = await post(`/admin/gateway/groups/${group.id}/refresh`, "", "application/json; charset=utf-8")
      expect(json.status).toBe(200)
    })
  })
}
