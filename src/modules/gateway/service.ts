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
  GatewayDecline,
  GatewayProviderOptions,
  GatewaySessionData,
  GatewayState,
  HandedOrderQueries,
  isGatewayProvider,
  PaymentSnapshot,
  readSessionData,
  RequestAddressParts,
  SavedCardRow,
  SavedCardView,
  SessionSubscription,
  ShortCache,
  stateOfRecord,
  SubscriptionView,
} from "../../domain"
import type { DashboardFilters, DashboardPeriod } from "../../dashboard/figures"
import type { PaymentsDashboard } from "../../types/http"
import { ConcurrencyLimit } from "../../lib/concurrency-limit"
import { cardAttemptLimitsOf, takeCardAttempt } from "./card-attempt-caps"
import { hitCounters, markCardSent, sessionsWithCardPosts, unmarkCardSent } from "./card-attempt-counters"
import { Clients, closeClients, createClients, requireClient } from "./clients"
import { GATEWAY_MODELS } from "./module-models"
import * as notificationLog from "./notification-log"
import type { RejectedNotificationInput, UnsettledNotification, VerifiedNotificationInput } from "./notification-log"
import * as notificationRuns from "./notification-runs"
import { readPaymentsDashboard, recordLaterDecline, recordPaymentSnapshot } from "./payment-dashboard-records"
import * as paymentDetails from "./payment-details"
import { rebuildDays } from "./payment-records"
import * as savedCards from "./saved-card-records"
import * as sessionLookups from "./session-lookups"
import * as subscriptions from "./subscription-records"
import {
  AlertRules,
  alertRules,
  GatewayModuleOptions,
  notificationConcurrency,
  notificationReadInterval,
  payoutRefreshRule,
  rejectedNotificationLimits,
  releaseAfterSeconds,
  RevealRules,
  revealRules,
  settleAfterSeconds,
  validateModuleOptions,
} from "./options"

export type { RejectedNotificationInput, UnsettledNotification, VerifiedNotificationInput } from "./notification-log"

/** The knex of the manager that `@InjectManager()` put in `sharedContext`. */
const knexOf = (sharedContext: Context) => (sharedContext.manager as SqlEntityManager).getKnex()

/**
 * The plugin's own records (the gateway's notifications, payment details, sync runs, payouts, cardholders,
 * cards, card groups, the audit of operations, the payments dashboard's attempts and money with their daily
 * roll-ups) and the domain layer for everything outside the payment module: the acquiring client of the
 * `payments` option, the issuing and payout clients (one connection pool each, created once from the module's
 * options), the card-post caps, and the domain's lookups.
 * Routes, jobs, subscribers and workflows reach it as `container.resolve("gateway")`.
 *
 * A facade: each concern's work is in its own file next to this one (clients, notification-log,
 * notification-runs, payment-details, payment-dashboard-records, saved-card-records, subscription-records,
 * session-lookups, card-attempt-caps; the models in module-models), which gets only what it uses and never imports
 * this file. The methods that take `sharedContext` stay here, decorated: `@InjectManager()` puts the manager in it.
 */
class GatewayModuleService extends MedusaService(GATEWAY_MODELS) {
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
  /** Notification records whose next gateway read waits for its interval in this process (one timer each). */
  protected readonly deferredReads_ = new Map<string, ReturnType<typeof setTimeout>>()
  /** Notification processing runs in this process, `notifications.concurrency` at once (the others queue). */
  protected readonly notificationRuns_: ConcurrencyLimit
  /** Notification records with a run waiting for a turn in this process (not begun yet). */
  protected readonly waitingNotifications_ = new Set<string>()

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  constructor(container: Record<string, any>, options?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...(arguments as unknown as [Record<string, unknown>]))
    this.gatewayOptions_ = validateModuleOptions(options)
    this.notificationRuns_ = new ConcurrencyLimit(notificationConcurrency(this.gatewayOptions_.notifications))
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

  // ------------------------------------------------------------------ records (payment-details.ts)

  /** Records that the gateway confirmed the state Medusa holds for these payments (`last_reconciled_at`, now): the order sync's steady state. */
  @InjectManager()
  async markReconciled(orderNos: readonly string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await paymentDetails.markReconciled(knexOf(sharedContext), orderNos)
  }

  /** Keeps the gateway's reason of a refused payment attempt for staff (the order widget), redacted. */
  async recordDecline(orderNo: string, decline: GatewayDecline): Promise<void> {
    await paymentDetails.recordDecline(this, orderNo, decline)
  }

  // ------------------------------------------------------------------ payments dashboard (payment-dashboard-records.ts, payment-records.ts)

  /** Records what one look at a payment shows (its current attempt, the money it moved) for the dashboard; repeating it changes nothing. */
  @InjectManager()
  async recordPayment(snapshot: PaymentSnapshot, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await recordPaymentSnapshot(knexOf(sharedContext), snapshot)
  }

  /** A decline learned after the attempt's outcome (its notification's signed `result_info`): kept on the attempt of `transactionId`. */
  @InjectManager()
  async recordAttemptDecline(
    orderNo: string,
    transactionId: string,
    decline: GatewayDecline,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await recordLaterDecline(knexOf(sharedContext), orderNo, transactionId, decline)
  }

  /** The payments dashboard of the days `from` to `to` (YYYY-MM-DD, UTC, both included), filtered. */
  @InjectManager()
  async paymentsDashboard(
    period: DashboardPeriod,
    filters: DashboardFilters = {},
    @MedusaContext() sharedContext: Context = {}
  ): Promise<PaymentsDashboard> {
    return readPaymentsDashboard(knexOf(sharedContext), period, filters, this.gatewayOptions_.dashboard)
  }

  /** Counts the dashboard's roll-ups of the days `from` to `to` again from the recorded rows (after rows were changed by hand). */
  @InjectManager()
  async rebuildPaymentDays(from: string, to: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await rebuildDays(knexOf(sharedContext), from, to)
  }

  // ------------------------------------------------------------------ notification log (notification-log.ts, notification-runs.ts)

  /** Records a verified notification, one row per replay key; says whether it was a duplicate and whether it was dropped. */
  @InjectManager()
  async recordVerifiedNotification(
    n: VerifiedNotificationInput,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<{ id: string; duplicate: boolean; dropped: boolean }> {
    return notificationLog.recordVerifiedNotification(knexOf(sharedContext), this.gatewayOptions_.notifications, n)
  }

  /** How long a notification record's next gateway read must wait, in ms (`notifications.read_interval_seconds`). */
  @InjectManager()
  async notificationReadWait(id: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    return notificationLog.notificationReadWait(
      knexOf(sharedContext),
      notificationReadInterval(this.gatewayOptions_.notifications),
      id
    )
  }

  /** Runs notification record `id`'s processing when a turn is free; null when a run of it already waits for one. */
  inNotificationTurn<T>(id: string, run: () => Promise<T>): Promise<T | null> {
    return notificationRuns.inNotificationTurn(this.notificationRuns_, this.waitingNotifications_, id, run)
  }

  /** Notification runs in progress and waiting in this process, and the records waiting (read by the notifications suite). */
  notificationQueue(): { active: number; waiting: number; records_waiting: number } {
    return notificationRuns.notificationQueue(this.notificationRuns_, this.waitingNotifications_)
  }

  /** Runs `read` for notification record `id` once, after `ms`, unless a read of it already waits in this process. */
  deferNotificationRead(id: string, ms: number, read: () => Promise<unknown>): void {
    notificationRuns.deferNotificationRead(this.deferredReads_, this.logger_, id, ms, read)
  }

  /** Ends a processing run begun at `deliveries` deliveries; true when its status was recorded (no delivery came meanwhile). */
  @InjectManager()
  async finishNotification(
    id: string,
    deliveries: number,
    status: "processed" | "ignored" | "failed",
    result: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<boolean> {
    return notificationLog.finishNotification(knexOf(sharedContext), id, deliveries, status, result)
  }

  /** Counts a request that did not verify and keeps a sample of it, without its body, within the per-minute limit: the sample's id. */
  @InjectManager()
  async recordRejectedNotification(
    r: RejectedNotificationInput,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<string | null> {
    return notificationLog.recordRejectedNotification(
      knexOf(sharedContext),
      rejectedNotificationLimits(this.gatewayOptions_.notifications),
      r
    )
  }

  /** A page (by id) of verified payment notifications whose processing failed or waited too long, for the order sync. */
  @InjectManager()
  async unsettledNotifications(
    after: string,
    limit: number,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<UnsettledNotification[]> {
    return notificationLog.unsettledNotifications(knexOf(sharedContext), after, limit)
  }

  /** The order sync read the notification's order again and applied it: settled, unless it was delivered again since. */
  @InjectManager()
  async settleNotification(
    n: UnsettledNotification,
    result: string,
    @MedusaContext() sharedContext: Context = {}
  ): Promise<void> {
    await notificationLog.settleNotification(knexOf(sharedContext), n, result)
  }

  /** Requests to the notification route that did not verify received since `since` (from its minute): what the alert counts. */
  async countRejectedNotifications(since: Date): Promise<number> {
    return notificationLog.countRejectedNotifications(this, since)
  }

  // ------------------------------------------------------------------ saved cards (saved-card-records.ts; the token never leaves the server)

  /** Keeps the token of a card tokenised by payment `order_no`, pending until that payment is authorised. */
  async keepTokenisedCard(card: Omit<SavedCardRow, "id" | "status" | "last_used_at" | "created_at">): Promise<string> {
    return savedCards.keepTokenisedCard(this, card)
  }

  /** Payment `orderNo` is authorised: its pending card becomes the customer's, replacing an older token of the same card. */
  async confirmSavedCard(orderNo: string): Promise<string | null> {
    return savedCards.confirmSavedCard(this, orderNo)
  }

  /** The payment that tokenised a card failed or was replaced: its token is never kept. */
  async discardPendingCard(orderNo: string): Promise<void> {
    await savedCards.discardPendingCard(this, orderNo)
  }

  /** A customer's saved cards as they may be shown (no token), newest first. */
  async listSavedCards(customerId: string): Promise<SavedCardView[]> {
    return savedCards.listSavedCards(this, customerId)
  }

  /** A customer's active saved card with its token, for a payment (server only); an expired one is refused. */
  async savedCardForPayment(customerId: string, id: string): Promise<SavedCardRow> {
    return savedCards.savedCardForPayment(this, customerId, id)
  }

  async markSavedCardUsed(id: string): Promise<void> {
    await savedCards.markSavedCardUsed(this, id)
  }

  /** A customer deletes one of their saved cards (ours only); another customer's card, or no customer, is not found. */
  async deleteSavedCard(id: string, customerId: string): Promise<void> {
    await savedCards.deleteSavedCard(this, id, customerId)
  }

  /** Staff delete a saved card of the customer they name (the admin route, which audits it). */
  async adminDeleteSavedCard(id: string, customerId: string): Promise<void> {
    await savedCards.adminDeleteSavedCard(this, id, customerId)
  }

  // ------------------------------------------------------------------ subscriptions (subscription-records.ts)

  /** Records the contract a payment sold, once per recurring_id; an existing record only moves forward to active. */
  async recordSubscription(input: {
    order_no: string
    transaction_id: string | null
    currency: string
    subscription: SessionSubscription
  }): Promise<string> {
    return subscriptions.recordSubscription(this, input)
  }

  /** Subscriptions as they may be shown, each with its deductions (one query for all of them). */
  async subscriptionViews(rows: Record<string, unknown>[]): Promise<SubscriptionView[]> {
    return subscriptions.subscriptionViews(this, rows)
  }

  /** Closes the clients' connection pools when Medusa shuts down. */
  __hooks = {
    onApplicationShutdown: async () => {
      await closeClients(this.clients_)
    },
  }
}

export default GatewayModuleService
