import type { Context } from "@medusajs/framework/types"
import { InjectManager, MedusaContext } from "@medusajs/framework/utils"
import {
  GatewayDecline,
  PaymentSnapshot,
  SavedCardRow,
  SavedCardView,
  SessionSubscription,
  SubscriptionView,
} from "../../domain"
import type { DashboardFilters, DashboardPeriod } from "../../dashboard/figures"
import type { PaymentsDashboard } from "../../types/http"
import { ConcurrencyLimit } from "../../lib/concurrency-limit"
import * as notificationLog from "./notification-log"
import type { RejectedNotificationInput, UnsettledNotification, VerifiedNotificationInput } from "./notification-log"
import * as notificationRuns from "./notification-runs"
import { readPaymentsDashboard, recordLaterDecline, recordPaymentSnapshot } from "./payment-dashboard-records"
import * as paymentDetails from "./payment-details"
import { rebuildDays } from "./payment-records"
import * as savedCards from "./saved-card-records"
import { GatewayModuleDomain, knexOf } from "./service-domain"
import * as subscriptions from "./subscription-records"
import { notificationConcurrency, notificationReadInterval, rejectedNotificationLimits } from "./options"

export type { RejectedNotificationInput, UnsettledNotification, VerifiedNotificationInput } from "./notification-log"

/**
 * The module's service: the plugin's own records (the gateway's notifications, payment details, sync runs,
 * payouts, cardholders, cards, card groups, the audit of operations, the payments dashboard's attempts and money
 * with their daily roll-ups) over what ./service-domain.ts holds (the options, the clients, the card-post caps, the
 * domain's lookups). Routes, jobs, subscribers and workflows reach it as `container.resolve("gateway")`.
 *
 * A facade: each concern's work is in its own file next to this one (clients, notification-log,
 * notification-runs, payment-details, payment-dashboard-records, saved-card-records, subscription-records,
 * session-lookups, card-attempt-caps; the models in module-models), which gets only what it uses and never imports
 * this file. The methods that take `sharedContext` stay in the service's two files, decorated: `@InjectManager()`
 * puts the manager in it.
 */
class GatewayModuleService extends GatewayModuleDomain {
  /** Notification records whose next gateway read waits for its interval in this process (one timer each). */
  protected readonly deferredReads_ = new Map<string, ReturnType<typeof setTimeout>>()
  /** Notification processing runs in this process, `notifications.concurrency` at once (the others queue). */
  protected readonly notificationRuns_ = new ConcurrencyLimit(
    notificationConcurrency(this.gatewayOptions_.notifications)
  )
  /** Notification records with a run waiting for a turn in this process (not begun yet). */
  protected readonly waitingNotifications_ = new Set<string>()

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
}

export default GatewayModuleService
