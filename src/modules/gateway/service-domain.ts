import { randomBytes } from "node:crypto"
import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import type { AcquiringClient, IssuingClient, LineLogger, TransactionRecord } from "../../lib/gateway"
import {
  AttemptScope,
  AttemptVerdict,
  CardAttemptLimits,
  cardFingerprint,
  clientAddress,
  DeletedSessionInput,
  fingerprintSecret,
  findSessionTransaction,
  GatewayProviderOptions,
  GatewaySessionData,
  GatewayState,
  HandedOrderQueries,
  isGatewayProvider,
  readSessionData,
  RequestAddressParts,
  ShortCache,
  stateOfRecord,
} from "../../domain"
import { cardAttemptLimitsOf, takeCardAttempt } from "./card-attempt-caps"
import { hitCounters, markCardSent, sessionsWithCardPosts, unmarkCardSent } from "./card-attempt-counters"
import { Clients, closeClients, createClients, requireClient } from "./clients"
import { GATEWAY_MODELS } from "./module-models"
import * as sessionLookups from "./session-lookups"
import {
  AlertRules,
  alertRules,
  GatewayModuleOptions,
  payoutRefreshRule,
  releaseAfterSeconds,
  RevealRules,
  revealRules,
  settleAfterSeconds,
  validateModuleOptions,
} from "./options"

/** The knex of the manager that `@InjectManager()` put in `sharedContext`. */
export const knexOf = (sharedContext: Context) => (sharedContext.manager as SqlEntityManager).getKnex()

/**
 * The module service's first half (./service.ts is the rest, its records): the module's options as validated at
 * boot, the acquiring client of the `payments` option and the issuing and payout clients (one connection pool each,
 * created once from the options, closed at shutdown), the card-post caps and the domain's lookups of a payment
 * session. Routes, jobs, subscribers, workflows and the payment provider reach these through
 * `container.resolve("gateway")`.
 */
export class GatewayModuleDomain extends MedusaService(GATEWAY_MODELS) {
  protected readonly gatewayOptions_: GatewayModuleOptions
  protected readonly clients_: Clients
  protected readonly fingerprintSecret_: Buffer
  protected readonly logger_: LineLogger | undefined
  /** Order queries of sessions waiting for the shopper (cart completion): one in flight per session. */
  protected readonly waitingQueries_ = new ShortCache<TransactionRecord | null>()
  /** The complete-cart check's order query, handed on to the authorisation of the same request (handed-order-queries.ts). */
  protected readonly handedQueries_ = new HandedOrderQueries()
  /** The gateway's payment-method rankings, per cart and amount, kept a few seconds. */
  protected readonly rankings_ = new ShortCache<unknown>()

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(container: Record<string, any>, options?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...(arguments as unknown as [Record<string, unknown>]))
    this.gatewayOptions_ = validateModuleOptions(options)
    let logger: LineLogger | undefined
    try {
      logger = container.logger as LineLogger
    } catch {
      logger = undefined
    }
    this.logger_ = logger
    // The same on every instance (a shared cap store counts one card once); random when there is no sign key.
    this.fingerprintSecret_ = fingerprintSecret(
      this.gatewayOptions_.payments?.sign_key ?? randomBytes(32).toString("hex")
    )
    this.clients_ = createClients(this.gatewayOptions_, logger)
  }

  // ------------------------------------------------------------------ clients (clients.ts)

  /** The acquiring client of the store's payments (the `payments` option); refuses clearly without it. */
  acquiring(): AcquiringClient {
    return requireClient(this.clients_, "payments")
  }

  /** The issuing client; refuses clearly when the module has no `issuing` options. */
  issuing(): IssuingClient {
    return requireClient(this.clients_, "issuing")
  }

  /** The acquiring client used for payouts; refuses clearly when the module has no `payout` options. */
  payouts(): AcquiringClient {
    return requireClient(this.clients_, "payout")
  }

  /** Who may reveal a card's number and CVV, and how often (option `issuing.reveal`). */
  revealRules(): RevealRules {
    return revealRules(this.gatewayOptions_.issuing)
  }

  /** Whether, and how often, a payout notification re-reads its payout (option `payout.refresh_on_notification`). */
  payoutRefreshRule(): ReturnType<typeof payoutRefreshRule> {
    return payoutRefreshRule(this.gatewayOptions_.payout)
  }

  /** When alerts are raised and where they go besides the admin's feed (option `alerts`). */
  alertRules(): AlertRules {
    return alertRules(this.gatewayOptions_.alerts)
  }

  payoutNotifyUrl(): string | undefined {
    return this.gatewayOptions_.payout?.notify_url
  }

  // ------------------------------------------------------------------ domain

  /** The options as validated at boot, secrets included: for checks that build their own clients (go-live). Server only. */
  moduleOptions(): GatewayModuleOptions {
    return this.gatewayOptions_
  }

  /** The payment provider's options as the plugin was given them (`payments`), or null. */
  paymentOptions(): GatewayProviderOptions | null {
    return this.gatewayOptions_.payments ?? null
  }

  /** The card-attempt caps: the store's, else the defaults (higher away from the live gateway: card-attempts.ts). */
  cardAttemptLimits(): CardAttemptLimits {
    return cardAttemptLimitsOf(this.gatewayOptions_.payments)
  }

  /** The shopper's address as the store's `client_ip` option says to read it (socket, or its proxy's header). */
  clientAddress(req: RequestAddressParts): string {
    return clientAddress(req, this.gatewayOptions_.payments?.client_ip)
  }

  /** Counts one card post against the caps of `scope` before it is sent; answers the cap it went past, or null (card-attempt-caps.ts). */
  async takeCardAttempt(scope: AttemptScope): Promise<AttemptVerdict> {
    return takeCardAttempt(this.cardAttemptLimits(), scope, (keys, windowSeconds) =>
      this.countCardAttempts(keys, windowSeconds)
    )
  }

  /** Adds one to each counter in its window of `windowSeconds` and answers the counts (card-attempt-counters.ts). */
  @InjectManager()
  async countCardAttempts(
    keys: readonly string[],
    windowSeconds: number,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<number[]> {
    return hitCounters(knexOf(sharedContext), keys, windowSeconds)
  }

  /** Seconds after which the jobs settle an operation cut short (option `reconciliation.settle_after_seconds`). */
  settleAfterSeconds(): number {
    return settleAfterSeconds(this.gatewayOptions_.reconciliation)
  }

  /** Seconds after which a checkout holding money without an order has it released (`reconciliation.release_after_seconds`). */
  releaseAfterSeconds(): number {
    return releaseAfterSeconds(this.gatewayOptions_.reconciliation)
  }

  /**
   * Keeps what is left of a payment session Medusa is deleting (the provider's deletePayment): watched by
   * notifications and the order sync (src/reconciliation/deleted-sessions.ts). Throws when it cannot be written:
   * Medusa then keeps the session.
   */
  async keepDeletedSession(input: DeletedSessionInput): Promise<void> {
    const [known] = await this.listGatewayDeletedSessions({ order_no: input.order_no }, { select: ["id"] })
    if (!known) await this.createGatewayDeletedSessions({ ...input, transaction_ids: input.transaction_ids as never })
  }

  /** Sessions of `ids` with a card post sent more than the settling deadline ago and no answer recorded (card-attempt-counters.ts). */
  @InjectManager()
  async cardPostedSessions(ids: readonly string[], @MedusaContext() sharedContext: Context = {}): Promise<Set<string>> {
    return sessionsWithCardPosts(knexOf(sharedContext), ids, this.settleAfterSeconds())
  }

  /** The card route is about to send a card post of `sessionId`: its card-sent trace, which stays if the answer is never recorded. */
  @InjectManager()
  async markCardPostSent(sessionId: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await markCardSent(knexOf(sharedContext), sessionId)
  }

  /** The answer of a card post of `sessionId` is recorded, or the post was refused for certain: its trace is taken back. */
  @InjectManager()
  async unmarkCardPostSent(sessionId: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await unmarkCardSent(knexOf(sharedContext), sessionId)
  }

  /** The per-card cap's key of a posted card (a keyed hash; never the number). */
  cardFingerprint(card: { number: string } | { saved_card_id: string }): string {
    return cardFingerprint(this.fingerprintSecret_, card)
  }

  /** The current transaction of a payment session (order_no = session id) through the order query; query failures throw. */
  async findSessionTransaction(
    orderNo: string,
    transactionId?: string | null,
    superseded: readonly string[] = []
  ): Promise<TransactionRecord | null> {
    return findSessionTransaction(this.acquiring(), orderNo, transactionId, superseded)
  }

  /** The order query of a session waiting for the shopper, shared by the cart completions asking at that moment (session-lookups.ts). */
  async waitingSessionTransaction(orderNo: string, transactionId?: string | null): Promise<TransactionRecord | null> {
    return sessionLookups.waitingSessionTransaction(
      this.waitingQueries_,
      this.handedQueries_,
      () => this.acquiring(),
      orderNo,
      transactionId
    )
  }

  /** The order query the complete-cart check read a moment ago for `orderNo`, once (the provider's authorisation). */
  takeHandedOrderQuery(orderNo: string): readonly TransactionRecord[] | null {
    return this.handedQueries_.take(orderNo)
  }

  /** A payment-method ranking by `key` (the cart and all the request depends on), fetched once, kept a few seconds unless it failed. */
  async rankingFor<T>(key: string, fetch: () => Promise<T>, keep: (ranking: T) => boolean): Promise<T> {
    return sessionLookups.rankingFor(this.rankings_, key, fetch, keep)
  }

  isGatewayProvider(providerId: string | null | undefined): boolean {
    return isGatewayProvider(providerId)
  }

  /** A session's or payment's data read key by key (null when it is not ours). */
  readSessionData(data: Record<string, unknown> | null | undefined): GatewaySessionData | null {
    return readSessionData(data ?? undefined)
  }

  stateOfRecord(record: TransactionRecord | null): GatewayState {
    return record ? stateOfRecord(record) : "not_found"
  }

  /** Closes the clients' connection pools when Medusa shuts down. */
  __hooks = {
    onApplicationShutdown: async () => {
      await closeClients(this.clients_)
    },
  }
}
