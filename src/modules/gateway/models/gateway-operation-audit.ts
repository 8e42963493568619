import { model } from "@medusajs/framework/utils"

/**
 * One row per issuing or payout operation sent to the gateway (and per card reveal): who asked, what, when,
 * the request_id sent, the gateway's request number and the result. Written whether the gateway accepted,
 * refused or did not answer, so a failed or retried operation is traceable. `details` holds a redacted
 * summary (ids and amounts), never card data.
 *
 * result: succeeded | failed (the gateway refused; code and message kept) | unknown (sent, answer lost)
 *         | partial (card creation where only some cards were created).
 */
export const GatewayOperationAudit = model
  .define("gateway_operation_audit", {
    id: model.id({ prefix: "gwaud" }).primaryKey(),
    /** e.g. payout.create, cardholder.delete, card.create, card.recharge, card.reveal, group.close */
    operation: model.text().index(),
    actor_type: model.text(),
    actor_id: model.text().index().nullable(),
    /** The module record the operation is about (gwpout_..., gwcard_...), when there is one. */
    target_id: model.text().index().nullable(),
    request_id: model.text().index().nullable(),
    gateway_req_no: model.text().nullable(),
    result: model.enum(["succeeded", "failed", "unknown", "partial"]),
    error_code: model.text().nullable(),
    error_message: model.text().nullable(),
    details: model.json().nullable(),
  })
  .indexes([{ on: ["operation", "created_at"] }])
