/** With the provider option `capture: "automatic"`, an approved card payment is captured at authorisation. */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { seedStore } from "../../scripts/seed-store"
import { createAdminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"
import { CARDS, card, Shopper } from "../helpers/shopper"

jest.setTimeout(240 * 1000)

const gateway = useSandbox({ GATEWAY_CAPTURE: "automatic" })

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    it("returns captured at cart completion and the gateway shows the payment captured", async () => {
      const shopper = new Shopper(api as any, await seedStore(getContainer()))
      const admin = await createAdminHeaders(getContainer())
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
        "authorized"
      )
      const done = await shopper.complete(cartId)
      expect(done.data.type).toBe("order")

      const [tx] = await gateway.transactions(session.id)
      expect(tx.payment_status).toBe("3000")
      expect(tx.captured_amount).toBe(tx.amount)
      const { data } = await api.get(`/admin/orders/${done.data.order.id}?fields=*payment_collections.payments`, admin)
      const payment = data.order.payment_collections[0].payments[0]
      expect(payment.captured_at).toBeTruthy()
      expect(payment.data.gateway_state).toBe("captured")
    })
  },
})
