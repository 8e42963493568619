import { model } from "@medusajs/framework/utils"

/**
 * One row per issuing or payout operation sent to the gateway (and per card reveal): who asked, what, when,
 * the request_id sent, the gateway's request number and the result. The row is written ("attempted") before
 * anything is sent, and the request is refused when it cannot be written; the result is filled in afterwards,
 * whether the gateway accepted, refused or did not answer. `details` holds a redacted summary (ids and
 * amounts), never card data.
 *
 * result: attempted (written before the call; stays so only while in flight, or when the result could not be
 *         written) | succeeded | failed (the gateway refused, or nothing was sent; code and message kept)
 *         | unknown (sent, answer lost) | partial (card creation where only some cards were created)
 *         | undone (done, then reversed by the compensation: see the `.undo` row).
 *
 * `idempotency_key` is the admin client's key of a money-moving request (payout, card recharge or withdraw,
 * group refund, card or group creation). The unique index holds a key for as long as its request may have moved money (every result
 * but failed and undone): a repeat is answered from here, a second request with the same key is never sent.
 * `request_hash` fingerprints the first request, so that a repeat with another body is refused.
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
    idempotency_key: model.text().nullable(),
    request_hash: model.text().nullable(),
    gateway_req_no: model.text().nullable(),
    result: model.enum(["attempted", "succeeded", "failed", "unknown", "partial", "undone"]),
    error_code: model.text().nullable(),
    error_message: model.text().nullable(),
    details: model.json().nullable(),
  })
  .indexes([
    { on: ["operation", "created_at"] },
    // Rate limits count a user's rows of one operation in a window (card reveals).
    { on: ["operation", "actor_id", "created_at"] },
    {
      name: "IDX_gateway_operation_audit_idempotency_key_held",
      on: ["idempotency_key"],
      unique: true,
      where: "idempotency_key IS NOT NULL AND result NOT IN ('failed', 'undone')",
    },
  ])
