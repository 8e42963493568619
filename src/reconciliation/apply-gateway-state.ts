/**
 * Moves Medusa to what the gateway says about one payment session (order_no = session id). The one place used
 * by the notification processor, the order-sync job and the review route, so that all three agree.
 *
 * - Only the session's current transaction counts: a record of an earlier attempt (declined, then retried) is
 *   ignored, so a late notification about it never cancels the payment that replaced it.
 * - A record for another amount or currency than the session's is a discrepancy, never an authorisation.
 * - Forward only: a payment is never moved back (a late "authorized" for a captured payment changes nothing).
 * - A captured reading of a payment the plugin never captured moves nothing unless the store declared the code
 *   (actionableState in ../domain/status.ts): a session is authorised, a payment is reported for staff.
 * - Medusa's own workflows and module methods make every change; a difference that cannot be resolved safely
 *   (a capture Medusa booked that the gateway has not made, a refund made outside Medusa) is reported as a
 *   discrepancy, never guessed.
 */
import type { MedusaContainer, PaymentSessionStatus } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { fromGatewayAmount, fromMinorUnits, redact, toMinorUnits, TransactionRecord } from "../lib/gateway"
import {
  amountMismatch,
  GatewayState,
  isCapturedState,
  isGatewayProvider,
  isPaidState,
  mayResendCapture,
  readSessionData,
  resendWholeCapture,
  sessionStateOf,
  sessionStatusOf,
  shopperDecline,
  stateOfRecord,
  toProviderData,
} from "../domain"
import { trackGatewayState } from "../dashboard/track"
import { bookLostChargebacks } from "./chargebacks"
import { checkoutExpired, olderThanSettling } from "./deadlines"
import { paymentLockKey } from "./payment-lock"
import { applyToDeletedSession } from "./deleted-sessions"
import { reviewStatusOf, upsertGatewayPayment } from "./gateway-payment-record"
import {
  completionFailed,
  paidByAnotherSession,
  releaseExpired,
  releaseSession,
  settleUnpaidSession,
} from "./ghost-payments"
import { orderOfPaymentCollection } from "./order-of-session"
import { applyToOtherTransaction } from "./other-transactions"
import { applySubscriptionRecord } from "./subscriptions"
import type { ApplyResult } from "./results"

export type { ApplyResult } from "./results"

export async function applyGatewayState(
  container: MedusaContainer,
  orderNo: string,
  record: TransactionRecord | null,
  extra: {
    risk?: { action?: string | null; score?: string | null; reasons?: unknown } | null
    review_status?: string | null
  } = {}
): Promise<ApplyResult> {
  const paymentModule = container.resolve(Modules.PAYMENT)
  const locking = container.resolve(Modules.LOCKING)
  const gatewayModule = container.resolve("gateway")
  /** What the gateway's code reads as; `state` below is what the plugin acts on (they differ for an assumed capture). */
  const read: GatewayState = record ? stateOfRecord(record) : "not_found"
  let state = read
  const changes: string[] = []
  let discrepancy: string | null = null

  // A notification and a job run may handle the same session at once.
  return locking.execute(
    paymentLockKey(orderNo),
    async () => {
      const [session] = await paymentModule.listPaymentSessions({ id: [orderNo] }, { relations: ["payment"] })
      if (!session) {
        // Medusa deleted it (a method switch, a cart change): what the gateway holds of it is released.
        const deleted = await applyToDeletedSession(container, orderNo, record, read)
        return (
          deleted ?? {
            order_no: orderNo,
            state,
            changes,
            discrepancy: "no Medusa payment session has this order number",
          }
        )
      }
      if (!isGatewayProvider(session.provider_id)) return { order_no: orderNo, state, changes, discrepancy: null }
      const payment = session.payment ?? null
      const ours = readSessionData((payment?.data ?? session.data) as Record<string, unknown> | undefined)
      const recordTx = record?.transaction_id || null
      const recurringId = record?.subscription_result?.recurring_id || null
      if (record && ours) {
        const other = await applyToOtherTransaction(
          container,
          orderNo,
          session.payment_collection_id,
          ours,
          record,
          read
        )
        if (other) return other
      }
      const mismatch = record && ours ? amountMismatch(record, ours, (a, c) => toMinorUnits(a, c)) : null
      if (mismatch) {
        await upsertGatewayPayment(gatewayModule, orderNo, {
          transaction_id: recordTx,
          payment_id: payment?.id ?? null,
          provider_id: session.provider_id,
          gateway_state: state,
          payment_status: record?.payment_status ?? null,
          last_reconciled_at: new Date(),
          discrepancy: mismatch,
        })
        return { order_no: orderNo, state, changes, discrepancy: mismatch }
      }
      const amount =
        record?.amount && record.currency ? fromGatewayAmount(record.amount, record.currency) : Number(session.amount)
      // A session moved to `status`, its data the provider's own keys and `patch`, never a key someone else put
      // there (Medusa passes it to updatePayment, which authorises a card_submission). The record is the session's
      // current transaction (applyToOtherTransaction took any other), so a session whose answer was lost learns its
      // id here: without it, a held card session would read as one still waiting for a card.
      const updateSession = (patch: Record<string, unknown>, status: PaymentSessionStatus) =>
        paymentModule.updatePaymentSession({
          id: session.id,
          amount: session.amount,
          currency_code: session.currency_code,
          data: {
            ...(ours ? toProviderData(ours) : {}),
            ...(recordTx && !ours?.transaction_id ? { transaction_id: recordTx } : {}),
            ...patch,
          },
          status,
        })
      if (record) state = sessionStateOf(record, ours, gatewayModule.paymentOptions()?.payment_status_codes).state

      const { cartId, orderId } = await orderOfPaymentCollection(container, session.payment_collection_id)

      let unknownCaptures = ours?.captures.filter((c) => c.status === "unknown") ?? []
      const lost = unknownCaptures.length === 1 && ours!.captures.length === 1 ? unknownCaptures[0]! : null
      if (state !== read && payment && ours && lost && mayResendCapture(ours, lost.amount, 0)) {
        // A lost whole capture the assumed code cannot settle: sent once more (../domain/lost-capture.ts).
        const resent = await resendWholeCapture(gatewayModule.acquiring(), ours, async () =>
          gatewayModule.stateOfRecord(
            await gatewayModule
              .findSessionTransaction(orderNo, ours.transaction_id, ours.superseded_transaction_ids)
              .catch(() => null)
          )
        )
        if (resent && "by" in resent) {
          await paymentModule.updatePayment({
            id: payment.id,
            data: {
              ...payment.data,
              captures: [{ ...lost, status: "captured", by: resent.by }],
              captured_amount: lost.amount,
              outcome_unknown: false,
              gateway_state: read,
            },
          } as { id: string })
          changes.push(
            `capture ${lost.id} settled by sending it again (${resent.by === "plugin" ? "captured now" : "the gateway had captured it"})`
          )
          state = read
          unknownCaptures = []
        } else if (resent) {
          discrepancy = `capture ${lost.id}: its answer was lost and the gateway refuses it again (${resent.refused}) without reading the payment as captured`
        }
      }
      if (state !== read && payment) {
        // A captured reading of a payment the plugin never captured, by a code whose meaning is assumed: staff decide.
        const code = record?.payment_status ?? ""
        discrepancy ??= unknownCaptures.length
          ? `the answer to capture ${unknownCaptures.map((c) => c.id).join(", ")} was lost and the gateway's payment_status ${code} (read as ${read}, an assumed meaning) cannot tell whether it was made: check the payment in the gateway's portal, or declare ${code} in the provider option payment_status_codes`
          : `the gateway's payment_status ${code} reads as ${read} (an assumed meaning) but this plugin has not captured the payment, so Medusa keeps it authorized: capture it in Medusa (if the gateway captured it itself, it refuses and the capture is booked as captured by the gateway), or declare ${code} in the provider option payment_status_codes`
      } else if (state === "authorized" && payment && (payment.captured_at || unknownCaptures.length)) {
        // Medusa booked a capture the gateway has not made (its answer was lost): staff decide, nothing is guessed.
        discrepancy = `Medusa recorded a capture${unknownCaptures.length ? ` whose outcome was lost (${unknownCaptures.map((c) => c.id).join(", ")})` : ""} but the gateway says the payment is only authorized`
      } else if (isPaidState(state)) {
        const captured = isCapturedState(state)
        if (captured && payment && ours && unknownCaptures.length) {
          // The lost capture answers are settled: the gateway did capture.
          const captures = ours.captures.map((c) => ({ ...c, status: "captured" as const }))
          const total = captures.reduce((sum, c) => sum + toMinorUnits(c.amount, ours.currency), 0n)
          await paymentModule.updatePayment({
            id: payment.id,
            data: {
              ...payment.data,
              captures,
              captured_amount: fromMinorUnits(total, ours.currency),
              outcome_unknown: false,
              gateway_state: state,
            },
          } as { id: string })
          changes.push(`capture ${unknownCaptures.map((c) => c.id).join(", ")} confirmed`)
        }
        const capturedInMedusa = Boolean(payment?.captured_at) || Boolean(ours?.captures.length)
        // A payment whose cart never became an order: complete-cart was cut short between the two (the process
        // stopped), past the settling deadline so that a completion under way is left to finish (./cut-short.ts).
        const orderless = Boolean(
          payment && cartId && !orderId && !payment.canceled_at && olderThanSettling(payment.created_at, gatewayModule)
        )
        if (!payment && record) {
          if (ours && !ours.transaction_id) {
            // A paid attempt the session never recorded (its answer lost, then read as failed before the gateway
            // had it) is recorded first, with the status it has: Medusa's completion authorises the session from its
            // data, and would refuse one that reads as failed; and an `error` session is never read by the sync again.
            await updateSession(
              { gateway_state: state, outcome_unknown: false, decline: null },
              sessionStatusOf(state, false)
            )
            changes.push(`attempt ${recordTx} recorded`)
          }
          // Money held with no payment in Medusa (./ghost-payments.ts): a second payment of the collection or an
          // expired checkout is released; otherwise it becomes its order's payment, or its cart is completed into one.
          discrepancy = await settleUnpaidSession(
            container,
            { session, record, state, capture: captured, amount, cartId, orderId },
            changes
          )
        } else if (orderless && record && checkoutExpired(payment!.created_at, gatewayModule)) {
          // No order within reconciliation.release_after_seconds (N-4): released, not completed into a late order.
          discrepancy = await releaseExpired(
            container,
            session,
            payment,
            record,
            capturedInMedusa,
            { cartId, orderId },
            changes
          )
        } else if (orderless) {
          // Medusa's own path for a payment the provider confirmed: completes the cart into an order.
          await processPaymentWorkflow(container).run({
            input: { action: "authorized", data: { session_id: orderNo, amount } },
          })
          const made = (await orderOfPaymentCollection(container, session.payment_collection_id)).orderId
          changes.push(made ? "order created" : "order not created")
          discrepancy = made ? null : completionFailed(state)
        } else if (captured && !capturedInMedusa) {
          // A capture the gateway made by itself (its portal) of a payment Medusa holds as authorised: the answer does
          // not say how much was taken, so nothing is booked for the whole amount (N-10): staff capture what was taken.
          discrepancy = `the gateway reads the payment ${state} (payment_status ${record?.payment_status ?? ""}, a code the store declared) but this plugin did not capture it and the gateway's answer does not say how much was taken: capture in Medusa the amount the gateway's portal shows (the gateway refuses it as already captured and it is booked as captured by the gateway)`
        }
        if (payment?.canceled_at) discrepancy = `the gateway says ${state} but Medusa's payment is canceled`
      } else if (state === "canceled") {
        if (payment && !payment.canceled_at && !payment.captured_at) {
          await paymentModule.cancelPayment(payment.id)
          changes.push("payment canceled")
        } else if (payment?.captured_at) {
          discrepancy = "the gateway says canceled but Medusa's payment is captured"
        } else if (!payment && session.status !== "canceled") {
          await updateSession({ gateway_state: "canceled" }, "canceled")
          changes.push("session canceled")
        }
      } else if (state === "failed") {
        if (payment) {
          discrepancy = payment.captured_at ? "the gateway says failed but Medusa's payment is captured" : null
          if (!payment.captured_at && !payment.canceled_at) {
            await paymentModule.cancelPayment(payment.id)
            changes.push("payment canceled (failed at the gateway)")
          }
        } else if (session.status !== "error") {
          await updateSession({ gateway_state: "failed", outcome_unknown: false, issuer_url: null }, "error")
          changes.push("session failed")
          // An order created while the payment was held for review has nothing to pay it now.
          if (orderId) {
            await cancelOrderWorkflow(container).run({ input: { order_id: orderId } })
            changes.push("order canceled")
          }
        }
      } else if (
        state === "not_found" &&
        !payment &&
        ours?.outcome_unknown &&
        !ours.transaction_id &&
        session.status !== "error" &&
        olderThanSettling(session.updated_at, gatewayModule)
      ) {
        // A card post cut short before it reached the gateway (the order sync marked it unknown): nothing was made,
        // so the attempt failed and the shopper may pay again; never an answer "lost" for ever.
        await updateSession(
          {
            gateway_state: "failed",
            outcome_unknown: false,
            decline: shopperDecline("try_again_later"),
          },
          "error"
        )
        changes.push("card post never reached the gateway: failed")
      } else if (state === "review" && !payment) {
        // Held for review while the collection is paid by another session (a second payment, N-1), or while the cart
        // is no order past the release deadline (N-4): released. Otherwise the session waits for the review.
        const release = !record
          ? null
          : (await paidByAnotherSession(container, session))
            ? "second_payment"
            : !orderId && checkoutExpired(session.updated_at, gatewayModule)
              ? "checkout_expired"
              : null
        if (release) {
          const { outcome, change } = await releaseSession(container, session, record!, release, { cartId, orderId })
          changes.push(change)
          if (outcome?.status === "refused") discrepancy = outcome.note
        } else if (session.status !== "pending_authorization") {
          await updateSession({ gateway_state: "review", outcome_unknown: false }, "pending_authorization")
          changes.push("held for review")
        }
      }

      let disputes: unknown[] | undefined
      if (state === "charged_back") {
        // The gateway took the money back after a lost dispute: Medusa books it as a refund, once.
        const [current] = await paymentModule.listPayments({ payment_session_id: session.id } as never, {
          select: ["id"],
        })
        if (current) {
          const [gp] = await gatewayModule.listGatewayPayments({ order_no: orderNo }, { select: ["id", "disputes"] })
          const booked = await bookLostChargebacks(container, current.id, record, gp?.disputes ?? null)
          changes.push(...booked.changes)
          discrepancy = [discrepancy, booked.discrepancy].filter(Boolean).join("; ") || null
          disputes = booked.disputes
        }
      }

      // A card this payment tokenised becomes the customer's only once the payment is authorised (also when the
      // shopper never came back from 3-D Secure), and is dropped when it failed.
      if (isPaidState(state)) await gatewayModule.confirmSavedCard(orderNo)
      else if (state === "failed" || state === "canceled") await gatewayModule.discardPendingCard(orderNo)

      if (record && recurringId && ours?.subscription) {
        const applied = await applySubscriptionRecord(container, record)
        if (applied?.changes.length) changes.push(...applied.changes.map((c) => `subscription ${c}`))
      }

      await upsertGatewayPayment(gatewayModule, orderNo, {
        transaction_id: record?.transaction_id ?? null,
        payment_id: payment?.id ?? null,
        provider_id: session.provider_id,
        gateway_state: read,
        payment_status: record?.payment_status ?? null,
        ...(disputes ? { disputes } : {}),
        ...(extra.risk
          ? {
              risk_action: extra.risk.action ?? null,
              risk_score: extra.risk.score ?? null,
              risk_reasons: extra.risk.reasons ?? null,
            }
          : {}),
        ...reviewStatusOf(
          extra.review_status,
          state,
          (await gatewayModule.listGatewayPayments({ order_no: orderNo }))[0]?.review_status ?? null
        ),
        last_reconciled_at: new Date(),
        discrepancy,
      })
      await trackGatewayState(container, orderNo, record)
      if (changes.length) {
        container
          .resolve(ContainerRegistrationKeys.LOGGER)
          .info(String(redact(`Gateway payment ${orderNo} is ${state}: ${changes.join(", ")}`)))
      }
      return { order_no: orderNo, state, changes, discrepancy }
    },
    { timeout: 30 }
  )
}
