/**
 * The boot check: a store whose payment module lists the plugin's provider without `dependencies: ["gateway"]`
 * is refused at boot with what to add (issue: "never a silent skip"), read from Medusa's own normalised config.
 */
import { defineConfig } from "@medusajs/framework/utils"
import checkPaymentDependency, {
  PAYMENT_DEPENDENCY_MISSING,
  paymentDependencyProblem,
} from "../loaders/payment-dependency"

const config = (payment: Record<string, unknown> | null, provider = "medusa-plugin-card-gateway/providers/gateway") =>
  defineConfig({
    projectConfig: { http: {} as any },
    modules: [
      { resolve: "./src/modules/gateway" },
      ...(payment
        ? [
            {
              resolve: "@medusajs/medusa/payment",
              ...payment,
              options: { providers: [{ resolve: provider, id: "gateway", options: {} }] },
            },
          ]
        : []),
    ],
  })

const containerWith = (configModule: unknown) =>
  ({ resolve: (key: string) => (key === "configModule" ? configModule : undefined) }) as any

describe("payment module dependency check", () => {
  it("names what to add when the payment module lists the provider without the dependency", () => {
    expect(paymentDependencyProblem(config({}).modules)).toBe(PAYMENT_DEPENDENCY_MISSING)
    expect(paymentDependencyProblem(config({ dependencies: ["other"] }).modules)).toContain('dependencies: ["gateway"]')
    // The repository's own test store names the provider by path.
    expect(paymentDependencyProblem(config({}, "./src/providers/gateway").modules)).toBe(PAYMENT_DEPENDENCY_MISSING)
  })

  it("passes a store that has the dependency, or does not use the provider", () => {
    expect(paymentDependencyProblem(config({ dependencies: ["gateway"] }).modules)).toBeNull()
    expect(paymentDependencyProblem(config(null).modules)).toBeNull()
    expect(paymentDependencyProblem(config({}, "@medusajs/medusa/payment-stripe").modules)).toBeNull()
  })

  it("the module's loader throws at boot, and leaves migrations alone", async () => {
    await expect(checkPaymentDependency({ container: containerWith(config({})) })).rejects.toThrow(
      PAYMENT_DEPENDENCY_MISSING
    )
    await expect(
      checkPaymentDependency({ container: containerWith(config({})), dataLoaderOnly: true })
    ).resolves.toBeUndefined()
    await expect(
      checkPaymentDependency({ container: containerWith(config({ dependencies: ["gateway"] })) })
    ).resolves.toBeUndefined()
  })
})
