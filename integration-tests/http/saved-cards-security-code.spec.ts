/**
 * Saved cards in a store whose gateway wants the security code with a token (provider option
 * `saved_cards.require_security_code`): a saved-card payment without it is refused before any request, naming
 * the field; with it, the payment goes through.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { seedStore } from "../../scripts/seed-store"
import { useSandbox } from "../helpers/sandbox"
import { CARDS, card, Shopper } from "../helpers/shopper"

jest.setTimeout(240 * 1000)

const gateway = useSandbox({ GATEWAY_SAVED_CARDS_REQUIRE_SECURITY_CODE: "true" })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it("asks for the security code with a saved card when the store's option says so", async () => {
      const store = await seedStore(getContainer())
      const ada = await Shopper.register(api as any, store, "ada-cvv@example.com")
      const first = await ada.cartWithSession("pp_gateway_card")
      expect(
        (await ada.postCard(first.session.id, { card: card(CARDS.approve), save_card: true })).data.payment_session
          .status
      ).toBe("authorized")
      const [saved] = (await api.get("/store/gateway/saved-cards", ada.headers)).data.saved_cards

      const { session } = await ada.cartWithSession("pp_gateway_card")
      const before = gateway.sandbox.stats().total
      const missing = await ada.postCard(session.id, { saved_card_id: saved.id })
      expect(missing.status).toBe(400)
      expect(missing.data.message).toBe("security_code: required to pay with a saved card")
      expect(gateway.sandbox.stats().total).toBe(before)

      const paid = await ada.postCard(session.id, { saved_card_id: saved.id, security_code: "123" })
      expect(paid.data.payment_session.status).toBe("authorized")
      expect(paid.data.payment_session.data.saved_card).toMatchObject({ use: "pay", id: saved.id })
    })
  },
})
