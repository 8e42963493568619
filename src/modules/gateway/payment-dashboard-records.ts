/**
 * What the service records and reads for the payments dashboard, on top of ./payment-records.ts (the rows and
 * their daily roll-ups): declines are redacted before they are kept, and the dashboard is figured from the
 * roll-ups (src/dashboard/figures.ts).
 */
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { GatewayDecline, PaymentSnapshot } from "../../domain"
import { DashboardFilters, DashboardPeriod, paymentsDashboard } from "../../dashboard/figures"
import type { PaymentsDashboard } from "../../types/http"
import { attemptOfTransaction, readDays, recordAttempt, recordMoney } from "./payment-records"
import { redactedDecline } from "./payment-details"
import { chargebackThreshold, GatewayModuleOptions } from "./options"

/** Records one look at a payment: its current attempt (decline redacted), then the money it moved. */
export async function recordPaymentSnapshot(knex: Knex, snapshot: PaymentSnapshot): Promise<void> {
  const attempt = snapshot.attempt
  if (attempt) await recordAttempt(knex, { ...attempt, decline: attempt.decline && redactedDecline(attempt.decline) })
  await recordMoney(knex, snapshot.money.dimensions, snapshot.money.movements)
}

/**
 * Keeps a decline learned after the attempt's outcome on the attempt of `transactionId`, if it was recorded; the
 * other facts are left as they are (null: nothing new), and no attempt is created (`insert` false).
 */
export async function recordLaterDecline(
  knex: Knex,
  orderNo: string,
  transactionId: string,
  decline: GatewayDecline
): Promise<void> {
  const attempt = await attemptOfTransaction(knex, orderNo, transactionId)
  if (!attempt) return
  await recordAttempt(
    knex,
    {
      ...attempt,
      outcome: null,
      threeds: null,
      transaction_id: transactionId,
      card_brand: null,
      decline: redactedDecline(decline),
    },
    false
  )
}

/** The dashboard of `period` from its days' roll-ups, filtered; the chargeback threshold is the `dashboard` option's. */
export async function readPaymentsDashboard(
  knex: Knex,
  period: DashboardPeriod,
  filters: DashboardFilters,
  dashboard: GatewayModuleOptions["dashboard"]
): Promise<PaymentsDashboard> {
  const { attempts, money } = await readDays(knex, period.from, period.to)
  return paymentsDashboard(attempts, money, period, filters, chargebackThreshold(dashboard))
}
