/**
 * The payments dashboard's records written from outside the provider: what reconciliation (notifications, the
 * order and refund syncs, review) changed in a payment's data. The provider records its own changes
 * (SessionGateway.track); both go through the same snapshot (src/domain/payment-attempts.ts), so a change seen
 * twice is recorded once.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { redact, TransactionRecord } from "../lib/gateway"
import { paymentSnapshot, readSessionData, RecordFacts } from "../domain"

/** Records a payment's data (a session's or payment's `data`) for the dashboard. Never throws: it must not stop reconciliation. */
export async function trackPaymentData(
  container: MedusaContainer,
  data: Record<string, unknown> | null | undefined,
  extra: RecordFacts = {}
): Promise<void> {
  const ours = readSessionData(data ?? undefined)
  if (!ours) return
  try {
    await container.resolve("gateway").recordPayment(paymentSnapshot(ours, extra))
  } catch (err) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        String(
          redact(
            `Gateway payment ${ours.order_no}: the dashboard's record could not be written: ${(err as Error).message}`
          )
        )
      )
  }
}

/**
 * Records session `orderNo` as it is once the gateway's `record` of it was applied (applyGatewayState): its data
 * read again (the payment's, once there is one), with the record's transaction and 3-D Secure flag.
 */
export async function trackGatewayState(
  container: MedusaContainer,
  orderNo: string,
  record: TransactionRecord | null
): Promise<void> {
  const [session] = await container
    .resolve(Modules.PAYMENT)
    .listPaymentSessions({ id: [orderNo] }, { relations: ["payment"] })
    .catch(() => [])
  if (!session) return
  await trackPaymentData(container, (session.payment?.data ?? session.data) as Record<string, unknown>, {
    transaction_id: record?.transaction_id || null,
    is3ds: record?.is3ds ?? null,
  })
}
