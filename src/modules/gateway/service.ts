import { MedusaService } from "@medusajs/framework/utils"
import { GatewayNotification } from "./models/gateway-notification"
import { GatewayPayment } from "./models/gateway-payment"
import { GatewaySyncRun } from "./models/gateway-sync-run"

/** The plugin's own records: the gateway's notifications, payment details, sync runs (and issuing, payouts). */
class GatewayModuleService extends MedusaService({
  GatewayNotification,
  GatewayPayment,
  GatewaySyncRun,
}) {}

export default GatewayModuleService
