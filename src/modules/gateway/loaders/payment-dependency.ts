/**
 * Refuses to boot a store whose payment module registers this plugin's provider without
 * `dependencies: ["gateway"]`: the provider then cannot reach this module, so saved cards and subscriptions would
 * silently go unrecorded. Medusa gives every module's loader the store's config (`configModule`), so the check
 * reads the payment module's entry there.
 */
import type { LoaderOptions } from "@medusajs/framework/types"

const PAYMENT_RESOLVES = ["@medusajs/medusa/payment", "@medusajs/payment"]
const PROVIDER = /(^|[/\\])providers[/\\]gateway([/\\](index)?(\.[jt]s)?)?$|^medusa-plugin-card-gateway([/\\]|$)/

export const PAYMENT_DEPENDENCY_MISSING =
  'The payment module registers the card gateway\'s provider but cannot reach the plugin\'s module: add `dependencies: ["gateway"]` to the "@medusajs/medusa/payment" entry of medusa-config.ts (saved cards and subscriptions are recorded there)'

type Entry = { resolve?: unknown; dependencies?: unknown; options?: { providers?: unknown } }

const resolveOf = (e: unknown) =>
  e && typeof e === "object" && typeof (e as Entry).resolve === "string" ? ((e as Entry).resolve as string) : ""

/** The payment module's entries that list this plugin's provider, from the config's modules (array or keyed object). */
function paymentEntriesWithProvider(modules: unknown): Entry[] {
  const entries: [string, unknown][] = Array.isArray(modules)
    ? modules.map((m) => ["", m])
    : Object.entries((modules as object) ?? {})
  return entries
    .filter(([key, e]) => key === "payment" || PAYMENT_RESOLVES.includes(resolveOf(e)))
    .map(([, e]) => e as Entry)
    .filter((e) => e && typeof e === "object")
    .filter((e) => {
      const providers = e.options?.providers
      return Array.isArray(providers) && providers.some((p) => PROVIDER.test(resolveOf(p)))
    })
}

/** What is wrong with the store's config, or null when the provider can reach this module (or is not registered). */
export function paymentDependencyProblem(modules: unknown): string | null {
  const missing = paymentEntriesWithProvider(modules).some(
    (e) => !(Array.isArray(e.dependencies) && e.dependencies.includes("gateway"))
  )
  return missing ? PAYMENT_DEPENDENCY_MISSING : null
}

export default async function checkPaymentDependency({ container, dataLoaderOnly }: LoaderOptions): Promise<void> {
  if (dataLoaderOnly) return
  const config = container.resolve("configModule", { allowUnregistered: true }) as { modules?: unknown } | undefined
  const problem = paymentDependencyProblem(config?.modules)
  if (problem) throw new Error(problem)
}
