/**
 * Moves the plugin's record of a subscription to what the gateway says, from a transaction record of the order
 * query (a SUBSCRIPTION notification is confirmed by one; the subscription sync reads them): the deduction it
 * reports is recorded once (its transaction id is unique), the status moves forward only and the next deduction
 * time only later. A contract the plugin did not record yet (the first answer was lost) is recorded from the
 * session's data.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { TransactionRecord } from "../lib/gateway"
import {
  gatewayDateTime,
  isCorrection,
  isOver,
  isPaidState,
  nextSubscriptionStatus,
  readSessionData,
  stateOfRecord,
  SubscriptionStatus,
} from "../domain"
import { writeAudit } from "../workflows/common/audited-call"
import { orderOfPaymentCollection } from "./order-of-session"

export interface SubscriptionApplyResult {
  recurring_id: string
  subscription_id: string | null
  changes: string[]
}

export const subscriptionLockKey = (recurringId: string) => `gateway:subscription:${recurringId}`

/**
 * `deductionsOnly`: record the deduction the record reports, leave the status and the next time alone (the sync
 * records every deduction of an answer first, then applies the contract's state once: every record carries the
 * contract's current state, so deciding on the first one would count too few deductions).
 */
export async function applySubscriptionRecord(
  container: MedusaContainer,
  record: TransactionRecord,
  opts: { deductionsOnly?: boolean } = {}
): Promise<SubscriptionApplyResult | null> {
  const result = record.subscription_result
  const recurringId = result?.recurring_id
  if (!result || !recurringId) return null
  const gateway = container.resolve("gateway")
  const locking = container.resolve(Modules.LOCKING)
  return locking.execute(
    subscriptionLockKey(recurringId),
    async () => {
      const changes: string[] = []
      let [sub] = await gateway.listGatewaySubscriptions({ recurring_id: recurringId })
      if (!sub) {
        const id = await recordFromSession(container, record, recurringId)
        if (!id) return { recurring_id: recurringId, subscription_id: null, changes }
        sub = await gateway.retrieveGatewaySubscription(id)
        changes.push("recorded")
      }

      if (!sub.order_id) {
        // The order and the record may come in either order (the order.placed subscriber fills it when the order
        // comes second): a record made after the order was placed finds it here.
        const found = await orderOfSubscription(container, sub.order_no)
        if (found?.orderId) {
          sub = await gateway.updateGatewaySubscriptions({
            id: sub.id,
            order_id: found.orderId,
            customer_id: sub.customer_id ?? found.customerId,
          })
          changes.push(`order ${found.orderId}`)
        }
      }

      const state = stateOfRecord(record)
      if (
        record.transaction_id &&
        sub.transaction_id &&
        record.transaction_id !== sub.transaction_id &&
        state !== "pending" &&
        state !== "not_found"
      ) {
        const outcome = isPaidState(state) ? "approved" : "declined"
        const [known] = await gateway.listGatewaySubscriptionDeductions(
          { transaction_id: record.transaction_id },
          { select: ["id"] }
        )
        if (!known) {
          await gateway
            .createGatewaySubscriptionDeductions({
              subscription_id: sub.id,
              transaction_id: record.transaction_id,
              amount: record.amount || sub.amount,
              currency: record.currency || sub.currency,
              payment_status: record.payment_status || null,
              outcome,
              deducted_at: transactionDate(record.transaction_date) ?? new Date(),
            })
            .then(() => changes.push(`deduction ${record.transaction_id} ${outcome}`))
            .catch(async (err) => {
              // Recorded by a concurrent reader of the same deduction: the unique transaction id holds.
              if (!(await gateway.listGatewaySubscriptionDeductions({ transaction_id: record.transaction_id! })).length)
                throw err
            })
        }
      }

      if (opts.deductionsOnly) return { recurring_id: recurringId, subscription_id: sub.id, changes }

      const codes = gateway.paymentOptions()?.status_codes
      // Every deduction the gateway made counts towards the billing cycles, approved or declined (contract).
      const deducted = (
        await gateway.listGatewaySubscriptionDeductions({ subscription_id: sub.id }, { select: ["id"] })
      ).length
      const current = sub.status as SubscriptionStatus
      const status = nextSubscriptionStatus(
        current,
        result.recurring_status,
        { billing_cycles: sub.billing_cycles ?? null, deducted },
        { active: codes?.recurring_active ?? ["1"], inactive: codes?.recurring_inactive ?? ["0"] }
      )
      const next = gatewayDateTime(result.recurring_deduction_time)
      const later = next && (!sub.next_deduction_at || next > new Date(sub.next_deduction_at)) ? next : null
      const update: Record<string, unknown> = { id: sub.id, last_synced_at: new Date() }
      if (status !== current) {
        update.status = status
        if (status === "cancelled" && !sub.cancelled_at) update.cancelled_at = new Date()
        if (status === "ended") update.cancelled_at = null
        changes.push(`status ${current} → ${status}`)
        if (isCorrection(current, status)) {
          await writeAudit(
            container,
            {
              operation: "subscription.correct",
              target_id: sub.id,
              details: {
                recurring_id: recurringId,
                from: current,
                to: status,
                deductions: deducted,
                billing_cycles: sub.billing_cycles,
              },
            },
            { result: "succeeded" }
          )
        }
      }
      if (isOver(status)) update.next_deduction_at = null
      else if (later) update.next_deduction_at = later
      if (result.recurring_deduction_period && result.recurring_deduction_period !== sub.deduction_period)
        update.deduction_period = result.recurring_deduction_period
      await gateway.updateGatewaySubscriptions(update as { id: string })
      if (changes.length) {
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .info(`Gateway subscription ${recurringId}: ${changes.join(", ")}`)
      }
      return { recurring_id: recurringId, subscription_id: sub.id, changes }
    },
    { timeout: 30 }
  )
}

/**
 * Every record of one order-query answer applied to its subscription: each deduction recorded first, then each
 * contract's state once, from its last record. Every record carries the contract's current state, so an ended
 * contract must be read with all its deductions counted, or it would be taken for a cancelled one. Used by the
 * subscription sync and by a deduction's notification (the gateway may make several deductions at once).
 * Returns the ids of the subscriptions that changed; a record that fails is passed to `failed`.
 */
export async function applySubscriptionAnswer(
  container: MedusaContainer,
  records: TransactionRecord[],
  failed: (record: TransactionRecord, err: Error) => void
): Promise<{ changed: Set<string>; changes: string[] }> {
  const changed = new Set<string>()
  const changes: string[] = []
  const last = new Map(records.map((r) => [r.subscription_result!.recurring_id, r]))
  const apply = async (record: TransactionRecord, deductionsOnly: boolean) => {
    try {
      const applied = await applySubscriptionRecord(container, record, { deductionsOnly })
      if (applied?.changes.length && applied.subscription_id) {
        changed.add(applied.subscription_id)
        changes.push(...applied.changes)
      }
    } catch (err) {
      failed(record, err as Error)
    }
  }
  for (const record of records) await apply(record, true)
  for (const record of last.values()) await apply(record, false)
  return { changed, changes }
}

/** The contract from the session that sold it, when that session's payment went through; null otherwise. */
async function recordFromSession(
  container: MedusaContainer,
  record: TransactionRecord,
  recurringId: string
): Promise<string | null> {
  if (!record.order_no) return null
  const [session] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions({ id: [record.order_no] }, { relations: ["payment"] })
  const data = readSessionData((session?.payment?.data ?? session?.data) as Record<string, unknown> | undefined)
  if (!data?.subscription) return null
  const isFirst = !data.transaction_id || data.transaction_id === record.transaction_id
  const paid = !isFirst || isPaidState(stateOfRecord(record))
  if (!paid) return null
  return container.resolve("gateway").recordSubscription({
    order_no: record.order_no,
    transaction_id: data.transaction_id ?? record.transaction_id ?? null,
    currency: data.currency,
    subscription: { ...data.subscription, recurring_id: recurringId },
  })
}

/** The order of the payment session that sold a subscription (order_no = session id), once it is placed. */
async function orderOfSubscription(container: MedusaContainer, orderNo: string) {
  const [session] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions({ id: [orderNo] }, { select: ["id", "payment_collection_id"] })
  return session ? orderOfPaymentCollection(container, session.payment_collection_id) : null
}

/** The order query's `transaction_date` (14 digits, year to second; UTC [assumed]). */
function transactionDate(text: string | null | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text ?? "")
  return m ? gatewayDateTime(`${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`) : null
}
