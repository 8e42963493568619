/** The module's data models, as `MedusaService` generates the service's CRUD methods from them (./service.ts). */
import { GatewayCard } from "./models/gateway-card"
import { GatewayCardAttemptCounter } from "./models/gateway-card-attempt-counter"
import { GatewayCardGroup } from "./models/gateway-card-group"
import { GatewayCardholder } from "./models/gateway-cardholder"
import { GatewayDeletedSession } from "./models/gateway-deleted-session"
import { GatewayNotification } from "./models/gateway-notification"
import { GatewayNotificationRejection } from "./models/gateway-notification-rejection"
import { GatewayOperationAudit } from "./models/gateway-operation-audit"
import { GatewayMoneyDay } from "./models/gateway-money-day"
import { GatewayMoneyMovement } from "./models/gateway-money-movement"
import { GatewayPayment } from "./models/gateway-payment"
import { GatewayPaymentAttempt } from "./models/gateway-payment-attempt"
import { GatewayPaymentDay } from "./models/gateway-payment-day"
import { GatewayPayout } from "./models/gateway-payout"
import { GatewayRelease } from "./models/gateway-release"
import { GatewaySavedCard } from "./models/gateway-saved-card"
import { GatewaySubscription } from "./models/gateway-subscription"
import { GatewaySubscriptionDeduction } from "./models/gateway-subscription-deduction"
import { GatewaySyncRun } from "./models/gateway-sync-run"

export const GATEWAY_MODELS = {
  GatewayNotification,
  GatewayNotificationRejection,
  GatewayPayment,
  GatewaySyncRun,
  GatewayPayout,
  GatewayCardholder,
  GatewayCard,
  GatewayCardGroup,
  GatewayOperationAudit,
  GatewaySavedCard,
  GatewaySubscription,
  GatewaySubscriptionDeduction,
  GatewayCardAttemptCounter,
  GatewayPaymentAttempt,
  GatewayMoneyMovement,
  GatewayPaymentDay,
  GatewayMoneyDay,
  GatewayDeletedSession,
  GatewayRelease,
}
