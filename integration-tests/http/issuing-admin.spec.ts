/**
 * Virtual-card issuing through the admin API, against the sandbox over a real socket: groups, cardholders,
 * creating and refunding groups, cards (pieces, partial success), the card state rules, revealing a card, the audit, validation and
 * authentication, and that no table or log ever holds a full card number or CVV.
 */
import { randomUUID } from "node:crypto"
import { loggedText } from "../helpers/verbose-logs"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useSandbox } from "../helpers/sandbox"
import { freshAdmin, type RequestHeaders } from "../helpers/fresh-store"

jest.setTimeout(300 * 1000)

const gateway = useSandbox()

const call = (p: Promise<any>) => p.catch((e: any) => e.response)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let admin: RequestHeaders

    beforeEach(async () => {
      admin = await freshAdmin(gateway, getContainer())
    })

    /** The sandbox's starting group 7001 (USD 10000.00), tracked, and a cardholder. */
    async function setup() {
      const g = await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, admin)
      const h = await api.post(
        "/admin/gateway/cardholders",
        {
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ada@example.com",
          billing_country: "US",
          birth_date: "1990-01-31",
        },
        admin
      )
      return { group: g.data.group, cardholder: h.data.cardholder }
    }

    /** Headers of a new money-moving request (card or group creation, recharge, withdraw, group refund): its own idempotency key. */
    const once = () => ({ headers: { ...admin.headers, "Idempotency-Key": randomUUID() } })

    async function createCards(body: Record<string, unknown>) {
      return call(api.post("/admin/gateway/cards", body, once()))
    }
    /** Cards of `cardholder` in `group` (as `setup()` makes them): the rest of the body in `body`. */
    async function cardsOf(
      { cardholder, group }: { cardholder: { id: string }; group: { id: string } },
      body: Record<string, unknown>
    ) {
      return createCards({ cardholder_id: cardholder.id, group_id: group.id, ...body })
    }

    async function audit(query: string) {
      return (await api.get(`/admin/gateway/audit?${query}`, admin)).data.audit as any[]
    }

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
        const tracked = await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, admin)
        expect(tracked.data.group).toMatchObject({
          gateway_group_id: "7001",
          currency: "USD",
          balance: "10000.00",
          status: "active",
        })
        // tracking twice updates the one record
        await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, admin)
        const list = await api.get("/admin/gateway/groups?status=active&currency=usd", admin)
        expect(list.data.count).toBe(1)
        const id = tracked.data.group.id
        expect((await api.get(`/admin/gateway/groups/${id}`, admin)).data.group.id).toBe(id)
        expect((await api.post(`/admin/gateway/groups/${id}/refresh`, {}, admin)).data.group.balance).toBe("10000.00")

        const closed = await api.post(`/admin/gateway/groups/${id}/close`, {}, admin)
        expect(closed.data.group.status).toBe("closed")
        // a closed group refuses a second close: the gateway's code and English message reach staff
        const again = await call(api.post(`/admin/gateway/groups/${id}/close`, {}, admin))
        expect(again.status).toBe(400)
        expect(again.data.code).toBe("1004")
        expect(again.data.message).toMatch(/1004.*closed/)
        expect((await api.get("/admin/gateway/groups?status=closed", admin)).data.count).toBe(1)
      })

      it("refuses a malformed group id (400 naming the field) and answers the gateway's 1003 for an unknown one", async () => {
        const bad = await call(api.post("/admin/gateway/groups/track", { gateway_group_id: 7001 }, admin))
        expect(bad.status).toBe(400)
        expect(bad.data.message).toContain("gateway_group_id")
        const unknown = await call(api.post("/admin/gateway/groups/track", { gateway_group_id: "9999" }, admin))
        expect(unknown.status).toBe(404)
        expect(unknown.data.code).toBe("1003")
        expect(unknown.data.message).toMatch(/not found/i)
        expect((await api.get("/admin/gateway/groups", admin)).data.count).toBe(0)
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
        expect((await api.get("/admin/gateway/groups?currency=EUR", admin)).data.groups.map((g: any) => g.id)).toEqual([
          group.id,
        ])
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
        expect((await api.get(`/admin/gateway/groups/${group.id}`, admin)).data.group.balance).toBe("300.25")
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
        expect((await api.get(`/admin/gateway/groups/${group.id}`, admin)).data.group.balance).toBe("300.25")
        expect((await audit(`operation=group.refund&target_id=${group.id}&result=failed`))[0]).toMatchObject({
          error_code: "1005",
        })
        // all of what is left
        expect(
          (await api.post(`/admin/gateway/groups/${group.id}/refund`, { amount: 300.25 }, once())).data.group.balance
        ).toBe("0.00")
      })

      it("refuses bad bodies with 400 naming the field, before asking the gateway", async () => {
        const { group } = (await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, admin)).data
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
        expect((await api.get(`/admin/gateway/groups/${group.id}`, admin)).data.group.balance).toBe("10000.00")
        const missing = await call(api.post("/admin/gateway/groups/gwgrp_nope/refund", { amount: "1.00" }, once()))
        expect(missing.status).toBe(404)
      })
    })

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
          admin
        )

        const all = await api.get("/admin/gateway/cardholders?limit=1&offset=0", admin)
        expect(all.data).toMatchObject({ count: 2, limit: 1, offset: 0 })
        expect(all.data.cardholders).toHaveLength(1)
        const byEmail = await api.get("/admin/gateway/cardholders?email=ada@example.com", admin)
        expect(byEmail.data.cardholders.map((c: any) => c.id)).toEqual([cardholder.id])
        const since = await api.get(
          `/admin/gateway/cardholders?created_at[$gte]=${encodeURIComponent(new Date(Date.now() - 60000).toISOString())}`,
          admin
        )
        expect(since.data.count).toBe(2)
        const future = await api.get(
          `/admin/gateway/cardholders?created_at[$gte]=${encodeURIComponent(new Date(Date.now() + 60000).toISOString())}`,
          admin
        )
        expect(future.data.count).toBe(0)

        expect((await api.get(`/admin/gateway/cardholders/${cardholder.id}`, admin)).data.cardholder.email).toBe(
          "ada@example.com"
        )
        expect(
          (await api.post(`/admin/gateway/cardholders/${cardholder.id}/refresh`, {}, admin)).data.cardholder
            .last_synced_at
        ).toBeTruthy()

        const deleted = await api.delete(`/admin/gateway/cardholders/${cardholder.id}`, admin)
        expect(deleted.data).toMatchObject({ id: cardholder.id, deleted: true, cardholder: { status: "deleted" } })
        // the gateway no longer knows it
        const refresh = await call(api.post(`/admin/gateway/cardholders/${cardholder.id}/refresh`, {}, admin))
        expect(refresh.status).toBe(404)
        expect(refresh.data.code).toBe("1003")
        expect((await api.get("/admin/gateway/cardholders?status=deleted", admin)).data.count).toBe(1)
        const ops = (await audit(`target_id=${cardholder.id}`)).map((r) => `${r.operation}:${r.result}`)
        expect(ops).toEqual(
          expect.arrayContaining([
            "cardholder.query:succeeded",
            "cardholder.delete:succeeded",
            "cardholder.query:failed",
          ])
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
          const res = await call(api.post("/admin/gateway/cardholders", body, admin))
          expect([field, res.status]).toEqual([field, 400])
          expect(res.data.message).toContain(field)
        }
        expect(gateway.sandbox.stats().total).toBe(0)
      })

      it("refuses to delete a cardholder with open cards (1004) and leaves it active", async () => {
        const { group, cardholder } = await setup()
        expect((await cardsOf({ cardholder, group }, { charge_amount: "10" })).status).toBe(200)
        const res = await call(api.delete(`/admin/gateway/cardholders/${cardholder.id}`, admin))
        expect(res.status).toBe(400)
        expect(res.data.code).toBe("1004")
        expect(res.data.message).toMatch(/open cards/)
        expect((await api.get(`/admin/gateway/cardholders/${cardholder.id}`, admin)).data.cardholder.status).toBe(
          "active"
        )
      })
    })

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
        expect((await api.get(`/admin/gateway/groups/${group.id}`, admin)).data.group.balance).toBe("9963.10")
        const list = await api.get(
          `/admin/gateway/cards?cardholder_id=${cardholder.id}&group_id=${group.id}&status=active&limit=2`,
          admin
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
        expect((await api.get("/admin/gateway/cards", admin)).data.count).toBe(2)
        expect((await api.get(`/admin/gateway/groups/${group.id}`, admin)).data.group.balance).toBe("2000.00")
        expect((await audit("operation=card.create"))[0]).toMatchObject({
          result: "partial",
          details: { created: 2, failed: 1 },
        })

        // no card at all: the request fails with the gateway's reason and nothing is recorded
        const none = await cardsOf({ cardholder, group }, { charge_amount: "2000.01", pieces: 2 })
        expect(none.status).toBe(400)
        expect(none.data.message).toContain("Insufficient group balance")
        expect((await api.get("/admin/gateway/cards", admin)).data.count).toBe(2)
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
        expect((await api.get(`/admin/gateway/groups/${group.id}`, admin)).data.group.balance).toBe("9874.75")
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
        expect((await api.get(`/admin/gateway/groups/${group.id}`, admin)).data.group.balance).toBe("10000.00")

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
        expect((await api.get(`/admin/gateway/cards/${card.id}`, admin)).data.card.status).toBe("closed")
        const failed = await audit(`target_id=${card.id}&operation=card.recharge&result=failed`)
        expect(failed[0]).toMatchObject({ error_code: "1004" })
        expect(failed[0].error_message).toMatch(/closed/)
        expect((await api.get("/admin/gateway/cards?status=closed", admin)).data.count).toBe(1)
      })

      it("leaves the module unchanged when the gateway refuses a creation, and answers its code", async () => {
        const { group, cardholder } = await setup()
        // the gateway is the truth: the cardholder is gone there although the mirror still lists it
        ;(gateway.sandbox as any).store.cardholders.clear()
        const res = await cardsOf({ cardholder, group }, { charge_amount: "10.00", pieces: 2 })
        expect(res.status).toBe(404)
        expect(res.data.code).toBe("1003")
        expect(res.data.message).toMatch(/cardholder/)
        expect((await api.get("/admin/gateway/cards", admin)).data.count).toBe(0)
        expect((await api.get(`/admin/gateway/groups/${group.id}`, admin)).data.group.balance).toBe("10000.00")
        expect((await audit("operation=card.create"))[0]).toMatchObject({ result: "failed", error_code: "1003" })
      })

      it("refuses a limit change on a standard card (1004)", async () => {
        const { group, cardholder } = await setup()
        const card = (await cardsOf({ cardholder, group }, { charge_amount: "10.00" })).data.results[0].card
        const res = await call(api.post(`/admin/gateway/cards/${card.id}/limit`, { amount: "20.00" }, admin))
        expect(res.status).toBe(400)
        expect(res.data.code).toBe("1004")
        expect(res.data.message).toMatch(/not a shared card/)
        expect((await api.get(`/admin/gateway/cards/${card.id}`, admin)).data.card.amount_limit).toBe("10.00")
      })

      it("reveals the full number and CVV once, uncached and audited, and keeps them out of every table and log", async () => {
        const { group, cardholder } = await setup()
        const created = await cardsOf({ cardholder, group }, { charge_amount: "10.00", pieces: 2 })
        const card = created.data.results[0].card
        const revealed = await api.post(`/admin/gateway/cards/${card.id}/reveal`, {}, admin)
        expect(revealed.headers["cache-control"]).toContain("no-store")
        expect(revealed.data.card.number).toMatch(/^\d{16}$/)
        expect(revealed.data.card.number.endsWith(card.last4)).toBe(true)
        expect(revealed.data.card.cvv).toMatch(/^\d{3}$/)
        const [row] = await audit(`operation=card.reveal&target_id=${card.id}`)
        expect(row).toMatchObject({ result: "succeeded", actor_type: "user" })
        expect(row.actor_id).toMatch(/^user_/)
        // every other card operation too, then look everywhere for what the gateway knows
        const other = created.data.results[1].card
        await api.post(`/admin/gateway/cards/${other.id}/refresh`, {}, admin)
        await api.post(`/admin/gateway/cards/${other.id}/recharge`, { amount: "1.00" }, once())
        await api.post(`/admin/gateway/cards/${other.id}/close`, {}, admin)
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
  },
})
