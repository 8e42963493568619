import { isSharedConnectionSymbol } from "@medusajs/framework/utils"
import { paymentModuleHasOwnDatabase } from "../open-payment-pages"

/** A container holding only the app's configuration, as Medusa leaves it after boot. */
const withConfig = (payment: unknown) =>
  ({ resolve: () => ({ modules: payment === undefined ? {} : { payment } }) }) as never

describe("paymentModuleHasOwnDatabase: whether the syncs may read the payment tables on the app's connection", () => {
  it("is false for the database Medusa fills in at boot for a module without one (marked as the shared connection)", () => {
    // What `medusa start` and `medusa exec` leave in the config (modules-sdk medusa-app): a bench found the
    // syncs reading through the module's service because this looked like a database of the module's own.
    const options = {
      providers: [],
      database: { clientUrl: "postgres://localhost/store" },
      [isSharedConnectionSymbol]: true,
    }
    expect(paymentModuleHasOwnDatabase(withConfig({ resolve: "@medusajs/medusa/payment", options }))).toBe(false)
  })

  it("is false without a declaration or a database option", () => {
    expect(paymentModuleHasOwnDatabase(withConfig(undefined))).toBe(false)
    expect(paymentModuleHasOwnDatabase(withConfig(true))).toBe(false)
    expect(
      paymentModuleHasOwnDatabase(withConfig({ resolve: "@medusajs/medusa/payment", options: { providers: [] } }))
    ).toBe(false)
  })

  it("is true for a database the store declared for the module, or a module run elsewhere", () => {
    expect(
      paymentModuleHasOwnDatabase(withConfig({ options: { database: { clientUrl: "postgres://other/payments" } } }))
    ).toBe(true)
    expect(paymentModuleHasOwnDatabase(withConfig({ scope: "external", server: { url: "http://payments" } }))).toBe(
      true
    )
  })
})
