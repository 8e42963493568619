/**
 * The admin calls that move money are paid once, and the card reveal is guarded (issue 27, part B; review
 * findings H3-1, M3-3, M3-2, L3-4), through Medusa's admin API against the sandbox over real sockets:
 * - payouts, card recharge and withdraw, group refund need an `Idempotency-Key`; the same request twice, a lost
 *   answer retried, two at once, each pays once — checked in the sandbox's own records (its payouts, card and
 *   group balances, its request counts), not only in Medusa's answers; another body under a used key is refused;
 * - the reveal: refused to secret API keys and to users off the allow-list, limited per user, its audit row
 *   written before the gateway is asked (no row, no reveal), the revealed values never in the audit;
 * - every POST of the admin gateway routes takes application/json only (CSRF).
 */
import { randomUUID } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders, createSecretKeyHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"
import { MINIMAL_BENEFICIARY } from "../helpers/payouts"
import { freshAdmin, type RequestHeaders } from "../helpers/fresh-store"

jest.setTimeout(300 * 1000)

// Two admin users may reveal (fixed ids, created by the tests), three times an hour each.
const REVEALERS = ["user_revealer_a", "user_revealer_b"]
const gateway = useSandbox({ GATEWAY_REVEAL_PER_USER: "3", GATEWAY_REVEAL_USER_IDS: REVEALERS.join(",") })

const call = (p: Promise<any>) => p.catch((e: any) => e.response)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let admin: RequestHeaders

    beforeEach(async () => {
      admin = await freshAdmin(gateway, getContainer(), "revealer-a@gateway.test", REVEALERS[0])
    })

    const sb = () => (gateway.sandbox as any).store
    const requests = (path: string) => gateway.sandbox.stats().byPath[path] ?? 0
    const withKey = (key: string, as = admin) => ({ headers: { ...as.headers, "Idempotency-Key": key } })
    const audit = async (query: string) => (await api.get(`/admin/gateway/audit?${query}`, admin)).data.audit as any[]

    /** The sandbox's group 7001 (USD 10000.00) tracked, and a cardholder. */
    async function trackedCardholder() {
      const group = (await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, admin)).data.group
      const cardholder = (
        await api.post(
          "/admin/gateway/cardholders",
          { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
          admin
        )
      ).data.cardholder
      return { group, cardholder }
    }

    /** `trackedCardholder()`, and a card of theirs charged `amount`. */
    async function trackedCard(amount: string) {
      const { group, cardholder } = await trackedCardholder()
      const created = await api.post(
        "/admin/gateway/cards",
        { cardholder_id: cardholder.id, group_id: group.id, charge_amount: amount },
        withKey(randomUUID())
      )
      return { group, card: created.data.results[0].card }
    }

    describe("payouts", () => {
      const payout = (key: string | null, body: Record<string, unknown> = {}) =>
        call(
          api.post(
            "/admin/gateway/payouts",
            { payment_amount: "10.00", payment_currency: "USD", beneficiary: MINIMAL_BENEFICIARY, ...body },
            key ? withKey(key) : admin
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
        expect((await api.get("/admin/gateway/payouts", admin)).data.count).toBe(0)
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
        expect((await api.get("/admin/gateway/payouts", admin)).data.count).toBe(1)
        // the key in the body (the gateway's name for it) is the same payout
        const byBody = await call(
          api.post(
            "/admin/gateway/payouts",
            { payment_amount: "10.00", payment_currency: "USD", beneficiary: MINIMAL_BENEFICIARY, request_id: key },
            admin
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
        const refreshed = await api.post(`/admin/gateway/payouts/${first.data.payout.id}/refresh`, {}, admin)
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
        call(api.post(path, body, key ? withKey(key) : admin))

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
        call(api.post("/admin/gateway/cards", body, key ? withKey(key) : admin))
      const createGroup = (body: object, key: string | null) =>
        call(api.post("/admin/gateway/groups", body, key ? withKey(key) : admin))

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
        expect((await api.get("/admin/gateway/groups?currency=EUR", admin)).data.count).toBe(1)
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

    describe("card reveal", () => {
      async function card() {
        const { card: c } = await trackedCard("10.00")
        const secret = [...sb().cards.values()].find((x: any) => String(x.cardId) === c.gateway_card_id)
        return { ...c, number: secret.cardNumber as string, cvv: secret.cvv as string }
      }
      const reveal = (id: string, as = admin) => call(api.post(`/admin/gateway/cards/${id}/reveal`, {}, as))

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
        const group = (await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, admin)).data.group
        const before = gateway.sandbox.stats().total
        const base = (api as any).defaults.baseURL as string
        const post = (path: string, body: string, type?: string) =>
          fetch(`${base}${path}`, {
            method: "POST",
            body,
            headers: { ...admin.headers, ...(type ? { "content-type": type } : {}), "Idempotency-Key": randomUUID() },
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
        expect((await api.get(`/admin/gateway/groups/${group.id}`, admin)).data.group).toMatchObject({
          status: "active",
          balance: "10000.00",
        })
        // the same call as JSON (what the admin's SDK sends, with or without a body) is served
        const json = await post(`/admin/gateway/groups/${group.id}/refresh`, "", "application/json; charset=utf-8")
        expect(json.status).toBe(200)
      })
    })
  },
})
