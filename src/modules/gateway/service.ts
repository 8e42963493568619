import { randomBytes } from "node:crypto"
import type { Context } from "@medusajs/framework/types"
import { generateEntityId, InjectManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import { environmentOf } from "../../go-live/addresses"
import {
  AcquiringClient,
  createAcquiringClient,
  createIssuingClient,
  IssuingClient,
  LineLogger,
  redact,
  redactingLogger,
  TransactionRecord,
} from "../../lib/gateway"
import {
  addressBucket,
  attemptCounters,
  AttemptScope,
  AttemptVerdict,
  CardAttemptLimits,
  cardAttemptLimits,
  capReached,
  cardFingerprint,
  clientAddress,
  fingerprintSecret,
  RequestAddressParts,
  ShortCache,
  HandedOrderQueries,
  pickSessionRecord,
  createProviderClient,
  DeletedSessionInput,
  findSessionTransaction,
  GatewayDecline,
  GatewayProviderOptions,
  GatewaySessionData,
  GatewayState,
  insecureHttpWarning,
  isCardExpired,
  isGatewayProvider,
  readSessionData,
  PaymentSnapshot,
  SavedCardRow,
  SavedCardView,
  SessionSubscription,
  subscriptionView,
  SubscriptionView,
  savedCardView,
  stateOfRecord,
} from "../../domain"
import { ConcurrencyLimit } from "../../lib/concurrency-limit"
import { hitCounters, markCardSent, sessionsWithCardPosts, unmarkCardSent } from "./card-attempt-counters"
import { attemptOfTransaction, readDays, rebuildDays, recordAttempt, recordMoney } from "./payment-records"
import { DashboardFilters, DashboardPeriod, paymentsDashboard } from "../../dashboard/figures"
import type { PaymentsDashboard } from "../../types/http"
import { GatewayCard } from "./models/gateway-card"
import { GatewayCardAttemptCounter } from "./models/gateway-card-attempt-counter"
import { GatewayCardGroup } from "./models/gateway-card-group"
import { GatewayCardholder } from "./models/gateway-cardholder"
import { GatewayDeletedSession } from "./models/gateway-deleted-session"
import { GatewayNotification } from "./models/gateway-notification"
import { GatewayNotificationRejection } from "./models/gateway-notification-rejection"
import { GatewayOperationAudit } from "./models/gateway-operation-audit"
import { GatewayMoneyDay } from "./models/gateway-money-day"
import { GatewayMoneyMovement } from "./models/gateway-money-movement"
import { GatewayPayment } from "./models/gateway-payment"
import { GatewayPaymentAttempt } from "./models/gateway-payment-attempt"
import { GatewayPaymentDay } from "./models/gateway-payment-day"
import { GatewayPayout } from "./models/gateway-payout"
import { GatewayRelease } from "./models/gateway-release"
import { GatewaySavedCard } from "./models/gateway-saved-card"
import { GatewaySubscription } from "./models/gateway-subscription"
import { GatewaySubscriptionDeduction } from "./models/gateway-subscription-deduction"
import { GatewaySyncRun } from "./models/gateway-sync-run"
import {
  AlertRules,
  alertRules,
  GatewayModuleOptions,
  issuingClientOptions,
  notificationConcurrency,
  notificationReadInterval,
  settleAfterSeconds,
  releaseAfterSeconds,
  payoutClientOptions,
  chargebackThreshold,
  payoutRefreshRule,
  rejectedNotificationLimits,
  RevealRules,
  revealRules,
  validateModuleOptions,
} from "./options"

/** How long a payment-method ranking is reused for the same cart and amount. */
const RANKING_TTL_MS = 10_000

/** A verified notification as the route records it (columns of `gateway_notification`). */
export interface VerifiedNotificationInput {
  /** The replay key: a digest of the signed content. */
  notify_id: string
  notify_type: string
  order_no: string | null
  transaction_id: string | null
  content_type: string
  /** The body as received, secrets redacted. */
  payload: Record<string, unknown>
}

/** What is kept of a request that did not verify: no body, a few short columns. */
export interface RejectedNotificationInput {
  reason: "unsigned" | "bad_signature"
  notify_type: string | null
  order_no: string | null
  content_type: string
  size: number | null
  source: string | null
}

/** A verified payment notification whose processing failed or never ran (the order sync reads its order again). */
export interface UnsettledNotification {
  id: string
  order_no: string
  deliveries: number
}

/** Minutes a verified notification may wait for its processing before the order sync takes it over. */
const STALE_NOTIFICATION_MINUTES = 5

const clip = (v: string | null, max: number) => (v === null ? null : v.slice(0, max))

/** The gateway's reason as it may be kept: redacted, like every text the plugin stores. */
const redactedDecline = (d: GatewayDecline): GatewayDecline => ({ code: String(redact(d.code)), message: String(redact(d.message)) })

type Clients = { payments: AcquiringClient | null; issuing: IssuingClient | null; payout: AcquiringClient | null }

/** Which part of the module's options a client comes from, and what to set when it is missing. */
const NOT_CONFIGURED = {
  payments:
    'The gateway payments are not configured for the plugin: give the plugin the option "payments" (the same object as the payment provider\'s options)',
  issuing: 'Issuing is not configured: set the gateway module option "issuing" ({ base_url, company_id, api_key })',
  payout: 'Payouts are not configured: set the gateway module option "payout" ({ base_url, merchant_id, account_id, sign_key })',
} as const

/**
 * The plugin's own records (the gateway's notifications, payment details, sync runs, payouts, cardholders,
 * cards, card groups, the audit of operations, the payments dashboard's attempts and money with their daily
 * roll-ups) and the domain layer for everything outside the payment module: the acquiring client of the
 * `payments` option, the issuing and payout clients (one connection pool each, created once from the module's
 * options), the card-post caps, and the domain's lookups.
 * Routes, jobs, subscribers and workflows reach it as `container.resolve("gateway")`.
 */
class GatewayModuleService extends MedusaService({
  GatewayNotification,
  GatewayNotificationRejection,
  GatewayPayment,
  GatewaySyncRun,
  GatewayPayout,
  GatewayCardholder,
  GatewayCard,
  GatewayCardGroup,
  GatewayOperationAudit,
  GatewaySavedCard,
  GatewaySubscription,
  GatewaySubscriptionDeduction,
  GatewayCardAttemptCounter,
  GatewayPaymentAttempt,
  GatewayMoneyMovement,
  GatewayPaymentDay,
  GatewayMoneyDay,
  GatewayDeletedSession,
  GatewayRelease,
}) {
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
    const log = redactingLogger(logger)
    const { payments, issuing, payout } = this.gatewayOptions_
    // The same on every instance (a shared cap store counts one card once); random when there is no sign key.
    this.fingerprintSecret_ = fingerprintSecret(payments?.sign_key ?? randomBytes(32).toString("hex"))
    this.clients_ = {
      payments: payments ? createProviderClient(payments, logger) : null,
      issuing: issuing ? createIssuingClient({ ...issuingClientOptions(issuing), ...(log ? { logger: log } : {}) }) : null,
      payout: payout ? createAcquiringClient({ ...payoutClientOptions(payout), ...(log ? { logger: log } : {}) }) : null,
    }
    if (!payments) logger?.warn(`${NOT_CONFIGURED.payments}; until then notifications, reconciliation and review cannot reach the gateway`)
    // `payments` is the provider's own options object: the provider warns about it.
    for (const warning of [insecureHttpWarning(payout, ["base_url", "notify_url"], "payout."), insecureHttpWarning(issuing, ["base_url"], "issuing.")]) {
      if (warning) logger?.warn(`Gateway module: ${warning}`)
    }
  }

  // ------------------------------------------------------------------ clients

  /** The acquiring client of the store's payments (the `payments` option); refuses clearly without it. */
  acquiring(): AcquiringClient {
    return this.client_("payments")
  }

  /** The issuing client; refuses clearly when the module has no `issuing` options. */
  issuing(): IssuingClient {
    return this.client_("issuing")
  }

  /** The acquiring client used for payouts; refuses clearly when the module has no `payout` options. */
  payouts(): AcquiringClient {
    return this.client_("payout")
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

  /**
   * The plugin's options as validated at boot, secrets included: for checks that build their own clients (the
   * go-live check). Server only; never sent anywhere.
   */
  moduleOptions(): GatewayModuleOptions {
    return this.gatewayOptions_
  }

  /** The payment provider's options as the plugin was given them (`payments`), or null. */
  paymentOptions(): GatewayProviderOptions | null {
    return this.gatewayOptions_.payments ?? null
  }

  /** The card-attempt caps: the store's, else the defaults (higher away from the live gateway: card-attempts.ts). */
  cardAttemptLimits(): CardAttemptLimits {
    const payments = this.gatewayOptions_.payments
    return cardAttemptLimits(payments?.card_attempts, !!payments && environmentOf(payments.base_url, false) !== "live")
  }

  /** The shopper's address as the store's `client_ip` option says to read it (socket, or its proxy's header). */
  clientAddress(req: RequestAddressParts): string {
    return clientAddress(req, this.gatewayOptions_.payments?.client_ip)
  }

  /**
   * Counts one card post against the caps of `scope` (address bucketed by /64 for IPv6) before anything is
   * sent, in the module's table that every instance shares; answers the cap it went past, or null.
   */
  async takeCardAttempt(scope: AttemptScope): Promise<AttemptVerdict> {
    const limits = this.cardAttemptLimits()
    const counters = attemptCounters(scope.address ? { ...scope, address: addressBucket(scope.address) } : scope)
    if (!counters.length) return null
    const counts = await this.countCardAttempts(counters.map((c) => c.key), limits.window_seconds)
    return capReached(counters, counts, limits)
  }

  /** Adds one to each counter in its window of `windowSeconds` and answers the counts (card-attempt-counters.ts). */
  @InjectManager()
  async countCardAttempts(keys: readonly string[], windowSeconds: number, @MedusaContext() sharedContext: Context = {}): Promise<number[]> {
    return hitCounters((sharedContext.manager as SqlEntityManager).getKnex(), keys, windowSeconds)
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

  /**
   * Sessions of `ids` with a card post sent to the gateway more than the settling deadline ago whose answer was never
   * recorded (their card-sent trace: markCardPostSent; card-attempt-counters.ts). A post refused before it was sent
   * or refused for certain by the gateway is not one of them.
   */
  @InjectManager()
  async cardPostedSessions(ids: readonly string[], @MedusaContext() sharedContext: Context = {}): Promise<Set<string>> {
    return sessionsWithCardPosts((sharedContext.manager as SqlEntityManager).getKnex(), ids, this.settleAfterSeconds())
  }

  /**
   * The card route is about to send a card post of `sessionId` to the gateway (every cap passed, the card resolved):
   * its card-sent trace, which stays if the answer is never recorded (a post cut short).
   */
  @InjectManager()
  async markCardPostSent(sessionId: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await markCardSent((sharedContext.manager as SqlEntityManager).getKnex(), sessionId)
  }

  /** The answer of a card post of `sessionId` is recorded, or the post was refused for certain: its trace is taken back. */
  @InjectManager()
  async unmarkCardPostSent(sessionId: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await unmarkCardSent((sharedContext.manager as SqlEntityManager).getKnex(), sessionId)
  }

  /** The per-card cap's key of a posted card (a keyed hash; never the number). */
  cardFingerprint(card: { number: string } | { saved_card_id: string }): string {
    return cardFingerprint(this.fingerprintSecret_, card)
  }

  /** The current transaction of a payment session (order_no = session id) through the order query; query failures throw. */
  async findSessionTransaction(orderNo: string, transactionId?: string | null, superseded: readonly string[] = []): Promise<TransactionRecord | null> {
    return findSessionTransaction(this.acquiring(), orderNo, transactionId, superseded)
  }

  /**
   * The order query of a session waiting for the shopper, shared by every cart completion asking at the same
   * moment (anyone with the cart id can call complete). Nothing is kept afterwards: a shopper back from a
   * frictionless 3-D Secure a second later must read the new state.
   */
  async waitingSessionTransaction(orderNo: string, transactionId?: string | null): Promise<TransactionRecord | null> {
    return this.waitingQueries_.get(`${orderNo}|${transactionId ?? ""}`, 0, async () => {
      const records = (await this.acquiring().orderQuery({ orders: [orderNo] })).orders_list ?? []
      this.handedQueries_.hand(orderNo, records)
      return pickSessionRecord(records, orderNo, transactionId)
    })
  }

  /** The order query the complete-cart check read a moment ago for `orderNo`, once (the provider's authorisation). */
  takeHandedOrderQuery(orderNo: string): readonly TransactionRecord[] | null {
    return this.handedQueries_.take(orderNo)
  }

  /**
   * A payment-method ranking by `key` (the cart and everything the request depends on), fetched once and kept
   * for `RANKING_TTL_MS`; a failed fetch is not kept.
   */
  async rankingFor<T>(key: string, fetch: () => Promise<T>, keep: (ranking: T) => boolean): Promise<T> {
    return this.rankings_.get(key, RANKING_TTL_MS, fetch as () => Promise<unknown>, keep as (v: unknown) => boolean) as Promise<T>
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

  // ------------------------------------------------------------------ records

  /**
   * Records that the gateway confirmed the state Medusa holds for these payments (`last_reconciled_at`, now), in
   * one statement: the order sync's steady state, where the generic update would first read every row.
   */
  @InjectManager()
  async markReconciled(orderNos: readonly string[], @MedusaContext() sharedContext: Context = {}): Promise<void> {
    if (!orderNos.length) return
    const now = new Date()
    const knex = (sharedContext.manager as SqlEntityManager).getKnex()
    await knex("gateway_payment").whereIn("order_no", [...orderNos]).whereNull("deleted_at").update({ last_reconciled_at: now, updated_at: now })
  }

  /** Keeps the gateway's reason of a refused payment attempt for staff (the order widget), redacted. */
  async recordDecline(orderNo: string, decline: GatewayDecline): Promise<void> {
    const clean = redactedDecline(decline)
    const fields = { decline_code: clean.code.slice(0, 100), decline_message: clean.message.slice(0, 1000) }
    const [existing] = await this.listGatewayPayments({ order_no: orderNo }, { select: ["id"] })
    if (existing) await this.updateGatewayPayments({ id: existing.id, ...fields })
    else await this.createGatewayPayments({ order_no: orderNo, ...fields })
  }

  // ------------------------------------------------------------------ payments dashboard

  /**
   * Records what one look at a payment shows (its current attempt and the money it moved) for the payments
   * dashboard: src/domain/payment-attempts.ts says what changes, ./payment-records.ts keeps it with its daily
   * roll-ups. Repeating a look changes nothing.
   */
  @InjectManager()
  async recordPayment(snapshot: PaymentSnapshot, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const knex = (sharedContext.manager as SqlEntityManager).getKnex()
    const attempt = snapshot.attempt
    if (attempt) await recordAttempt(knex, { ...attempt, decline: attempt.decline && redactedDecline(attempt.decline) })
    await recordMoney(knex, snapshot.money.dimensions, snapshot.money.movements)
  }

  /**
   * The gateway's code and words for a declined attempt that were learned later than its outcome (the signed
   * `result_info` of its notification, e.g. 3-D Secure failed): kept on the attempt of `transactionId`, if recorded.
   */
  @InjectManager()
  async recordAttemptDecline(orderNo: string, transactionId: string, decline: GatewayDecline, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const knex = (sharedContext.manager as SqlEntityManager).getKnex()
    const attempt = await attemptOfTransaction(knex, orderNo, transactionId)
    if (!attempt) return
    await recordAttempt(knex, { ...attempt, outcome: null, threeds: null, transaction_id: transactionId, card_brand: null, decline: redactedDecline(decline) }, false)
  }

  /** The payments dashboard of the days `from` to `to` (YYYY-MM-DD, UTC, both included), filtered. */
  @InjectManager()
  async paymentsDashboard(period: DashboardPeriod, filters: DashboardFilters = {}, @MedusaContext() sharedContext: Context = {}): Promise<PaymentsDashboard> {
    const { attempts, money } = await readDays((sharedContext.manager as SqlEntityManager).getKnex(), period.from, period.to)
    return paymentsDashboard(attempts, money, period, filters, chargebackThreshold(this.gatewayOptions_.dashboard))
  }

  /** Counts the dashboard's roll-ups of the days `from` to `to` again from the recorded rows (after rows were changed by hand). */
  @InjectManager()
  async rebuildPaymentDays(from: string, to: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    await rebuildDays((sharedContext.manager as SqlEntityManager).getKnex(), from, to)
  }

  // ------------------------------------------------------------------ notification log

  /**
   * Records a verified notification: one row per replay key (signed content only), in one statement, so two
   * copies arriving together make one row. The first delivery creates it; a later one (the gateway's next
   * notification with the same signed fields, a retry, a replay) counts a delivery and sets the row back to
   * `received`: the gateway is read again after every delivery, never once per copy (finishNotification).
   *
   * Every delivery is also counted in the row's minute (`delivery_window_start`, `delivery_window_count`: a window
   * opens at the first delivery after the last one closed, and lasts a minute). A delivery beyond
   * `notifications.max_deliveries_per_minute` (default 10) of its window is `dropped`: not counted in `deliveries`
   * nor `last_received_at`, and the route emits no event for it. It is dropped only when a read of the row that
   * begins after it is certain, so that it changes nothing: the row is `received` (the read owed to its last
   * counted delivery is still to come) and was read less than `notifications.read_interval_seconds` ago (no read
   * can be under way: a read begins only once the interval since the last one is over, and one that began after
   * this delivery arrived covers it anyway). Otherwise it is counted as any delivery: a row already settled is
   * read again after it, whatever its window says. The gateway's own retries (1 s, then doubling) are a handful a
   * minute; a replay loop costs one row update per post, no event and no handling.
   */
  @InjectManager()
  async recordVerifiedNotification(
    n: VerifiedNotificationInput,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<{ id: string; duplicate: boolean; dropped: boolean }> {
    const knex = (sharedContext.manager as SqlEntityManager).getKnex()
    const perMinute = this.gatewayOptions_.notifications?.max_deliveries_per_minute ?? 10
    const readInterval = notificationReadInterval(this.gatewayOptions_.notifications)
    // All on the row as it was before this delivery (the SET clause reads the old row), under its row lock. Without
    // a read interval (0: a read after every delivery) no read is ever due ahead of a delivery: none is dropped.
    const windowOver = `(gateway_notification.delivery_window_start is null or gateway_notification.delivery_window_start <= now() - interval '1 minute')`
    const drop = readInterval > 0
      ? `(not ${windowOver} and gateway_notification.delivery_window_count >= ? and gateway_notification.status = 'received'
         and gateway_notification.processed_at > now() - make_interval(secs => ?))`
      : "false"
    const dropBindings = readInterval > 0 ? [perMinute, readInterval] : []
    const { rows } = await knex.raw(
      `insert into gateway_notification
         (id, notify_id, notify_type, order_no, transaction_id, content_type, payload, verified, status, attempts, deliveries, received_at, last_received_at,
          delivery_window_start, delivery_window_count)
       values (?, ?, ?, ?, ?, ?, ?::jsonb, true, 'received', 0, 1, now(), now(), now(), 1)
       on conflict (notify_id) where verified = true and deleted_at is null
       do update set
         deliveries = case when ${drop} then gateway_notification.deliveries else gateway_notification.deliveries + 1 end,
         last_received_at = case when ${drop} then gateway_notification.last_received_at else now() end,
         delivery_window_start = case when ${windowOver} then now() else gateway_notification.delivery_window_start end,
         delivery_window_count = case when ${windowOver} then 1 else gateway_notification.delivery_window_count + 1 end,
         status = 'received', updated_at = now()
       returning id, (xmax = 0) as inserted, last_received_at is distinct from now() as dropped`,
      [
        generateEntityId(undefined, "gwntf"), n.notify_id, n.notify_type, n.order_no, n.transaction_id, n.content_type, JSON.stringify(n.payload),
        ...dropBindings, ...dropBindings,
      ],
    )
    // `dropped`: this statement left last_received_at as it was (a counted delivery sets it to this statement's now()).
    return { id: rows[0].id, duplicate: !rows[0].inserted, dropped: !rows[0].inserted && rows[0].dropped === true }
  }

  /**
   * How long a notification record's next gateway read must wait, in ms: what is left of
   * `notifications.read_interval_seconds` since its last run ended (`processed_at`, the database's clock); 0 for a
   * record never read, or without an interval.
   */
  @InjectManager()
  async notificationReadWait(id: string, @MedusaContext() sharedContext: Context = {}): Promise<number> {
    const seconds = notificationReadInterval(this.gatewayOptions_.notifications)
    if (!seconds) return 0
    const knex = (sharedContext.manager as SqlEntityManager).getKnex()
    const { rows } = await knex.raw(
      `select greatest(0, ceil(extract(epoch from (processed_at + make_interval(secs => ?) - now())) * 1000))::int as wait_ms
       from gateway_notification where id = ? and processed_at is not null`,
      [seconds, id],
    )
    return Number(rows[0]?.wait_ms ?? 0)
  }

  /**
   * Runs notification record `id`'s processing when one of the `notifications.concurrency` turns is free. A record
   * whose run already waits for a turn here is not queued again (answers null): that run has not begun, so it reads
   * the record, and then the gateway, after this delivery. A storm of copies of one notification queues one run.
   */
  inNotificationTurn<T>(id: string, run: () => Promise<T>): Promise<T | null> {
    if (this.waitingNotifications_.has(id)) return Promise.resolve(null)
    this.waitingNotifications_.add(id)
    return this.notificationRuns_.run(() => {
      this.waitingNotifications_.delete(id)
      return run()
    })
  }

  /** Notification runs in progress and waiting in this process, and the records waiting (read by the notifications suite). */
  notificationQueue(): { active: number; waiting: number; records_waiting: number } {
    return { active: this.notificationRuns_.active, waiting: this.notificationRuns_.waiting, records_waiting: this.waitingNotifications_.size }
  }

  /**
   * Runs `read` for notification record `id` once, after `ms`, unless a read of it already waits in this process.
   * If the process stops first, the order sync reads the record's order (it stays `received`).
   */
  deferNotificationRead(id: string, ms: number, read: () => Promise<unknown>): void {
    if (this.deferredReads_.has(id)) return
    const timer = setTimeout(() => {
      this.deferredReads_.delete(id)
      read().catch((err) => this.logger_?.warn(String(redact(`Gateway notification ${id}: the deferred read failed, the order sync reads it: ${(err as Error).message}`))))
    }, ms)
    timer.unref?.()
    this.deferredReads_.set(id, timer)
  }

  /**
   * Ends a processing run of a notification that saw `deliveries` deliveries when it began. When another
   * delivery came meanwhile, the row stays `received` (that delivery's own run reads the gateway after it);
   * true when the run's status was recorded.
   */
  @InjectManager()
  async finishNotification(
    id: string,
    deliveries: number,
    status: "processed" | "ignored" | "failed",
    result: string,
    @MedusaContext() sharedContext: Context = {},
  ): Promise<boolean> {
    const knex = (sharedContext.manager as SqlEntityManager).getKnex()
    const { rows } = await knex.raw(
      `update gateway_notification
       set result = ?, attempts = attempts + 1, processed_at = now(), updated_at = now(), status = case when deliveries = ? then ? else 'received' end
       where id = ? and status = 'received' and deleted_at is null
       returning status`,
      [result, deliveries, status, id],
    )
    return rows[0]?.status === status
  }

  /**
   * Counts a request that did not verify in this minute's row and keeps a sample of it without its body while
   * the minute has seen at most `notifications.rejected_samples_per_minute`; keeping one prunes counts and
   * samples older than `notifications.rejected_retention_days`. Returns the sample's id, if kept.
   */
  @InjectManager()
  async recordRejectedNotification(r: RejectedNotificationInput, @MedusaContext() sharedContext: Context = {}): Promise<string | null> {
    const { perMinute, retentionDays } = rejectedNotificationLimits(this.gatewayOptions_.notifications)
    const knex = (sharedContext.manager as SqlEntityManager).getKnex()
    const { rows } = await knex.raw(
      `insert into gateway_notification_rejection (id, period_start, rejected, bad_signature)
       values (?, date_trunc('minute', now()), 1, ?)
       on conflict (period_start) where deleted_at is null
       do update set rejected = gateway_notification_rejection.rejected + 1,
         bad_signature = gateway_notification_rejection.bad_signature + excluded.bad_signature, updated_at = now()
       returning rejected`,
      [generateEntityId(undefined, "gwnrj"), r.reason === "bad_signature" ? 1 : 0],
    )
    if (Number(rows[0].rejected) > perMinute) return null
    // Pruned with each sample kept: a few times a minute at most, and whenever rejections come in.
    await knex.raw(`delete from gateway_notification_rejection where period_start < now() - make_interval(days => ?)`, [retentionDays])
    await knex.raw(`delete from gateway_notification where status = 'rejected' and received_at < now() - make_interval(days => ?)`, [retentionDays])
    const id = generateEntityId(undefined, "gwntf")
    await knex("gateway_notification").insert({
      id,
      notify_id: null,
      notify_type: clip(r.notify_type, 64) ?? "",
      order_no: clip(r.order_no, 64),
      transaction_id: null,
      content_type: clip(r.content_type, 100),
      payload: null,
      verified: false,
      status: "rejected",
      result: r.reason === "unsigned" ? "unsigned" : "signature did not verify",
      size: r.size,
      source: clip(r.source, 64),
      received_at: knex.fn.now(),
    })
    return id
  }

  /**
   * Verified payment notifications whose processing failed, or has waited more than a few minutes (the process
   * stopped, the event was lost): a page of them by id, for the order sync to read their orders again.
   */
  @InjectManager()
  async unsettledNotifications(after: string, limit: number, @MedusaContext() sharedContext: Context = {}): Promise<UnsettledNotification[]> {
    const knex = (sharedContext.manager as SqlEntityManager).getKnex()
    return knex("gateway_notification")
      .select("id", "order_no", "deliveries")
      .where({ verified: true })
      .whereNull("deleted_at")
      .whereNotNull("order_no")
      .where("id", ">", after)
      .where((q) =>
        q.where("status", "failed").orWhere((w) =>
          w.where("status", "received").whereRaw(`coalesce(last_received_at, received_at) < now() - make_interval(mins => ?)`, [STALE_NOTIFICATION_MINUTES]),
        ),
      )
      .orderBy("id")
      .limit(limit)
  }

  /** The order sync read the notification's order again and applied it: settled, unless it was delivered again since. */
  @InjectManager()
  async settleNotification(n: UnsettledNotification, result: string, @MedusaContext() sharedContext: Context = {}): Promise<void> {
    const knex = (sharedContext.manager as SqlEntityManager).getKnex()
    const now = new Date()
    await knex("gateway_notification")
      .where({ id: n.id, deliveries: n.deliveries })
      .whereIn("status", ["failed", "received"])
      .whereNull("deleted_at")
      .update({ status: "processed", result, processed_at: now, updated_at: now, attempts: knex.raw("attempts + 1") })
  }

  /**
   * Requests to the notification route that did not verify (unsigned or a wrong signature) received since
   * `since` (from the minute it falls in): what the alert on repeated verification failures counts, from the
   * per-minute counts (gateway_notification_rejection), which hold every rejected request, not only the samples.
   */
  async countRejectedNotifications(since: Date): Promise<number> {
    const from = new Date(Math.floor(since.getTime() / 60_000) * 60_000)
    const rows = await this.listGatewayNotificationRejections({ period_start: { $gte: from } }, { select: ["rejected"] })
    return rows.reduce((sum, r) => sum + Number(r.rejected ?? 0), 0)
  }

  // ------------------------------------------------------------------ saved cards (the token never leaves the server)

  /** Keeps the token of a card tokenised by payment `order_no`, pending until that payment is authorised. */
  async keepTokenisedCard(card: Omit<SavedCardRow, "id" | "status" | "last_used_at" | "created_at">): Promise<string> {
    await this.discardPendingCard(card.order_no)
    const row = await this.createGatewaySavedCards({ ...card, status: "pending" })
    return row.id
  }

  /**
   * Payment `orderNo` is authorised: its pending card becomes the customer's. An older token of the same card
   * (brand, last 4, expiry) is replaced, so the list shows each card once.
   */
  async confirmSavedCard(orderNo: string): Promise<string | null> {
    const [pending] = await this.listGatewaySavedCards({ order_no: orderNo, status: "pending" })
    if (!pending) return null
    const same = await this.listGatewaySavedCards({
      customer_id: pending.customer_id,
      status: "active",
      last4: pending.last4,
      exp_month: pending.exp_month,
      exp_year: pending.exp_year,
    })
    const older = same.filter((c) => c.brand === pending.brand).map((c) => c.id)
    if (older.length) await this.softDeleteGatewaySavedCards(older)
    await this.updateGatewaySavedCards({ id: pending.id, status: "active" })
    return pending.id
  }

  /** The payment that tokenised a card failed or was replaced: its token is never kept. */
  async discardPendingCard(orderNo: string): Promise<void> {
    const pending = await this.listGatewaySavedCards({ order_no: orderNo, status: "pending" }, { select: ["id"] })
    if (pending.length) await this.deleteGatewaySavedCards(pending.map((c) => c.id))
  }

  /** A customer's saved cards as they may be shown (no token), newest first. */
  async listSavedCards(customerId: string): Promise<SavedCardView[]> {
    const rows = await this.listGatewaySavedCards({ customer_id: customerId, status: "active" }, { order: { created_at: "DESC" } })
    return rows.map((r) => savedCardView(r as SavedCardRow))
  }

  /**
   * A customer's saved card with its token, for a payment (server only). Another customer's card, a deleted or
   * pending one is not found; an expired one is refused before any request.
   */
  async savedCardForPayment(customerId: string, id: string): Promise<SavedCardRow> {
    const [row] = await this.listGatewaySavedCards({ id, customer_id: customerId, status: "active" })
    if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Saved card ${id} was not found`)
    const card = row as SavedCardRow
    if (isCardExpired(card.exp_month, card.exp_year)) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `The saved card ending ${card.last4} expired at the end of ${card.exp_month}/${card.exp_year}: pay with another card`,
      )
    }
    return card
  }

  async markSavedCardUsed(id: string): Promise<void> {
    await this.updateGatewaySavedCards({ id, last_used_at: new Date() })
  }

  /**
   * A customer deletes one of their saved cards (ours only: the gateway documents no endpoint to delete a
   * token). Another customer's card, or no customer at all, is not found: without an owner nothing is deleted.
   */
  async deleteSavedCard(id: string, customerId: string): Promise<void> {
    if (typeof customerId !== "string" || !customerId) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Saved card ${id} was not found`)
    await this.removeSavedCard_(id, customerId)
  }

  /** Staff delete a saved card of the customer they name (the admin route, which audits it). */
  async adminDeleteSavedCard(id: string, customerId: string): Promise<void> {
    if (typeof customerId !== "string" || !customerId) throw new MedusaError(MedusaError.Types.INVALID_DATA, "customer_id: required to delete a saved card")
    await this.removeSavedCard_(id, customerId)
  }

  private async removeSavedCard_(id: string, customerId: string): Promise<void> {
    const [row] = await this.listGatewaySavedCards({ id, status: "active", customer_id: customerId }, { select: ["id"] })
    if (!row) throw new MedusaError(MedusaError.Types.NOT_FOUND, `Saved card ${id} was not found`)
    await this.softDeleteGatewaySavedCards([row.id])
  }

  // ------------------------------------------------------------------ subscriptions

  /** Records the contract a payment sold, once per recurring_id; an existing record only moves forward to active. */
  async recordSubscription(input: { order_no: string; transaction_id: string | null; currency: string; subscription: SessionSubscription }): Promise<string> {
    const sub = input.subscription
    if (!sub.recurring_id) throw new MedusaError(MedusaError.Types.INVALID_DATA, "recordSubscription: the gateway gave no recurring_id")
    const [existing] = await this.listGatewaySubscriptions({ recurring_id: sub.recurring_id })
    if (existing) {
      if (existing.status === "pending") await this.updateGatewaySubscriptions({ id: existing.id, status: "active" })
      return existing.id
    }
    const row = await this.createGatewaySubscriptions({
      recurring_id: sub.recurring_id,
      order_no: input.order_no,
      transaction_id: input.transaction_id,
      cart_id: sub.cart_id,
      customer_id: sub.customer_id,
      variant_id: sub.variant_id,
      contract_name: sub.contract_name,
      interval: sub.interval,
      interval_count: sub.interval_count,
      billing_cycles: sub.billing_cycles,
      promotion_cycles: sub.promotion_cycles,
      amount: sub.amount,
      currency: input.currency,
      status: "active",
    }).catch(async (err) => {
      // Recorded at the same moment by the other path (provider and reconciliation): the unique recurring_id holds.
      const [again] = await this.listGatewaySubscriptions({ recurring_id: sub.recurring_id })
      if (again) return again
      throw err
    })
    return row.id
  }

  /** Subscriptions as they may be shown, each with its deductions (one query for all of them). */
  async subscriptionViews(rows: Record<string, unknown>[]): Promise<SubscriptionView[]> {
    const ids = rows.map((r) => String(r.id))
    const deductions = ids.length ? await this.listGatewaySubscriptionDeductions({ subscription_id: ids }) : []
    return rows.map((r) => subscriptionView(r, deductions.filter((d) => d.subscription_id === r.id) as Record<string, unknown>[]))
  }

  /** Closes the clients' connection pools when Medusa shuts down. */
  __hooks = {
    onApplicationShutdown: async () => {
      await Promise.allSettled(Object.values(this.clients_).map((c) => c?.close()))
    },
  }

  private client_<K extends keyof Clients>(part: K): NonNullable<Clients[K]> {
    const client = this.clients_[part]
    if (!client) throw new MedusaError(MedusaError.Types.NOT_ALLOWED, NOT_CONFIGURED[part])
    return client as NonNullable<Clients[K]>
  }
}

export default GatewayModuleService
