/**
 * The module's gateway clients: the acquiring client of the `payments` option, the issuing and payout clients.
 * Each is created once from the module's options (one connection pool each) and closed when Medusa shuts down;
 * one whose options are missing is null, and asking for it refuses with what to configure.
 */
import { MedusaError } from "@medusajs/framework/utils"
import {
  AcquiringClient,
  createAcquiringClient,
  createIssuingClient,
  IssuingClient,
  LineLogger,
  redactingLogger,
} from "../../lib/gateway"
import { createProviderClient, insecureHttpWarning } from "../../domain"
import { GatewayModuleOptions, issuingClientOptions, payoutClientOptions } from "./options"

export type Clients = {
  payments: AcquiringClient | null
  issuing: IssuingClient | null
  payout: AcquiringClient | null
}

/** Which part of the module's options a client comes from, and what to set when it is missing. */
export const NOT_CONFIGURED = {
  payments:
    'The gateway payments are not configured for the plugin: give the plugin the option "payments" (the same object as the payment provider\'s options)',
  issuing: 'Issuing is not configured: set the gateway module option "issuing" ({ base_url, company_id, api_key })',
  payout:
    'Payouts are not configured: set the gateway module option "payout" ({ base_url, merchant_id, account_id, sign_key })',
} as const

/** The clients the options configure, with a warning for each part missing or reached over plain http. */
export function createClients(options: GatewayModuleOptions, logger: LineLogger | undefined): Clients {
  const log = redactingLogger(logger)
  const { payments, issuing, payout } = options
  const clients: Clients = {
    payments: payments ? createProviderClient(payments, logger) : null,
    issuing: issuing
      ? createIssuingClient({ ...issuingClientOptions(issuing), ...(log ? { logger: log } : {}) })
      : null,
    payout: payout ? createAcquiringClient({ ...payoutClientOptions(payout), ...(log ? { logger: log } : {}) }) : null,
  }
  if (!payments)
    logger?.warn(
      `${NOT_CONFIGURED.payments}; until then notifications, reconciliation and review cannot reach the gateway`
    )
  // `payments` is the provider's own options object: the provider warns about it.
  for (const warning of [
    insecureHttpWarning(payout, ["base_url", "notify_url"], "payout."),
    insecureHttpWarning(issuing, ["base_url"], "issuing."),
  ]) {
    if (warning) logger?.warn(`Gateway module: ${warning}`)
  }
  return clients
}

/** The client of `part`; refuses clearly when the module has no options for it. */
export function requireClient<K extends keyof Clients>(clients: Clients, part: K): NonNullable<Clients[K]> {
  const client = clients[part]
  if (!client) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, NOT_CONFIGURED[part])
  return client as NonNullable<Clients[K]>
}

/** Closes every client's connection pool; one failing to close does not keep the others open. */
export async function closeClients(clients: Clients): Promise<void> {
  await Promise.allSettled(Object.values(clients).map((c) => c?.close()))
}
