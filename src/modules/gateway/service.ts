import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import { AcquiringClient, createAcquiringClient, createIssuingClient, IssuingClient, LineLogger, redactingLogger } from "../../lib/gateway"
import { GatewayCard } from "./models/gateway-card"
import { GatewayCardGroup } from "./models/gateway-card-group"
import { GatewayCardholder } from "./models/gateway-cardholder"
import { GatewayNotification } from "./models/gateway-notification"
import { GatewayOperationAudit } from "./models/gateway-operation-audit"
import { GatewayPayment } from "./models/gateway-payment"
import { GatewayPayout } from "./models/gateway-payout"
import { GatewaySyncRun } from "./models/gateway-sync-run"
import { GatewayModuleOptions, issuingClientOptions, payoutClientOptions, validateModuleOptions } from "./options"

type Logger = LineLogger

/**
 * The plugin's own records: the gateway's notifications, payment details, sync runs, payouts, cardholders,
 * cards, card groups and the audit of issuing and payout operations. Also owns the issuing and payout
 * clients, created once per module instance (one connection pool each), from the module's options.
 */
class GatewayModuleService extends MedusaService({
  GatewayNotification,
  GatewayPayment,
  GatewaySyncRun,
  GatewayPayout,
  GatewayCardholder,
  GatewayCard,
  GatewayCardGroup,
  GatewayOperationAudit,
}) {
  protected readonly gatewayOptions_: GatewayModuleOptions
  protected readonly issuingClient_: IssuingClient | null
  protected readonly payoutClient_: AcquiringClient | null

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(container: Record<string, any>, options?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...(arguments as unknown as [Record<string, unknown>]))
    this.gatewayOptions_ = validateModuleOptions(options)
    let logger: Logger | undefined
    try {
      logger = container.logger as Logger
    } catch {
      logger = undefined
    }
    const log = redactingLogger(logger)
    const i = this.gatewayOptions_.issuing
    this.issuingClient_ = i ? createIssuingClient({ ...issuingClientOptions(i), ...(log ? { logger: log } : {}) }) : null
    const p = this.gatewayOptions_.payout
    this.payoutClient_ = p ? createAcquiringClient({ ...payoutClientOptions(p), ...(log ? { logger: log } : {}) }) : null
  }

  /** The issuing client; refuses clearly when the module has no `issuing` options. */
  issuing(): IssuingClient {
    if (!this.issuingClient_) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        'Issuing is not configured: set the gateway module option "issuing" ({ base_url, company_id, api_key })'
      )
    }
    return this.issuingClient_
  }

  /** The acquiring client used for payouts; refuses clearly when the module has no `payout` options. */
  payouts(): AcquiringClient {
    if (!this.payoutClient_) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        'Payouts are not configured: set the gateway module option "payout" ({ base_url, merchant_id, account_id, sign_key })'
      )
    }
    return this.payoutClient_
  }

  payoutNotifyUrl(): string | undefined {
    return this.gatewayOptions_.payout?.notify_url
  }

  /** Closes the clients' connection pools when Medusa shuts down. */
  __hooks = {
    onApplicationShutdown: async () => {
      await Promise.allSettled([this.issuingClient_?.close(), this.payoutClient_?.close()])
    },
  }
}

export default GatewayModuleService
