import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAdminHeaders } from "../helpers/admin"

jest.setTimeout(240 * 1000)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    describe("the store boots with the gateway's payment providers", () => {
      it("lists pp_gateway_card, pp_gateway_hosted and pp_gateway_apm beside Medusa's default provider", async () => {
        const auth = await createAdminHeaders(getContainer())
        const res = await api.get("/admin/payments/payment-providers?limit=50", auth)
        expect(res.status).toBe(200)
        const ids = res.data.payment_providers.map((p: { id: string }) => p.id).sort()
        expect(ids).toEqual(["pp_gateway_apm", "pp_gateway_card", "pp_gateway_hosted", "pp_system_default"])
      })

      it("refuses the provider list without an admin session", async () => {
        const res = await api.get("/admin/payments/payment-providers").catch((e: any) => e.response)
        expect(res.status).toBe(401)
      })
    })
  },
})
