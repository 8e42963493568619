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
import { redact } from "../../../../lib/gateway"
import { GATEWAY_MODULE } from "../../../../modules/gateway"
import type GatewayModuleService from "../../../../modules/gateway/service"
import { configuredAcquiringClient } from "../../../../providers/gateway/core/client"

export const GATEWAY_NOTIFICATION_EVENT = "gateway.notification.received"

const text = (v: unknown) => (v === undefined || v === null || v === "" ? null : String(v))

export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const gatewayModule = req.scope.resolve<GatewayModuleService>(GATEWAY_MODULE)
  const body = req.body && typeof req.body === "object" ? (req.body as Record<string, unknown>) : {}
  const client = configuredAcquiringClient(logger)
  const verified = Boolean(client && body.encryption_data && client.verifyNotification(body))
  const payload = redact(body) as Record<string, unknown>
  const notifyId = text(body.notify_id) ?? createHash("sha256").update(JSON.stringify(payload)).digest("hex")

  const stored = await gatewayModule.createGatewayNotifications({
    notify_id: notifyId,
    notify_type: text(body.notify_type) ?? "PAYMENT",
    order_no: text(body.order_no),
    transaction_id: text(body.transaction_id),
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
