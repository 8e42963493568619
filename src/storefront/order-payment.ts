/**
 * What an order confirmation page says of a gateway payment Medusa has not recorded yet. A card payment the
 * gateway holds for risk review makes the order with its session `pending_authorization` and no payment: staff
 * approve it (Medusa then records the payment) or reject it (the order is canceled). A page that shows only the
 * order's payments (the DTC starter's "Payment" section) would show nothing; this names the state instead.
 */
import { isGatewayProvider } from "../domain/providers.js"

/**
 * The store order fields `orderPaymentNotice` reads, to add to a page's `fields`. Relations with "*": Medusa's
 * store order route answers only whole relations it allows (not their single columns), and a "*" relation keeps
 * the route's default fields, where a plain field would replace them.
 */
export const ORDER_PAYMENT_FIELDS = "*payment_collections.payments,*payment_collections.payment_sessions"

/** The part of a store order `orderPaymentNotice` reads. */
export interface OrderPaymentView {
  payment_collections?: Array<{
    payments?: Array<unknown> | null
    payment_sessions?: Array<{ status?: string | null; provider_id?: string | null }> | null
  } | null> | null
}

/** `under_review`: held for the gateway's risk review, nothing recorded yet. */
export type OrderPaymentState = "under_review"

/** The notice for an order whose gateway payment is not recorded yet; null when there is nothing to say. */
export function orderPaymentNotice(order: OrderPaymentView | null | undefined): OrderPaymentState | null {
  for (const collection of order?.payment_collections ?? []) {
    if (collection?.payments?.length) continue
    const held = (collection?.payment_sessions ?? []).some(
      (s) => isGatewayProvider(s?.provider_id) && s?.status === "pending_authorization"
    )
    if (held) return "under_review"
  }
  return null
}
