/**
 * POST /hooks/gateway/notifications — the address to register with the gateway as `notify_url`.
 *
 * Open route (no Medusa auth): the caller is authenticated by the notification's signature, checked in
 * constant time before anything is written. A verified notification is recorded (one row per signed content,
 * its replay key: src/domain/notifications.ts; each delivery counted), answered 200 and processed afterwards
 * (event `gateway.notification.received`); a repeat of signed content already recorded is answered 200 with
 * `duplicate: true` and read from the gateway again by the same row. More than
 * `notifications.max_deliveries_per_minute` deliveries of one row within a minute (a replay loop) are answered the
 * same, but those beyond it that a read already due covers emit no event. Unsigned or forged: 401, counted per
 * minute and kept only as a small sample without its body (a few a minute), nothing changes. Form-encoded and
 * JSON bodies are both accepted, up to 16 kB (src/api/middlewares.ts).
 */
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { notificationReplayKey } from "../../../../domain"
import { ReadNotification, redact } from "../../../../lib/gateway"
import type GatewayModuleService from "../../../../modules/gateway/service"

export const GATEWAY_NOTIFICATION_EVENT = "gateway.notification.received"

const text = (v: unknown) => (v === undefined || v === null || v === "" ? null : String(v))

/**
 * Reads the body with the client of its formula: payout notifications are signed with the payout account's
 * sign key (module option `payout.sign_key`), all others with the payment provider's. `notify_type` only picks
 * which one to check: a forged type cannot make a forged signature verify.
 */
function read(body: Record<string, unknown>, gatewayModule: GatewayModuleService): ReadNotification {
  const payments = gatewayModule.paymentOptions() ? gatewayModule.acquiring() : null
  const asPayment = payments?.readNotification(body)
  if (asPayment ? asPayment.formula === "notification" : body.notify_type !== "PAYOUT") {
    return asPayment ?? { formula: "notification", verified: false, fields: body }
  }
  try {
    const asPayout = gatewayModule.payouts().readNotification(body)
    // Only the payout formula, with the payout account's key, makes a payout notification.
    return asPayout.formula === "payoutNotification" ? asPayout : { ...asPayout, verified: false }
  } catch {
    return { formula: "payoutNotification", verified: false, fields: asPayment?.fields ?? body } // payouts not configured
  }
}

export const POST = async (req: MedusaRequest, res: MedusaResponse) => {
  const logger = req.scope.resolve(ContainerRegistrationKeys.LOGGER)
  const gatewayModule = req.scope.resolve("gateway")
  const body =
    req.body && typeof req.body === "object" && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {}
  const { formula, verified, fields } = read(body, gatewayModule)
  const contentType =
    String(req.headers["content-type"] ?? "")
      .split(";")[0]!
      .trim() || "unknown"

  if (!verified) {
    const reason = fields.encryption_data ? "bad_signature" : "unsigned"
    const length = Number(req.headers["content-length"])
    const sample = await gatewayModule.recordRejectedNotification({
      reason,
      notify_type: text(fields.notify_type),
      order_no: text(fields.order_no),
      content_type: contentType,
      size: Number.isFinite(length) ? length : null,
      source: req.ip ?? req.socket?.remoteAddress ?? null,
    })
    // Logged with its sample only: a flood logs a few lines a minute, as it stores a few rows.
    if (sample)
      logger.warn(
        String(
          redact(
            `Gateway notification rejected (${reason === "unsigned" ? "unsigned" : "signature did not verify"}), sample ${sample}`
          )
        )
      )
    return res.status(401).json({ message: "Notification signature did not verify" })
  }

  const payment = formula === "notification"
  const { id, duplicate, dropped } = await gatewayModule.recordVerifiedNotification({
    notify_id: notificationReplayKey({ formula, fields }),
    notify_type: text(fields.notify_type) ?? "PAYMENT",
    // Signed in a payment notification, read from the body before redaction: the processor reads these columns.
    // A payout notification's formula signs neither.
    order_no: payment ? text(fields.order_no) : null,
    transaction_id: payment ? text(fields.transaction_id) : null,
    content_type: contentType,
    payload: redact(body) as Record<string, unknown>,
  })
  // A delivery beyond `notifications.max_deliveries_per_minute` of its record, while a read of the record after it is
  // already certain (recordVerifiedNotification): answered as the duplicate it is, without an event.
  if (!dropped) await req.scope.resolve(Modules.EVENT_BUS).emit({ name: GATEWAY_NOTIFICATION_EVENT, data: { id } })
  res.status(200).json({ received: true, id, duplicate })
}
