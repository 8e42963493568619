// Issued cards through the admin API: creation in pieces, partial success, state rules, reveal, no card data kept.
import { loggedText } from "../../helpers/verbose-logs"
import { call, type IssuingEnv } from "./context"

export function cardCases(env: IssuingEnv) {
  const { api, dbConnection, gateway, setup, once, createCards, cardsOf, audit } = env

  describe("cards", () => {
    it("creates several cards in one request and takes their exact amount from the group", async () => {
      const { group, cardholder } = await setup()
      const res = await cardsOf({ cardholder, group }, { charge_amount: "12.3", pieces: 3, alias: "travel" })
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ created: 3, failed: 0 })
      expect(res.data.request_id).toMatch(/^card_create_[0-9a-f]{32}$/)
      const cards = res.data.results.map((r: any) => r.card)
      // the numbers and CVVs the gateway made: none of them in an answer
      const secrets = [...(gateway.sandbox as any).store.cards.values()].map((c: any) => ({
        number: c.cardNumber as string,
        cvv: c.cvv as string,
      }))
      expect(secrets).toHaveLength(3)
      for (const c of cards) {
        expect(c).toMatchObject({
          status: "active",
          currency: "USD",
          charge_amount: "12.30",
          balance: "12.30",
          alias: "travel",
          cardholder_id: cardholder.id,
          group_id: group.id,
        })
        expect(c.last4).toMatch(/^\d{4}$/)
        expect(c.expiry_year).toMatch(/^\d{4}$/)
        expect(c).not.toHaveProperty("number")
        expect(c).not.toHaveProperty("cvv")
        for (const s of secrets) expect(JSON.stringify(c)).not.toContain(s.number)
      }
      expect(JSON.stringify(res.data)).not.toMatch(new RegExp(secrets.map((s) => s.number).join("|")))
      // 10000.00 - 3 × 12.30
      expect((await api.get(`/admin/gateway/groups/${group.id}`, env.admin)).data.group.balance).toBe("9963.10")
      const list = await api.get(
        `/admin/gateway/cards?cardholder_id=${cardholder.id}&group_id=${group.id}&status=active&limit=2`,
        env.admin
      )
      expect(list.data.count).toBe(3)
      expect(list.data.cards).toHaveLength(2)
      const [row] = await audit("operation=card.create")
      expect(row).toMatchObject({
        result: "succeeded",
        request_id: res.data.request_id,
        details: { created: 3, pieces: 3, charge_amount: "12.30" },
      })
      expect(row.gateway_req_no).toMatch(/^\d+$/)
    })

    it("reports partial success per card when the group's balance runs out", async () => {
      const { group, cardholder } = await setup()
      const res = await cardsOf({ cardholder, group }, { charge_amount: "4000.00", pieces: 3 })
      expect(res.status).toBe(200)
      expect(res.data).toMatchObject({ created: 2, failed: 1 })
      expect(res.data.results.map((r: any) => r.ok)).toEqual([true, true, false])
      expect(res.data.results[2]).toMatchObject({ ok: false, card: null, error: "Insufficient group balance" })
      expect((await api.get("/admin/gateway/cards", env.admin)).data.count).toBe(2)
      expect((await api.get(`/admin/gateway/groups/${group.id}`, env.admin)).data.group.balance).toBe("2000.00")
      expect((await audit("operation=card.create"))[0]).toMatchObject({
        result: "partial",
        details: { created: 2, failed: 1 },
      })

      // no card at all: the request fails with the gateway's reason and nothing is recorded
      const none = await cardsOf({ cardholder, group }, { charge_amount: "2000.01", pieces: 2 })
      expect(none.status).toBe(400)
      expect(none.data.message).toContain("Insufficient group balance")
      expect((await api.get("/admin/gateway/cards", env.admin)).data.count).toBe(2)
    })

    it("refuses invalid card requests with 400 naming the field, before asking the gateway", async () => {
      const { group, cardholder } = await setup()
      const before = gateway.sandbox.stats().byPath["/api/card/create"] ?? 0
      const base = { cardholder_id: cardholder.id, group_id: group.id, charge_amount: "10.00" }
      for (const [body, field] of [
        [{ ...base, charge_amount: "10.001" }, "charge_amount"], // USD has 2 decimals
        [{ ...base, charge_amount: "0" }, "charge_amount"],
        [{ ...base, charge_amount: "ten" }, "charge_amount"],
        [{ ...base, pieces: 51 }, "pieces"],
        [{ ...base, pieces: 1.5 }, "pieces"],
        [{ ...base, start_date: "2030-01-02", end_date: "2030-01-01" }, "end_date"],
        [{ ...base, shared: "yes" }, "shared"],
        [{ group_id: group.id, charge_amount: "1" }, "cardholder_id"],
      ] as const) {
        const res = await createCards(body)
        expect([field, res.status]).toEqual([field, 400])
        expect(res.data.message).toContain(field)
      }
      const unknown = await createCards({ ...base, cardholder_id: "gwchd_nope" })
      expect(unknown.status).toBe(404)
      expect(unknown.data.message).toContain("cardholder_id")
      expect(gateway.sandbox.stats().byPath["/api/card/create"] ?? 0).toBe(before)
      const amount = await call(api.post("/admin/gateway/cards/gwcard_nope/recharge", { amount: "1.001" }, once()))
      expect(amount.status).toBe(404)
    })

    it("follows the card state rules: block, activate, limit, recharge, withdraw, close, and nothing after close", async () => {
      const { group, cardholder } = await setup()
      const created = await cardsOf({ cardholder, group }, { charge_amount: "100.00", shared: true })
      const card = created.data.results[0].card
      expect(card.card_type).toBe("SHARED")
      const post = (action: string, body: object = {}) =>
        call(api.post(`/admin/gateway/cards/${card.id}/${action}`, body, once()))

      expect((await post("block")).data.card.status).toBe("blocked")
      expect((await post("activate")).data.card.status).toBe("active")
      expect((await post("limit", { amount: "250.5" })).data.card.amount_limit).toBe("250.50")
      const recharged = await post("recharge", { amount: "25.25" })
      expect(recharged.status).toBe(200)
      expect(recharged.data.card.balance).toBe("125.25")
      expect((await api.get(`/admin/gateway/groups/${group.id}`, env.admin)).data.group.balance).toBe("9874.75")
      expect((await post("withdraw", { amount: 5.25 })).data.card.balance).toBe("120.00")
      const tooMuch = await post("withdraw", { amount: "1000.00" })
      expect(tooMuch.status).toBe(400)
      expect(tooMuch.data.code).toBe("1005")
      const badAmount = await post("recharge", { amount: "1.001" })
      expect(badAmount.status).toBe(400)
      expect(badAmount.data.message).toContain("amount")
      expect((await post("refresh")).data.card.balance).toBe("120.00")

      const closed = await post("close")
      expect(closed.data.card).toMatchObject({ status: "closed", balance: "0.00" })
      // the balance went back to the group: 10000.00 - 100.00 - 25.25 + 5.25 + 120.00
      expect((await api.get(`/admin/gateway/groups/${group.id}`, env.admin)).data.group.balance).toBe("10000.00")

      for (const [action, body] of [
        ["recharge", { amount: "1.00" }],
        ["withdraw", { amount: "1.00" }],
        ["block", {}],
        ["limit", { amount: "5.00" }],
        ["close", {}],
      ] as const) {
        const res = await post(action, body)
        expect([action, res.status, res.data.code]).toEqual([action, 400, "1004"])
        expect(res.data.message).toMatch(/closed/)
      }
      const reveal = await post("reveal")
      expect(reveal.status).toBe(400)
      expect((await api.get(`/admin/gateway/cards/${card.id}`, env.admin)).data.card.status).toBe("closed")
      const failed = await audit(`target_id=${card.id}&operation=card.recharge&result=failed`)
      expect(failed[0]).toMatchObject({ error_code: "1004" })
      expect(failed[0].error_message).toMatch(/closed/)
      expect((await api.get("/admin/gateway/cards?status=closed", env.admin)).data.count).toBe(1)
    })

    it("leaves the module unchanged when the gateway refuses a creation, and answers its code", async () => {
      const { group, cardholder } = await setup()
      // the gateway is the truth: the cardholder is gone there although the mirror still lists it
      ;(gateway.sandbox as any).store.cardholders.clear()
      const res = await cardsOf({ cardholder, group }, { charge_amount: "10.00", pieces: 2 })
      expect(res.status).toBe(404)
      expect(res.data.code).toBe("1003")
      expect(res.data.message).toMatch(/cardholder/)
      expect((await api.get("/admin/gateway/cards", env.admin)).data.count).toBe(0)
      expect((await api.get(`/admin/gateway/groups/${group.id}`, env.admin)).data.group.balance).toBe("10000.00")
      expect((await audit("operation=card.create"))[0]).toMatchObject({ result: "failed", error_code: "1003" })
    })

    it("refuses a limit change on a standard card (1004)", async () => {
      const { group, cardholder } = await setup()
      const card = (await cardsOf({ cardholder, group }, { charge_amount: "10.00" })).data.results[0].card
      const res = await call(api.post(`/admin/gateway/cards/${card.id}/limit`, { amount: "20.00" }, env.admin))
      expect(res.status).toBe(400)
      expect(res.data.code).toBe("1004")
      expect(res.data.message).toMatch(/not a shared card/)
      expect((await api.get(`/admin/gateway/cards/${card.id}`, env.admin)).data.card.amount_limit).toBe("10.00")
    })

    it("reveals the full number and CVV once, uncached and audited, and keeps them out of every table and log", async () => {
      const { group, cardholder } = await setup()
      const created = await cardsOf({ cardholder, group }, { charge_amount: "10.00", pieces: 2 })
      const card = created.data.results[0].card
      const revealed = await api.post(`/admin/gateway/cards/${card.id}/reveal`, {}, env.admin)
      expect(revealed.headers["cache-control"]).toContain("no-store")
      expect(revealed.data.card.number).toMatch(/^\d{16}$/)
      expect(revealed.data.card.number.endsWith(card.last4)).toBe(true)
      expect(revealed.data.card.cvv).toMatch(/^\d{3}$/)
      const [row] = await audit(`operation=card.reveal&target_id=${card.id}`)
      expect(row).toMatchObject({ result: "succeeded", actor_type: "user" })
      expect(row.actor_id).toMatch(/^user_/)
      // every other card operation too, then look everywhere for what the gateway knows
      const other = created.data.results[1].card
      await api.post(`/admin/gateway/cards/${other.id}/refresh`, {}, env.admin)
      await api.post(`/admin/gateway/cards/${other.id}/recharge`, { amount: "1.00" }, once())
      await api.post(`/admin/gateway/cards/${other.id}/close`, {}, env.admin)
      await call(api.post(`/admin/gateway/cards/${other.id}/recharge`, { amount: "1.00" }, once()))

      const secrets = [...(gateway.sandbox as any).store.cards.values()].map((c: any) => ({
        number: c.cardNumber as string,
        cvv: c.cvv as string,
      }))
      expect(secrets).toHaveLength(2)
      const tables: { table_name: string }[] = (
        await dbConnection.raw(
          "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'"
        )
      ).rows
      let rows = 0
      for (const { table_name } of tables) {
        const dump: { row: string }[] = (await dbConnection.raw(`select t::text as row from "${table_name}" t`)).rows
        rows += dump.length
        for (const { row } of dump) {
          for (const s of secrets) expect(row).not.toContain(s.number)
          // as a word: a random record id (ULID) may hold the letters "CVV"
          expect(row).not.toMatch(/\bcvv\b|cardNumber/i)
        }
      }
      expect(rows).toBeGreaterThan(10)
      const logs = await loggedText()
      expect(logs).toContain("card") // the gateway calls were logged...
      for (const s of secrets) {
        expect(logs).not.toContain(s.number) // ...but never a full number
        expect(logs).not.toMatch(new RegExp(`cvv\\W{0,4}${s.cvv}`, "i"))
      }
      expect(logs).not.toContain("sandbox_api_key")
    })
  })
}
