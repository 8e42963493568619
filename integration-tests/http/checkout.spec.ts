/**
 * Checkout through Medusa's store API with each of the gateway's providers, against the sandbox over a real
 * socket: card (approved, declined, 3-D Secure, held for review), hosted page and APM.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { SeededStore } from "../../scripts/seed-store"
import { SHOPPER_DECLINES } from "../../src/domain/shopper-decline"
import { createAdminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"
import { CARDS, card, completeIssuerPage, payOnHostedPage, Shopper } from "../helpers/shopper"
import { seededOnce, freshShop } from "../helpers/fresh-store"

jest.setTimeout(240 * 1000)

const gateway = useSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const seeded = seededOnce(getContainer)
    let store: SeededStore, shopper: Shopper

    beforeEach(async () => ({ store, shopper } = freshShop(gateway, seeded(), api)))

    /** Completing the cart makes no order and leaves it open: the answer, and the cart as the shopper reads it. */
    const completeRefused = async (cartId: string) => {
      const done = await shopper.complete(cartId)
      expect(done.data.type).not.toBe("order")
      const { data } = await api.get(
        `/store/carts/${cartId}?fields=*payment_collection.payment_sessions`,
        shopper.headers
      )
      expect(data.cart.completed_at).toBeFalsy()
      return { done, data }
    }

    describe("direct card payment (pp_gateway_card)", () => {
      it("authorises the card posted to the plugin's route and completes the cart into an order", async () => {
        const { cartId, cart, session } = await shopper.cartWithSession("pp_gateway_card")
        expect(session.status).toBe("pending")
        expect(session.data).toMatchObject({ order_no: session.id, method: "card", currency: "USD" })

        const posted = await shopper.postCard(session.id, { card: card(CARDS.approve) })
        expect(posted.status).toBe(200)
        expect(posted.data.payment_session.status).toBe("authorized")
        expect(posted.data.payment_session.data.card_mask).toMatch(/4242$/)
        expect(JSON.stringify(posted.data)).not.toContain(CARDS.approve)

        const done = await shopper.complete(cartId)
        expect(done.status).toBe(200)
        expect(done.data.type).toBe("order")

        const [tx] = await gateway.transactions(session.id)
        expect(tx.payment_status).toBe("2000")
        // 2 x 10.36 + 5.00 shipping, plus 10% US tax on both = 28.292, sent to the cent
        expect(Number(cart.total)).toBeCloseTo(28.292, 6)
        expect(tx.amount).toBe("28.29")

        const payment = done.data.order.payment_collections?.[0]?.payments?.[0]
        if (payment) expect(payment.provider_id).toBe("pp_gateway_card")
      })

      it("keeps a declined card's session in error with a shopper's category (the gateway's reason for staff only) and creates no order", async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        const posted = await shopper.postCard(session.id, { card: card(CARDS.decline) })
        expect(posted.status).toBe(200)
        expect(posted.data.payment_session.status).toBe("error")
        expect(posted.data.payment_session.data.decline).toEqual({
          code: "declined",
          message: SHOPPER_DECLINES.declined,
        })

        const { done, data } = await completeRefused(cartId)
        // What the shopper can read (the card route's answer, cart completion, the cart) never has the gateway's reason...
        for (const seen of [posted.data, done.data, data]) {
          expect(JSON.stringify(seen)).not.toMatch(/D0002|Card declined/)
        }
        // ...which staff see, from the plugin's module
        const admin = await createAdminHeaders(getContainer())
        const details = await api.get(`/admin/gateway/payment-sessions/${session.id}`, admin)
        expect(details.data.gateway_payment).toMatchObject({ decline_code: "D0002", decline_message: "Card declined" })

        // The shopper tries again with another card on the same session.
        const again = await shopper.postCard(session.id, { card: card(CARDS.approve) })
        expect(again.data.payment_session.status).toBe("authorized")
        expect((await shopper.complete(cartId)).data.type).toBe("order")
      })

      it("asks for 3-D Secure, then completes once the shopper passed the issuer page", async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        const posted = await shopper.postCard(session.id, {
          card: card(CARDS.threeDS),
          browser: { user_agent: "Mozilla/5.0", browser_lang: "en-US" },
        })
        expect(posted.data.payment_session.status).toBe("requires_more")
        const issuerUrl = posted.data.payment_session.data.issuer_url
        expect(issuerUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/sandbox\/issuer\//)

        const before = await shopper.complete(cartId)
        expect(before.data.type).toBe("cart")
        expect(before.data.error?.type ?? before.data.error?.name ?? JSON.stringify(before.data.error)).toMatch(
          /payment_requires_more_error|requires_more|More information/i
        )

        const back = await completeIssuerPage(issuerUrl)
        expect(back).toContain("order_status=1")
        const queries = () => gateway.sandbox.stats().byPath["/v1/retrievalTrans"] ?? 0
        const readBefore = queries()
        const after = await shopper.complete(cartId)
        expect(after.data.type).toBe("order")
        // One gateway read for the completion: the complete-cart check's answer is handed on to the authorisation.
        expect(queries() - readBefore).toBe(1)
        const [tx] = await gateway.transactions(session.id)
        expect(tx.payment_status).toBe("2000")
        expect(tx.is3ds).toBe("1")
      })

      it("answers 'not finished yet' while the gateway cannot be asked after 3-D Secure, never a decline, then the order", async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
        await completeIssuerPage(posted.data.payment_session.data.issuer_url)
        // The shopper paid, and comes back while the gateway's order query is down.
        gateway.sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "error5xx" }])
        try {
          for (let i = 0; i < 2; i++) {
            const waiting = await shopper.complete(cartId)
            expect(waiting.status).toBe(200)
            expect(waiting.data).toMatchObject({ type: "cart", error: { type: "payment_requires_more_error" } })
          }
          const { data } = await api.get(
            `/store/carts/${cartId}?fields=*payment_collection.payment_sessions`,
            shopper.headers
          )
          const mine = data.cart.payment_collection.payment_sessions.find((s: any) => s.id === session.id)
          expect(mine.status).toBe("requires_more")
          expect(mine.data.decline ?? null).toBeNull()
        } finally {
          gateway.sandbox.clearFaults()
        }
        expect((await shopper.complete(cartId)).data.type).toBe("order")
        const [tx] = await gateway.transactions(session.id)
        expect(tx.payment_status).toBe("2000") // authorised once, never paid twice
      })

      it("fails the session when 3-D Secure fails", async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
        await completeIssuerPage(posted.data.payment_session.data.issuer_url, "fail")
        await completeRefused(cartId)
      })

      it("creates the order with the payment pending authorisation when the gateway holds it for review", async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        const posted = await shopper.postCard(session.id, { card: card(CARDS.review) })
        expect(posted.data.payment_session.status).toBe("pending_authorization")
        const done = await shopper.complete(cartId)
        expect(done.data.type).toBe("order")
        const [tx] = await gateway.transactions(session.id)
        expect(tx.payment_status).toBe("1100")
        // What the confirmation page reads (the kit's ORDER_PAYMENT_FIELDS, over the DTC starter's own fields, and
        // orderPaymentNotice): no payment recorded yet, the gateway session held; the page's fields still answered.
        const fields = "*payment_collections.payments,*items,*payment_collections.payment_sessions"
        const { data } = await api.get(
          `/store/orders/${done.data.order.id}?fields=${encodeURIComponent(fields)}`,
          shopper.headers
        )
        expect(data.order.items.length).toBeGreaterThan(0)
        expect(data.order.email).toBeTruthy()
        const [collection] = data.order.payment_collections
        expect(collection.payments).toEqual([])
        expect(collection.payment_sessions).toEqual([
          expect.objectContaining({ status: "pending_authorization", provider_id: "pp_gateway_card" }),
        ])
      })

      it("refuses bad card input naming the field, without echoing the number, and sends nothing", async () => {
        const { session } = await shopper.cartWithSession("pp_gateway_card")
        const before = gateway.sandbox.stats().total
        const bad = await shopper.postCard(session.id, { card: { ...card("4242424242424241"), cvv: "12" } })
        expect(bad.status).toBe(400)
        expect(bad.data.message).toMatch(/cvv/)
        expect(JSON.stringify(bad.data)).not.toContain("4242424242424241")

        const luhn = await shopper.postCard(session.id, { card: card("4242424242424241") })
        expect(luhn.status).toBe(400)
        expect(luhn.data.message).toMatch(/card.*Luhn|Luhn/i)
        expect(JSON.stringify(luhn.data)).not.toContain("4242424242424241")

        const expired = await shopper.postCard(session.id, { card: { ...card(CARDS.approve), exp_year: "2001" } })
        expect(expired.status).toBe(400)
        expect(expired.data.message).toMatch(/exp_year/)
        expect(gateway.sandbox.stats().total).toBe(before)
      })

      it("refuses card data inside a session's data", async () => {
        const { paymentCollectionId } = await shopper.cartWithSession("pp_gateway_card")
        const res = await api
          .post(
            `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
            { provider_id: "pp_gateway_card", data: { card_number: CARDS.approve } },
            shopper.headers
          )
          .catch((e: any) => e.response)
        expect(res.status).toBeGreaterThanOrEqual(400)
        expect(JSON.stringify(res.data)).toMatch(/card_number/)
        expect(JSON.stringify(res.data)).not.toContain(CARDS.approve)
      })

      it("refuses the card route's own keys in a new session's data, naming the key; nothing is stored or authorised", async () => {
        const { paymentCollectionId } = await shopper.cartWithSession("pp_gateway_card")
        const authorised = () => gateway.sandbox.stats().byPath["/v1/authorise"] ?? 0
        const before = authorised()
        const planted = {
          card_submission: { ...card(CARDS.approve), save_for: "cus_someone" },
          order_context: { email: "eve@example.com" },
          save_for: "cus_someone",
        }
        for (const [key, value] of Object.entries(planted)) {
          const res = await api
            .post(
              `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
              { provider_id: "pp_gateway_card", data: { [key]: value } },
              shopper.headers
            )
            .catch((e: any) => e.response)
          expect(res.status).toBe(400)
          expect(res.data.message).toContain(`"${key}"`)
          expect(JSON.stringify(res.data)).not.toContain(CARDS.approve)
        }
        const { rows } = await dbConnection.raw(
          "select count(*)::int as n from payment_session where data::text like '%card_submission%' or data::text like '%save_for%' or data::text like '%order_context%'"
        )
        expect(rows[0].n).toBe(0)
        expect(authorised()).toBe(before)
      })

      it("a session the plugin updates from the gateway's state keeps only the provider's keys: a card someone put in its data is never authorised", async () => {
        const { session } = await shopper.cartWithSession("pp_gateway_card")
        const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
        expect(posted.data.payment_session.status).toBe("requires_more")
        // What an earlier version kept from a storefront's data at creation, next to the provider's keys.
        await dbConnection.raw("update payment_session set data = data || ?::jsonb where id = ?", [
          JSON.stringify({ card_submission: card(CARDS.approve), order_context: { email: "eve@example.com" } }),
          session.id,
        ])
        const before = gateway.sandbox.stats().byPath["/v1/authorise"] ?? 0
        await completeIssuerPage(posted.data.payment_session.data.issuer_url, "fail")
        // The order sync reads the failed 3-D Secure and fails the session through Medusa's update.
        const admin = await createAdminHeaders(getContainer())
        const run = await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
        expect(run.data.summary).toMatchObject({ status: "succeeded", changed: 1 })
        // (Medusa merges a session's stored data with each update, so the planted keys stay stored: what matters is
        // that the plugin never hands them to the provider again.)
        const { rows } = await dbConnection.raw("select status from payment_session where id = ?", [session.id])
        expect(rows[0].status).toBe("error")
        expect(gateway.sandbox.stats().byPath["/v1/authorise"] ?? 0).toBe(before)
        const transactions = await gateway.transactions(session.id)
        expect(transactions).toHaveLength(1)
        expect(transactions[0].card).not.toContain(CARDS.approve.slice(-4))
      })
    })

    describe("hosted page (pp_gateway_hosted)", () => {
      it("returns the gateway's page for the storefront and completes once the shopper paid there", async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_hosted")
        expect(session.data.hosted.action).toBe(`${gateway.sandbox.url}/v1/checkout`)
        expect(session.data.hosted.inputs.gbc_id).toBeTruthy()
        // The form only: the page's HTML is never stored nor served with the cart (the kit posts the form).
        expect(Object.keys(session.data.hosted).sort()).toEqual(["action", "inputs"])
        const { data: stored } = await api.get(
          `/store/carts/${cartId}?fields=*payment_collection.payment_sessions`,
          shopper.headers
        )
        expect(JSON.stringify(stored)).not.toMatch(/<form|<script/)

        const before = await shopper.complete(cartId)
        expect(before.data.type).toBe("cart")

        const paid = await payOnHostedPage(session.data.hosted, CARDS.approve)
        expect(paid.status).toBe(303)
        const done = await shopper.complete(cartId)
        expect(done.data.type).toBe("order")
        const [tx] = await gateway.transactions(session.id)
        expect(tx.payment_status).toBe("2000")
      })
    })

    describe("alternative payment method (pp_gateway_apm)", () => {
      it("sends the shopper to the APM and completes after they approved it", async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_apm", {
          data: { payment_method: "alipay" },
        })
        expect(session.status).toBe("requires_more")
        expect(session.data.issuer_url).toBeTruthy()
        expect((await shopper.complete(cartId)).data.type).toBe("cart")
        await completeIssuerPage(session.data.issuer_url)
        expect((await shopper.complete(cartId)).data.type).toBe("order")
      })

      it("requires a payment method", async () => {
        const { paymentCollectionId } = await shopper.cartWithSession("pp_gateway_card")
        const res = await api
          .post(
            `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
            { provider_id: "pp_gateway_apm" },
            shopper.headers
          )
          .catch((e: any) => e.response)
        expect(res.status).toBe(400)
        expect(res.data.message).toMatch(/payment_method/)
      })
    })
  },
})
