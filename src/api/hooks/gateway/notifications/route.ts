/**
 * POST /hooks/gateway/notifications — the address to register with the gateway as `notify_url`.
 *
 * Open route (no Medusa auth): the caller is authenticated by the notification's signature, checked in
 * constant time. Every notification is written to the module's log before it is acknowledged; a verified one
 * is answered 200 and processed afterwards (event `gateway.notification.received`), idempotently. Unsigned or
 * forged: 401, logged as rejected, nothing changes. Form-encoded and JSON bodies are both accepted.
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { createHash } from "node:crypto"
import { AcquiringClient, redact } from "../../../../lib/gateway"
import type GatewayModuleService from "../../../../modules/gateway/service"

export const GATEWAY_NOTIFICATION_EVENT = "gateway.notification.received"

const text = (v: unknown) => (v === undefined || v === null || v === "" ? null : String(v))

/**
 * Payment notifications are signed with the payment provider's sign key; payout notifications with the
 * payout account's (module option `payout.sign_key`). `notify_type` only picks which one to check: a forged
 * type cannot make a forged signature verify.
 */
function verify(body: Record<string, unknown>, notifyType: unknown, payments: AcquiringClient | null, gatewayModule: GatewayModuleService): boolean {
  if (!body.encryption_data) return false
  try {
    const client = notifyType === "PAYOUT" ? gatewayModule.payouts() : payments
    return Boolean(client?.verifyNotification(body))
  } catch {
    return false // payouts not configured
  }
}

/**
 * The replay key: the signature is a digest of the signed fields, so equal signatures mean equal signed
 * content (the gateway's own `notify_id` is not signed, so a forged one could hide a real notification).
 * The type is part of it so that a refund notification is not taken for a replay of a payment notification
 * whose signed fields are the same; processing confirms everything with the gateway, so a forged type can
 * only cause one more query.
 */
const replayKey = (body: Record<string, unknown>) =>
  createHash("sha256").update(`${String(body.notify_type ?? "")}|${String(body.encryption_data ?? "").toLowerCase()}`).digest("hex")

export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const gatewayModule = req.scope.resolve("gateway")
  const body = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {}
  const payments = gatewayModule.paymentOptions() ? gatewayModule.acquiring() : null
  // Our names and values (the provider options' field_names / field_values undone); the log keeps the body as received.
  const decoded = payments ? payments.decodeNotification(body) : body
  const verified = verify(body, decoded.notify_type, payments, gatewayModule)
  const payload = redact(body) as Record<string, unknown>
  const notifyId = verified ? replayKey(decoded) : createHash("sha256").update(JSON.stringify(payload)).digest("hex")

  const stored = await gatewayModule.createGatewayNotifications({
    notify_id: notifyId,
    notify_type: text(decoded.notify_type) ?? "PAYMENT",
    // Taken from the body before redaction: the processor reads these columns, never the redacted payload.
    order_no: text(decoded.order_no),
    transaction_id: text(decoded.transaction_id),
    content_type: String(req.headers["content-type"] ?? "").split(";")[0] || "unknown",
    payload,
    verified,
    status: verified ? "received" : "rejected",
    result: verified ? null : body.encryption_data ? "signature did not verify" : "unsigned",
    received_at: new Date(),
  })
  if (!verified) {
    logger.warn(`Gateway notification ${stored.id} rejected: ${stored.result}`)
    return res.status(401).json({ message: "Notification signature did not verify" })
  }
  await req.scope.resolve(Modules.EVENT_BUS).emit({ name: GATEWAY_NOTIFICATION_EVENT, data: { id: stored.id } })
  res.status(200).json({ received: true, id: stored.id })
}
