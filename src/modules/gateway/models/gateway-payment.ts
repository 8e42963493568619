import { model } from "@medusajs/framework/utils"

/**
 * What the plugin knows of a payment beyond what a shopper may see in Medusa's session data: risk result,
 * review and dispute state, and when it last heard from the gateway. Keyed by order_no = the session id.
 */
export const GatewayPayment = model.define("gateway_payment", {
  id: model.id({ prefix: "gwpay" }).primaryKey(),
  order_no: model.text().unique(),
  transaction_id: model.text().index().nullable(),
  payment_id: model.text().index().nullable(),
  provider_id: model.text().nullable(),
  gateway_state: model.text().nullable(),
  payment_status: model.text().nullable(),
  threeds_result: model.text().nullable(),
  risk_action: model.text().nullable(),
  risk_score: model.text().nullable(),
  risk_reasons: model.json().nullable(),
  /** null, "held", "approved", "rejected" */
  review_status: model.text().nullable(),
  disputes: model.json().nullable(),
  /** Refunds as the gateway reports them: reference, refund_reference_id, amount, status. */
  refunds: model.json().nullable(),
  last_notification_at: model.dateTime().nullable(),
  last_reconciled_at: model.dateTime().nullable(),
  /** A difference reconciliation found and could not resolve by itself. */
  discrepancy: model.text().nullable(),
  /**
   * The gateway's own code and message of the latest refused attempt (staff only: the shopper's session data
   * holds only a category, see src/domain/shopper-decline.ts).
   */
  decline_code: model.text().nullable(),
  decline_message: model.text().nullable(),
})
