/**
 * The plugin's payment providers and their ids. Medusa lists a provider as `pp_<identifier>`; the services'
 * identifiers are `gateway_<method>`, so the ids are pp_gateway_card, pp_gateway_hosted and pp_gateway_apm.
 * Pure (no server import): the admin uses it too.
 */

/** How a session pays: the card posted to the plugin's route, the gateway's hosted page, or an APM redirect. */
export type GatewayMethod = "card" | "hosted" | "apm"

export const GATEWAY_METHODS: readonly GatewayMethod[] = ["card", "hosted", "apm"]

/** The service identifier of a method (`static identifier` of its provider service). */
export const gatewayIdentifier = (method: GatewayMethod) => `gateway_${method}` as const

/** The Medusa provider id of a method. */
export const gatewayProviderId = (method: GatewayMethod) => `pp_${gatewayIdentifier(method)}` as const

export const GATEWAY_PROVIDER_IDS: readonly string[] = GATEWAY_METHODS.map(gatewayProviderId)

export const isGatewayProvider = (providerId: string | null | undefined): boolean =>
  GATEWAY_PROVIDER_IDS.includes(providerId ?? "")

/** The method of one of our provider ids, or null for any other provider. */
export const methodOfProvider = (providerId: string | null | undefined): GatewayMethod | null =>
  GATEWAY_METHODS.find((m) => gatewayProviderId(m) === providerId) ?? null
