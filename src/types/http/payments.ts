import type { InferTypeOf } from "@medusajs/framework/types"
import type { GatewaySessionData } from "../../domain/session-data"
import type { GatewayNotification } from "../../modules/gateway/models/gateway-notification"
import type { GatewayPayment } from "../../modules/gateway/models/gateway-payment"
import type { GatewayRelease } from "../../modules/gateway/models/gateway-release"
import type { GatewaySyncRun } from "../../modules/gateway/models/gateway-sync-run"
import type { ChargebackEntry } from "../../reconciliation/chargebacks"
import type { ApplyResult, SyncSummary } from "../../reconciliation/results"
import type { Json, ListResponse } from "./common"

export type { CaptureRecord, GatewaySessionData, RefundRecord } from "../../domain/session-data"

export type GatewayPaymentRecord = InferTypeOf<typeof GatewayPayment>
/** A gateway transaction that is no payment of an order, and how its money was given back (reconciliation/release.ts). */
export type GatewayReleaseRecord = InferTypeOf<typeof GatewayRelease>
/** GET /admin/gateway/releases */
export type AdminGatewayReleaseListResponse = ListResponse<"releases", GatewayReleaseRecord>
export type AdminGatewayRelease = Json<GatewayReleaseRecord>
export type GatewayNotificationSummary = Pick<
  InferTypeOf<typeof GatewayNotification>,
  | "id"
  | "notify_type"
  | "verified"
  | "status"
  | "result"
  | "deliveries"
  | "received_at"
  | "last_received_at"
  | "processed_at"
>

/**
 * An entry of the gateway payment's `disputes`: a chargeback the order query confirmed, with what Medusa booked
 * (reconciliation/chargebacks.ts). Entries written by earlier versions from dispute notifications carry a
 * `reason` and no `booked`.
 */
export type DisputeRecord = Partial<ChargebackEntry> & {
  dispute_id: string | null
  amount: string | null
  status: string | null
  reason?: string | null
}

/** GET /admin/gateway/payment-sessions/:id: what the plugin knows of a gateway payment. */
export type AdminGatewayPaymentDetailsResponse = {
  payment_session: {
    id: string
    provider_id: string
    status: string
    amount: unknown
    currency_code: string
    data: GatewaySessionData | null
    payment_id: string | null
  }
  /** The Medusa payment: its data holds the captures and refunds with the gateway's status of each. */
  payment: {
    id: string
    data: GatewaySessionData | null
    captured_at: Date | string | null
    canceled_at: Date | string | null
  } | null
  gateway_payment: GatewayPaymentRecord | null
  notifications: GatewayNotificationSummary[]
}

export type GatewaySyncRunRecord = Omit<InferTypeOf<typeof GatewaySyncRun>, "discrepancies"> & {
  discrepancies: { items?: { order_no: string; reason: string }[] } | null
}
/** GET /admin/gateway/sync-runs: the latest runs, newest first. */
export type AdminGatewaySyncRunListResponse = { sync_runs: GatewaySyncRunRecord[]; count: number; limit: number }

export type AdminGatewayPaymentDetails = Json<AdminGatewayPaymentDetailsResponse>
export type AdminGatewaySyncRun = Json<GatewaySyncRunRecord>

/** POST /admin/gateway/payment-sessions/:id/review: the state the gateway reported and what changed in Medusa. */
export type AdminGatewayReviewResponse = ApplyResult

/** POST /admin/gateway/sync-runs: the run's summary. */
export type AdminGatewaySyncRunResponse = { summary: SyncSummary }
