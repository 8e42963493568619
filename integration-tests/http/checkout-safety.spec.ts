/**
 * The checkout's money and secrecy promises, against the sandbox over a real socket: the amount sent is
 * Medusa's amount in every currency exponent, card data never reaches a table or a log, a lost answer is
 * confirmed instead of guessed, an authorisation never serves a changed cart, and the payment-method ranking
 * fails soft.
 */
import { loggedText } from "../helpers/verbose-logs"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import fc from "fast-check"
import { toGatewayAmount } from "../../src/lib/gateway"
import { SeededStore } from "../../scripts/seed-store"
import type { FaultKind } from "../../sandbox"
import { useSandbox } from "../helpers/sandbox"
import { CARDS, card, Shopper } from "../helpers/shopper"
import { seededOnce, freshShop } from "../helpers/fresh-store"

jest.setTimeout(600 * 1000)

const gateway = useSandbox()

/** A CVV no seeded value contains, so finding it anywhere means it leaked. */
const SECRET_CVV = "8371"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const seeded = seededOnce(getContainer)
    let store: SeededStore, shopper: Shopper

    beforeEach(async () => ({ store, shopper } = freshShop(gateway, seeded(), api)))

    it("sends exactly Medusa's amount for random carts in USD, JPY (0 decimals) and KWD (3 decimals)", async () => {
      const currencies = ["usd", "jpy", "kwd"] as const
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...currencies),
          fc.integer({ min: 1, max: 9 }),
          fc.integer({ min: 0, max: 5 }),
          async (currency, shirts, mugs) => {
            const items = [{ variant_id: store.variants.tshirt, quantity: shirts }]
            if (mugs) items.push({ variant_id: store.variants.mug, quantity: mugs })
            const { cart, session } = await shopper.cartWithSession("pp_gateway_card", { currency, items })
            const posted = await shopper.postCard(session.id, { card: card(CARDS.approve) })
            expect(posted.data.payment_session.status).toBe("authorized")
            const [tx] = await gateway.transactions(session.id)
            const code = currency.toUpperCase()
            expect(tx.currency).toBe(code)
            expect(tx.amount).toBe(toGatewayAmount(String(session.amount), code, { rounding: "half-even" }))
            expect(tx.amount).toBe(toGatewayAmount(String(cart.total), code, { rounding: "half-even" }))
          }
        ),
        { numRuns: 9, seed: 20261122 }
      )
    })

    it("keeps the card number and CVV out of every table and every log line", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      const posted = await shopper.postCard(session.id, { card: { ...card(CARDS.approve), cvv: SECRET_CVV } })
      expect(posted.data.payment_session.status).toBe("authorized")
      expect((await shopper.complete(cartId)).data.type).toBe("order")
      // A declined and an invalid attempt on another cart log their errors too.
      const other = await shopper.cartWithSession("pp_gateway_card")
      await shopper.postCard(other.session.id, { card: { ...card(CARDS.decline), cvv: SECRET_CVV } })
      await shopper.postCard(other.session.id, { card: { ...card("4242424242424241"), cvv: SECRET_CVV } })

      const tables: { table_name: string }[] = (
        await dbConnection.raw(
          "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'"
        )
      ).rows
      expect(tables.length).toBeGreaterThan(50)
      let rows = 0
      for (const { table_name } of tables) {
        const dump: { row: string }[] = (await dbConnection.raw(`select t::text as row from "${table_name}" t`)).rows
        rows += dump.length
        for (const { row } of dump) {
          expect(row).not.toContain(CARDS.approve)
          expect(row).not.toContain(CARDS.decline)
          expect(row).not.toContain("4242424242424241")
          expect(row).not.toMatch(new RegExp(`"${SECRET_CVV}"|cvv|card_submission`))
        }
      }
      expect(rows).toBeGreaterThan(100)
      // The session's data has what a storefront may see, and nothing else of the card.
      const {
        rows: [stored],
      } = await dbConnection.raw("select data from payment_session where id = ?", [session.id])
      expect(stored.data.card_mask).toMatch(/4242$/)

      const logs = await loggedText()
      expect(logs).toContain(session.id) // the plugin did log this payment...
      expect(logs).not.toContain(CARDS.approve) // ...but never the card
      expect(logs).not.toContain(CARDS.decline)
      expect(logs).not.toContain("4242424242424241")
      // The code as a value of its own: four digits turn up by chance inside ids.
      expect(logs).not.toMatch(new RegExp(`(?<![\\w.:+-])${SECRET_CVV}(?![\\w.:+-])`))
      expect(logs).not.toContain("sandbox_sign_key")
    })

    /** A card posted to a new cart's session, the gateway's first authorise answer hit by `fault`. */
    const postCardUnder = async (fault: FaultKind, cardNumber: string) => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      gateway.sandbox.setFaults([{ path: "/v1/authorise", fault, times: 1 }])
      return { cartId, session, posted: await shopper.postCard(session.id, { card: card(cardNumber) }) }
    }

    it("records a card payment whose answer was lost as pending, then completes it from the order query", async () => {
      const { cartId, session, posted } = await postCardUnder("drop", CARDS.approve)
      expect(posted.status).toBe(200)
      expect(posted.data.payment_session.status).toBe("pending")
      expect(posted.data.payment_session.data.outcome_unknown).toBe(true)
      // The gateway did approve it: completing the cart confirms that instead of charging again.
      const done = await shopper.complete(cartId)
      expect(done.data.type).toBe("order")
      const txs = await gateway.transactions(session.id)
      expect(txs).toHaveLength(1)
      expect(txs[0].payment_status).toBe("2000")
    })

    it("a second card post while the first one's outcome is unknown does not charge twice", async () => {
      const { session } = await postCardUnder("drop", CARDS.approve)
      const again = await shopper.postCard(session.id, { card: card(CARDS.approve) })
      expect(again.data.payment_session.status).toBe("authorized")
      expect(await gateway.transactions(session.id)).toHaveLength(1)
    })

    it("ranks payment methods through the optimise endpoint, and falls back to the storefront's order when the gateway fails", async () => {
      const { cartId } = await shopper.cartWithSession("pp_gateway_apm", { data: { payment_method: "alipay" } })
      const ranked = await api.get(`/store/gateway/payment-methods?cart_id=${cartId}`, shopper.headers)
      expect(ranked.data.source).toBe("gateway")
      expect(ranked.data.payment_methods.length).toBeGreaterThan(1)
      const ranks = ranked.data.payment_methods.map((m: any) => m.rank)
      expect(ranks).toEqual([...ranks].sort((a: number, b: number) => a - b))

      // Anyone with the cart id can ask: the same cart and amount is answered from the first ranking for a few
      // seconds, and requests at the same moment share one (L2-6).
      const optimises = () => gateway.sandbox.stats().byPath["/v1/optimise"] ?? 0
      const before = optimises()
      const again = await Promise.all(
        [1, 2, 3].map(() => api.get(`/store/gateway/payment-methods?cart_id=${cartId}`, shopper.headers))
      )
      for (const r of again) expect(r.data).toEqual(ranked.data)
      expect(optimises()).toBe(before)

      gateway.sandbox.setFaults([{ path: "/v1/optimise", fault: "error5xx" }])
      const other = await shopper.cartWithSession("pp_gateway_apm", { data: { payment_method: "alipay" } })
      const soft = await api.get(`/store/gateway/payment-methods?cart_id=${other.cartId}`, shopper.headers)
      expect(soft.status).toBe(200)
      expect(soft.data).toEqual({ payment_methods: [], source: "default" })
      // a failure is not kept: once the gateway answers again, so does the route
      gateway.sandbox.clearFaults()
      expect(
        (await api.get(`/store/gateway/payment-methods?cart_id=${other.cartId}`, shopper.headers)).data.source
      ).toBe("gateway")

      const missing = await api.get(`/store/gateway/payment-methods`, shopper.headers).catch((e: any) => e.response)
      expect(missing.status).toBe(400)
      expect(missing.data.message).toMatch(/cart_id/)
    })

    // M5-1: where the gateway sends the shopper is unsigned; an answer tampered to send them to another host
    // (the sandbox's fault foreign_redirect: https://redirect.invalid/...) is refused before anything is stored.
    describe("a redirect to a host the store does not allow", () => {
      const FOREIGN = "redirect.invalid"
      const storedData = async (sessionId: string): Promise<string> =>
        (await dbConnection.raw("select data::text as data from payment_session where id = ?", [sessionId])).rows[0]
          .data
      /** The store's log, its JSON lines' quotes unescaped. */
      const logged = async () => (await loggedText()).replace(/\\"/g, '"')
      /** Why the payment failed as staff see it (the order widget): redirect_refused, never told the shopper. */
      const staffDecline = async (sessionId: string) =>
        (await dbConnection.raw("select decline_code from gateway_payment where order_no = ?", [sessionId])).rows[0]
          ?.decline_code

      it("3-D Secure: the session is an error, the issuer_url is neither stored nor served, and the log says why", async () => {
        const { cartId, session, posted } = await postCardUnder("foreign_redirect", CARDS.threeDS)
        expect(posted.status).toBe(200)
        expect(posted.data.payment_session.status).toBe("error")
        expect(posted.data.payment_session.data).toMatchObject({
          gateway_state: "failed",
          issuer_url: null,
          redirect: null,
        })
        expect(posted.data.payment_session.data.decline).toEqual({
          code: "declined",
          message: "The card was declined. Use another card or payment method.",
        })
        expect(await staffDecline(session.id)).toBe("redirect_refused")
        expect(JSON.stringify(posted.data)).not.toContain(FOREIGN)
        expect(await storedData(session.id)).not.toContain(FOREIGN)
        expect(await logged()).toMatch(
          new RegExp(
            `Gateway payment ${session.id}: issuer_url host "${FOREIGN}" is not base_url's host or in the option redirect_hosts`
          )
        )
        // The gateway waits for a 3-D Secure the shopper was never sent to: nothing is authorised or taken.
        const txs = await gateway.transactions(session.id)
        expect(txs.map((t: any) => t.payment_status)).toEqual(["1000"])
        expect((await shopper.complete(cartId)).data.type).not.toBe("order")
        expect((await gateway.transactions(session.id)).map((t: any) => t.payment_status)).toEqual(["1000"])
      })

      it("APM: the session is created in error, without an issuer_url", async () => {
        gateway.sandbox.setFaults([{ path: "/v1/authorise", fault: "foreign_redirect", times: 1 }])
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_apm", {
          data: { payment_method: "alipay" },
        })
        expect(session.status).toBe("error")
        expect(session.data).toMatchObject({
          gateway_state: "failed",
          issuer_url: null,
          redirect: null,
          decline: { code: "declined" },
        })
        expect(await storedData(session.id)).not.toContain(FOREIGN)
        expect(await staffDecline(session.id)).toBe("redirect_refused")
        expect((await gateway.transactions(session.id)).map((t: any) => t.payment_status)).toEqual(["1000"])
        expect((await shopper.complete(cartId)).data.type).not.toBe("order")
      })

      it("hosted page: a form posting to another host is not stored; the session is an error", async () => {
        gateway.sandbox.setFaults([{ path: "/v1/checkout", fault: "foreign_redirect", times: 1 }])
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_hosted")
        expect(session.status).toBe("error")
        expect(session.data).toMatchObject({ gateway_state: "failed", hosted: null, decline: { code: "declined" } })
        expect(await storedData(session.id)).not.toContain(FOREIGN)
        expect(await staffDecline(session.id)).toBe("redirect_refused")
        expect(await logged()).toMatch(
          new RegExp(`Gateway payment ${session.id}: form.action host "${FOREIGN}" is not base_url's host`)
        )
        expect(await gateway.transactions(session.id)).toEqual([])
        expect((await shopper.complete(cartId)).data.type).not.toBe("order")
      })
    })
  },
})
