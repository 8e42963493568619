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
import { gatewayDateTime, isPaidState, nextSubscriptionStatus, readSessionData, stateOfRecord, SubscriptionStatus } from "../domain"

export interface SubscriptionApplyResult {
  recurring_id: string
  subscription_id: string | null
  changes: string[]
}

export const subscriptionLockKey = (recurringId: string) => `gateway:subscription:${recurringId}`

export async function applySubscriptionRecord(container: MedusaContainer, record: TransactionRecord): Promise<SubscriptionApplyResult | null> {
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

      const state = stateOfRecord(record)
      if (record.transaction_id && sub.transaction_id && record.transaction_id !== sub.transaction_id && state !== "pending" && state !== "not_found") {
        const outcome = isPaidState(state) ? "approved" : "declined"
        const [known] = await gateway.listGatewaySubscriptionDeductions({ transaction_id: record.transaction_id }, { select: ["id"] })
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
              if (!(await gateway.listGatewaySubscriptionDeductions({ transaction_id: record.transaction_id! })).length) throw err
            })
        }
      }

      const codes = gateway.paymentOptions()?.status_codes
      const deducted = (await gateway.listGatewaySubscriptionDeductions({ subscription_id: sub.id, outcome: "approved" }, { select: ["id"] })).length
      const status = nextSubscriptionStatus(
        sub.status as SubscriptionStatus,
        result.recurring_status,
        { billing_cycles: sub.billing_cycles ?? null, deducted },
        { active: codes?.recurring_active ?? ["1"], inactive: codes?.recurring_inactive ?? ["0"] }
      )
      const next = gatewayDateTime(result.recurring_deduction_time)
      const later = next && (!sub.next_deduction_at || next > new Date(sub.next_deduction_at)) ? next : null
      const update: Record<string, unknown> = { id: sub.id, last_synced_at: new Date() }
      if (status !== sub.status) {
        update.status = status
        if (status === "cancelled" && !sub.cancelled_at) update.cancelled_at = new Date()
        changes.push(`status ${sub.status} → ${status}`)
      }
      if (later) update.next_deduction_at = later
      if (result.recurring_deduction_period && result.recurring_deduction_period !== sub.deduction_period) update.deduction_period = result.recurring_deduction_period
      await gateway.updateGatewaySubscriptions(update as { id: string })
      if (changes.length) {
        container.resolve(ContainerRegistrationKeys.LOGGER).info(`Gateway subscription ${recurringId}: ${changes.join(", ")}`)
      }
      return { recurring_id: recurringId, subscription_id: sub.id, changes }
    },
    { timeout: 30 }
  )
}

/** The contract from the session that sold it, when that session's payment went through; null otherwise. */
async function recordFromSession(container: MedusaContainer, record: TransactionRecord, recurringId: string): Promise<string | null> {
  if (!record.order_no) return null
  const [session] = await container.resolve(Modules.PAYMENT).listPaymentSessions({ id: [record.order_no] }, { relations: ["payment"] })
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

/** The order query's `transaction_date` (14 digits, year to second; UTC [assumed]). */
function transactionDate(text: string | null | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text ?? "")
  return m ? gatewayDateTime(`${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6]}`) : null
}
