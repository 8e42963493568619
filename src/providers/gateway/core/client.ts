/** One acquiring client (and so one connection pool) per provider options object, shared by the services. */
import { AcquiringClient, createAcquiringClient, LineLogger as MedusaLogger, redactingLogger } from "../../../lib/gateway"
import type { GatewayProviderOptions } from "./options"

const clients = new WeakMap<object, AcquiringClient>()
let configured: GatewayProviderOptions | null = null

/**
 * Medusa validates each provider's options at boot; the plugin's own routes (outside the payment module's
 * container) use the same options through `configuredAcquiringClient`.
 */
export function rememberProviderOptions(options: GatewayProviderOptions): void {
  configured = options
}

export function configuredAcquiringClient(logger?: MedusaLogger): AcquiringClient | null {
  return configured ? acquiringClientFor(configured, logger) : null
}

export function acquiringClientFor(options: GatewayProviderOptions, logger?: MedusaLogger): AcquiringClient {
  let client = clients.get(options)
  if (!client) {
    const t = options.timeouts ?? {}
    const timeouts = {
      ...(t.connect_ms ? { connectMs: t.connect_ms } : {}),
      ...(t.headers_ms ? { headersMs: t.headers_ms } : {}),
      ...(t.body_ms ? { bodyMs: t.body_ms } : {}),
    }
    const log = redactingLogger(logger)
    client = createAcquiringClient({
      baseUrl: options.base_url,
      merchantId: options.merchant_id,
      accountId: options.account_id,
      signKey: options.sign_key,
      ...(Object.keys(timeouts).length ? { timeouts } : {}),
      ...(options.signature_overrides ? { signatureOverrides: options.signature_overrides } : {}),
      ...(options.content_types ? { contentTypes: options.content_types } : {}),
      ...(log ? { logger: log } : {}),
    })
    clients.set(options, client)
  }
  return client
}
