/**
 * Saved cards over Medusa's HTTP API against the sandbox: a logged-in customer saves a card with a payment
 * (`token_flag` YES), kept only once the payment is authorised; pays with it later (`token_id`, `card` empty),
 * plain and with 3-D Secure; lists and deletes it. Guests cannot save, another customer's card is a 404, an
 * expired card is refused before any request, and the token never leaves the server.
 */
import "../helpers/verbose-logs"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { SeededStore } from "../../scripts/seed-store"
import { createAdminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"
import { CARDS, card, completeIssuerPage, Shopper } from "../helpers/shopper"
import { loggedText } from "../helpers/verbose-logs"
import { seededOnce } from "../helpers/fresh-store"
import { until } from "../helpers/until"

jest.setTimeout(240 * 1000)

const gateway = useSandbox()

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const seeded = seededOnce(getContainer)
    let store: SeededStore
    let ada: Shopper
    let grace: Shopper
    let n = 0

    beforeEach(async () => {
      gateway.sandbox.reset()
      store = seeded()
      n += 1
      ada = await Shopper.register(api as any, store, `ada${n}@example.com`)
      grace = await Shopper.register(api as any, store, `grace${n}@example.com`)
    })

    const savedCards = async (who: Shopper) =>
      (await api.get("/store/gateway/saved-cards", who.headers)).data.saved_cards

    /** Pays a cart with a typed card to save and returns the saved card once the order is placed. */
    async function saveCard(who: Shopper, number = CARDS.approve) {
      const { cartId, session } = await who.cartWithSession("pp_gateway_card")
      const posted = await who.postCard(session.id, { card: card(number), save_card: true })
      expect(posted.status).toBe(200)
      if (posted.data.payment_session.status === "requires_more") {
        await completeIssuerPage(posted.data.payment_session.data.issuer_url)
      }
      expect((await who.complete(cartId)).data.type).toBe("order")
      const [saved] = await savedCards(who)
      return { saved, session: posted.data.payment_session }
    }

    it("saves the card with an approved payment: token_flag YES on the wire, only brand and last 4 come back", async () => {
      const { cartId, session } = await ada.cartWithSession("pp_gateway_card")
      const posted = await ada.postCard(session.id, { card: card(CARDS.approve), save_card: true })
      expect(posted.data.payment_session.status).toBe("authorized")
      expect(posted.data.payment_session.data.saved_card).toEqual({
        use: "save",
        id: expect.stringMatching(/^gwsc_/),
        brand: "visa",
        last4: "4242",
      })

      const [tx] = await gateway.transactions(session.id)
      expect(tx.token_id).toMatch(/^TK/)
      expect(JSON.stringify(posted.data)).not.toContain(tx.token_id)

      const cards = await savedCards(ada)
      expect(cards).toEqual([
        {
          id: posted.data.payment_session.data.saved_card.id,
          brand: "visa",
          last4: "4242",
          exp_month: "12",
          exp_year: String(new Date().getUTCFullYear() + 3),
          expired: false,
          created_at: expect.any(String),
          last_used_at: null,
        },
      ])
      expect((await ada.complete(cartId)).data.type).toBe("order")

      // Medusa's account holder for the customer is ours, and its payment methods are the saved cards.
      const container = getContainer()
      const { data: customers } = await container.resolve(ContainerRegistrationKeys.QUERY).graph({
        entity: "customer",
        fields: ["id", "account_holders.*"],
        filters: { id: ada.customer!.id },
      })
      const holder = (customers[0] as any).account_holders.find((h: any) => h.provider_id === "pp_gateway_card")
      expect(holder).toMatchObject({ external_id: ada.customer!.id, data: { customer_id: ada.customer!.id } })
      const methods = await container
        .resolve(Modules.PAYMENT)
        .listPaymentMethods({ provider_id: "pp_gateway_card", context: { account_holder: holder } } as any)
      expect(methods.map((m: any) => m.id)).toEqual([cards[0].id])
      expect(JSON.stringify(methods)).not.toContain(tx.token_id)
    })

    it("keeps nothing for a declined card, and a 3-D Secure card only once the shopper passed the issuer page", async () => {
      const declined = await ada.cartWithSession("pp_gateway_card")
      const no = await ada.postCard(declined.session.id, { card: card(CARDS.decline), save_card: true })
      expect(no.data.payment_session.status).toBe("error")
      expect(await savedCards(ada)).toEqual([])

      const { cartId, session } = await ada.cartWithSession("pp_gateway_card")
      const posted = await ada.postCard(session.id, { card: card(CARDS.threeDS), save_card: true })
      expect(posted.data.payment_session.status).toBe("requires_more")
      expect(await savedCards(ada)).toEqual([]) // tokenised, but the payment is not authorised yet
      await completeIssuerPage(posted.data.payment_session.data.issuer_url)
      expect((await ada.complete(cartId)).data.type).toBe("order")
      expect((await savedCards(ada)).map((c: any) => c.last4)).toEqual([CARDS.threeDS.slice(-4)])

      // A failed 3-D Secure keeps nothing.
      const failed = await grace.cartWithSession("pp_gateway_card")
      const again = await grace.postCard(failed.session.id, { card: card(CARDS.threeDS), save_card: true })
      await completeIssuerPage(again.data.payment_session.data.issuer_url, "fail")
      expect((await grace.complete(failed.cartId)).data.type).not.toBe("order")
      expect(await savedCards(grace)).toEqual([])
    })

    it("pays a second order with the saved card: token_id with card empty, and 3-D Secure as for a typed card", async () => {
      const { saved } = await saveCard(ada)
      const { cartId, session } = await ada.cartWithSession("pp_gateway_card")
      const paid = await ada.postCard(session.id, { saved_card_id: saved.id })
      expect(paid.status).toBe(200)
      expect(paid.data.payment_session.status).toBe("authorized")
      expect(paid.data.payment_session.data.saved_card).toEqual({
        use: "pay",
        id: saved.id,
        brand: "visa",
        last4: "4242",
      })
      const [tx] = await gateway.transactions(session.id)
      expect(tx.token_id).toMatch(/^TK/)
      expect(tx.card).toMatch(/4242$/) // the card the token stands for
      expect((await ada.complete(cartId)).data.type).toBe("order")
      // Kept just after the card post's answer is sent.
      await until("the saved card's last use kept", async () => (await savedCards(ada))[0].last_used_at)

      const threeDS = await saveCard(grace, CARDS.threeDS)
      const next = await grace.cartWithSession("pp_gateway_card")
      const challenged = await grace.postCard(next.session.id, { saved_card_id: threeDS.saved.id })
      expect(challenged.data.payment_session.status).toBe("requires_more")
      expect((await grace.complete(next.cartId)).data.type).toBe("cart")
      await completeIssuerPage(challenged.data.payment_session.data.issuer_url)
      expect((await grace.complete(next.cartId)).data.type).toBe("order")
    })

    it("refuses another customer's saved card with a 404, and a guest's save or saved-card payment with a 401", async () => {
      const { saved } = await saveCard(ada)
      const before = gateway.sandbox.stats().total

      const theirs = await grace.cartWithSession("pp_gateway_card")
      const stolen = await grace.postCard(theirs.session.id, { saved_card_id: saved.id })
      expect(stolen.status).toBe(404)
      expect(stolen.data.message).toContain(saved.id)
      expect(
        (await api.delete(`/store/gateway/saved-cards/${saved.id}`, grace.headers).catch((e: any) => e.response)).status
      ).toBe(404)
      expect(await savedCards(grace)).toEqual([])

      const guest = new Shopper(api as any, store)
      const guestCart = await guest.cartWithSession("pp_gateway_card")
      const save = await guest.postCard(guestCart.session.id, { card: card(CARDS.approve), save_card: true })
      expect(save.status).toBe(401)
      expect(save.data.message).toMatch(/save_card and saved_card_id: log in/)
      expect((await guest.postCard(guestCart.session.id, { saved_card_id: saved.id })).status).toBe(401)
      expect((await api.get("/store/gateway/saved-cards", guest.headers).catch((e: any) => e.response)).status).toBe(
        401
      )

      // Logged in, but the cart is someone else's (here a guest's): not theirs to pay with a saved card.
      const other = await ada.postCard(guestCart.session.id, { saved_card_id: saved.id })
      expect(other.status).toBe(400)
      expect(other.data.message).toMatch(/not the logged-in customer's/)
      expect(gateway.sandbox.stats().total).toBe(before)

      // Both ways in one body, or a save_card without a card, name the field.
      const both = await ada.postCard(guestCart.session.id, { card: card(CARDS.approve), saved_card_id: saved.id })
      expect(both.status).toBe(400)
      expect(both.data.message).toMatch(/card or saved_card_id: send exactly one/)
    })

    it("refuses an expired saved card before any request, and deletes a saved card (ours only)", async () => {
      const { saved } = await saveCard(ada)
      // The card's expiry passes (as time would): the token expires with its card at the gateway.
      await getContainer().resolve("gateway").updateGatewaySavedCards({ id: saved.id, exp_year: "2020" })
      expect((await savedCards(ada))[0]).toMatchObject({ id: saved.id, expired: true })

      const before = gateway.sandbox.stats().total
      const { session } = await ada.cartWithSession("pp_gateway_card")
      const refused = await ada.postCard(session.id, { saved_card_id: saved.id })
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/saved card ending 4242 expired .* pay with another card/)
      expect(gateway.sandbox.stats().total).toBe(before)

      const deleted = await api.delete(`/store/gateway/saved-cards/${saved.id}`, ada.headers)
      expect(deleted.data).toEqual({ id: saved.id, object: "saved_card", deleted: true })
      expect(await savedCards(ada)).toEqual([])
      expect((await ada.postCard(session.id, { saved_card_id: saved.id })).status).toBe(404)
    })

    it("a saved-card delete that names no customer deletes nothing (the provider's account holder without customer_id, L2-4)", async () => {
      const { saved } = await saveCard(ada)
      const paymentModule = getContainer().resolve(Modules.PAYMENT)
      const gatewayModule = getContainer().resolve("gateway")
      const ownerless = paymentModule.deletePaymentMethods({
        provider_id: "pp_gateway_card",
        id: saved.id,
        context: { account_holder: { data: {} } },
      } as never)
      await expect(ownerless).rejects.toThrow(/was not found/)
      await expect(gatewayModule.deleteSavedCard(saved.id, undefined as unknown as string)).rejects.toThrow(
        /was not found/
      )
      await expect(gatewayModule.deleteSavedCard(saved.id, grace.customer!.id)).rejects.toThrow(/was not found/)
      expect((await savedCards(ada)).map((c: { id: string }) => c.id)).toEqual([saved.id])
      // The owner's own delete still works, through the provider too.
      await paymentModule.deletePaymentMethods({
        provider_id: "pp_gateway_card",
        id: saved.id,
        context: { account_holder: { data: { customer_id: ada.customer!.id } } },
      } as never)
      expect(await savedCards(ada)).toEqual([])
    })

    it("a card grant, made with the customer's token by server code, lets the browser post and save a card without the token", async () => {
      const { cartId, session } = await ada.cartWithSession("pp_gateway_card")
      const browser = new Shopper(api as any, store) // the shopper's browser: the publishable key, no customer token
      const ask = (who: Shopper, body: Record<string, unknown>) =>
        api
          .post(`/store/gateway/payment-sessions/${session.id}/card-grant`, body, who.headers)
          .catch((e: { response: unknown }) => e.response as any)

      // Without the customer, a registered customer's cart is not paid (and nothing reaches the gateway).
      expect((await browser.postCard(session.id, { card: card(CARDS.approve) })).status).toBe(401)
      // A grant is the customer's to ask for, for their own cart only.
      expect((await ask(browser, { cart_id: cartId })).status).toBe(401)
      expect((await ask(grace, { cart_id: cartId })).status).toBe(404)
      expect((await ask(ada, { cart_id: "cart_other" })).status).toBe(404)
      const asked = await ask(ada, { cart_id: cartId })
      expect(asked.status).toBe(200)
      const { grant, expires_at } = asked.data.card_grant
      expect(new Date(expires_at).getTime() - Date.now()).toBeGreaterThan(14 * 60_000)

      // Altered, or with a saved card: refused, naming card_grant; still nothing sent.
      const altered = await browser.postCard(session.id, {
        card: card(CARDS.approve),
        card_grant: grant.slice(0, -2) + (grant.endsWith("A") ? "BB" : "AA"),
      })
      expect(altered.status).toBe(401)
      expect(altered.data.message).toMatch(/card_grant is not valid/)
      const withSaved = await browser.postCard(session.id, { saved_card_id: "gwsc_1", card_grant: grant })
      expect(withSaved.status).toBe(400)
      expect(withSaved.data.message).toMatch(/card_grant/)
      expect(await gateway.transactions(session.id)).toEqual([])

      // The grant pays this session and saves the card for ada.
      const paid = await browser.postCard(session.id, { card: card(CARDS.approve), save_card: true, card_grant: grant })
      expect(paid.status).toBe(200)
      expect(paid.data.payment_session.status).toBe("authorized")
      expect(paid.data.payment_session.data.saved_card).toMatchObject({ use: "save", last4: "4242" })
      expect(await gateway.transactions(session.id)).toHaveLength(1)
      expect((await savedCards(ada)).map((c: { last4: string }) => c.last4)).toEqual(["4242"])
      expect((await ada.complete(cartId)).data.type).toBe("order")

      // It is bound to its session: another session of the customer is not paid with it.
      const other = await ada.cartWithSession("pp_gateway_card")
      const elsewhere = await browser.postCard(other.session.id, {
        cart_id: other.cartId,
        card: card(CARDS.approve),
        card_grant: grant,
      })
      expect(elsewhere.status).toBe(401)
      expect(await gateway.transactions(other.session.id)).toEqual([])
    })

    it("never lets a token or a card number out: not in logs, session data, the store or admin API", async () => {
      const { saved } = await saveCard(ada)
      const { cartId, session } = await ada.cartWithSession("pp_gateway_card")
      await ada.postCard(session.id, { saved_card_id: saved.id })
      const order = (await ada.complete(cartId)).data.order
      const tokens = [...gateway.sandbox.store.tokens.keys()]
      expect(tokens.length).toBe(1)

      const headers = await createAdminHeaders(getContainer())
      const admin = await api.get(
        `/admin/orders/${order.id}?fields=*payment_collections.payments,*payment_collections.payment_sessions`,
        headers
      )
      const customerCards = await api.get(`/admin/gateway/customers/${ada.customer!.id}/saved-cards`, headers)
      expect(customerCards.data.saved_cards.map((c: any) => c.id)).toEqual([saved.id])
      const { data: storeCart } = await api.get(`/store/carts/${cartId}`, ada.headers).catch((e: any) => e.response)
      const rows = await getContainer()
        .resolve(Modules.PAYMENT)
        .listPaymentSessions({ id: [session.id] })
      const seen = {
        admin_order: JSON.stringify(admin.data),
        admin_saved_cards: JSON.stringify(customerCards.data),
        store_cart: JSON.stringify(storeCart),
        session_rows: JSON.stringify(rows),
        logs: await loggedText(),
      }
      for (const [where, text] of Object.entries(seen)) {
        for (const secret of [...tokens, CARDS.approve])
          expect({ where, leaks: text.includes(secret) }).toEqual({ where, leaks: false })
      }
    })
  },
})
