import { model } from "@medusajs/framework/utils"

/**
 * A gateway transaction the plugin started that is no payment of a Medusa order, and what the plugin did to give
 * the money back (reconciliation/release.ts): voided while authorised, refunded once captured, or, where the
 * gateway refused or its answer was lost, shown to staff. One row a transaction; staff see them on the
 * Reconciliation page and in the order's widget, and an alert names each one a person must act on.
 */
export const GatewayRelease = model.define("gateway_release", {
  id: model.id({ prefix: "gwrel" }).primaryKey(),
  transaction_id: model.text().unique(),
  /** The payment session (the gateway's order_no) the transaction was made for. */
  order_no: model.text().index(),
  /**
   * Why it belongs to no order: session_replaced (Medusa deleted its session), second_payment (its cart is an
   * order paid by another payment), checkout_expired (no order within `reconciliation.release_after_seconds`),
   * earlier_attempt (its session went on with another transaction).
   */
  reason: model.text(),
  /** releasing (sent, or about to be), released, nothing_held, kept (an order's payment after all), refused, unknown (the answer was lost). */
  status: model.text(),
  /** voided | refunded, once tried. */
  how: model.text().nullable(),
  /** Decimal text and currency of the transaction at the gateway. */
  amount: model.text(),
  currency: model.text(),
  cart_id: model.text().index().nullable(),
  /** The cart's order, when it has one (paid another way). */
  order_id: model.text().index().nullable(),
  /** What happened last, in words, and what a person must do when the release did not go through. */
  note: model.text().nullable(),
  released_at: model.dateTime().nullable(),
})
