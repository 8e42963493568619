import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext, MedusaError, MedusaService } from "@medusajs/framework/utils"
import type { SqlEntityManager } from "@medusajs/framework/mikro-orm/postgresql"
import {
  AcquiringClient,
  createAcquiringClient,
  createIssuingClient,
  IssuingClient,
  LineLogger,
  redactingLogger,
  TransactionRecord,
} from "../../lib/gateway"
import {
  AddressAttempts,
  CardAttemptLimits,
  cardAttemptLimits,
  createProviderClient,
  findSessionTransaction,
  GatewayProviderOptions,
  GatewaySessionData,
  GatewayState,
  isCardExpired,
  isGatewayProvider,
  readSessionData,
  SavedCardRow,
  SavedCardView,
  SessionSubscription,
  subscriptionView,
  SubscriptionView,
  savedCardView,
  stateOfRecord,
} from "../../domain"
import { GatewayCard } from "./models/gateway-card"
import { GatewayCardGroup } from "./models/gateway-card-group"
import { GatewayCardholder } from "./models/gateway-cardholder"
import { GatewayNotification } from "./models/gateway-notification"
import { GatewayOperationAudit } from "./models/gateway-operation-audit"
import { GatewayPayment } from "./models/gateway-payment"
import { GatewayPayout } from "./models/gateway-payout"
import { GatewaySavedCard } from "./models/gateway-saved-card"
import { GatewaySubscription } from "./models/gateway-subscription"
import { GatewaySubscriptionDeduction } from "./models/gateway-subscription-deduction"
import { GatewaySyncRun } from "./models/gateway-sync-run"
import { AlertRules, alertRules, GatewayModuleOptions, issuingClientOptions, payoutClientOptions, RevealRules, revealRules, validateModuleOptions } from "./options"

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
 * cards, card groups, the audit of operations) and the domain layer for everything outside the payment module:
 * the acquiring client of the `payments` option, the issuing and payout clients (one connection pool each,
 * created once from the module's options), the card-post caps, and the domain's lookups.
 * Routes, jobs, subscribers and workflows reach it as `container.resolve("gateway")`.
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
  GatewaySavedCard,
  GatewaySubscription,
  GatewaySubscriptionDeduction,
}) {
  protected readonly gatewayOptions_: GatewayModuleOptions
  protected readonly clients_: Clients
  /** Card posts per client address, counted by this instance. */
  protected readonly addressAttempts_ = new AddressAttempts()

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
    const log = redactingLogger(logger)
    const { payments, issuing, payout } = this.gatewayOptions_
    this.clients_ = {
      payments: payments ? createProviderClient(payments, logger) : null,
      issuing: issuing ? createIssuingClient({ ...issuingClientOptions(issuing), ...(log ? { logger: log } : {}) }) : null,
      payout: payout ? createAcquiringClient({ ...payoutClientOptions(payout), ...(log ? { logger: log } : {}) }) : null,
    }
    if (!payments) logger?.warn(`${NOT_CONFIGURED.payments}; until then notifications, reconciliation and review cannot reach the gateway`)
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

  cardAttemptLimits(): CardAttemptLimits {
    return cardAttemptLimits(this.gatewayOptions_.payments?.card_attempts)
  }

  /** Records a card post from `address`; false when the address is over its cap. */
  takeCardAttempt(address: string): boolean {
    return this.addressAttempts_.take(address, this.cardAttemptLimits())
  }

  /** The current transaction of a payment session (order_no = session id) through the order query; query failures throw. */
  async findSessionTransaction(orderNo: string, transactionId?: string | null, superseded: readonly string[] = []): Promise<TransactionRecord | null> {
    return findSessionTransaction(this.acquiring(), orderNo, transactionId, superseded)
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

  /**
   * Requests to the notification route that did not verify (unsigned or a wrong signature) received since
   * `since`: what the alert on repeated verification failures counts. The one place that knows where they are
   * kept (the log's rejected rows).
   */
  async countRejectedNotifications(since: Date): Promise<number> {
    const [, count] = await this.listAndCountGatewayNotifications({ status: "rejected", received_at: { $gte: since } }, { select: ["id"], take: 1 })
    return count
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

  /** Deletes a saved card (ours only: the gateway documents no endpoint to delete a token). `customerId` limits it to theirs. */
  async deleteSavedCard(id: string, customerId?: string): Promise<void> {
    const [row] = await this.listGatewaySavedCards({ id, status: "active", ...(customerId ? { customer_id: customerId } : {}) }, { select: ["id"] })
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
