import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import {
  payoutFieldsFromGateway,
  PayoutStatus,
  payoutStatusOf,
  payoutUpdate,
} from "../../modules/gateway/mappers/payout"
import { writeAudit } from "../common/audited-call"
import { gatewayModule } from "../common/operation-context"
import { withPayoutLock } from "./payout-lock"

/**
 * The fields of a verified PAYOUT notification (the payout response fields, as the gateway sends them).
 * The caller has verified the signature; this workflow trusts the payload.
 */
export interface PayoutNotificationInput {
  request_id: string
  status: string
  notify_id?: string | null
  failure_reason?: string | null
  failure_type?: string | null
  fee_amount?: number | string | null
  fee_currency?: string | null
  amount_beneficiary_receives?: number | string | null
  amount_payer_pays?: number | string | null
  payment_currency?: string | null
  transaction_id?: string | null
  short_reference_id?: string | null
  payer_id?: string | null
  created_at?: string | null
  last_updated_at?: string | null
  [field: string]: unknown
}

export interface PayoutNotificationResult {
  /** false when no payout has this request_id (not ours, or recorded elsewhere). */
  found: boolean
  /** true when the payout changed. */
  changed: boolean
  payout_id: string | null
  status: string | null
  /** Set when the notification disagrees with a final status the payout already has. */
  discrepancy: string | null
}

/** The values a change replaced, for the compensation. */
type Previous = { id: string; before: Record<string, unknown> }

/** Equal as stored: dates by instant, the rest by text (amounts are decimal text already). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date) {
    const t = (v: unknown) => (v instanceof Date ? v.getTime() : v ? new Date(String(v)).getTime() : null)
    return t(a) === t(b)
  }
  return String(a ?? "") === String(b ?? "")
}

const RESTORED_FIELDS = [
  "status",
  "failure_reason",
  "failure_type",
  "fee_amount",
  "fee_currency",
  "amount_beneficiary_receives",
  "amount_payer_pays",
  "transaction_id",
  "short_reference_id",
  "payer_id",
  "gateway_created_at",
  "gateway_updated_at",
  "last_notification_at",
] as const

/**
 * Applies a payout notification. Idempotent: the same notification twice changes nothing the second time.
 * Never moves a COMPLETED or FAILED payout back (a late PROCESSING is ignored) nor from one final status to
 * the other (reported as a discrepancy instead). Compensation restores the previous values.
 */
const applyPayoutNotificationStep = createStep(
  "gateway-apply-payout-notification",
  async (input: PayoutNotificationInput, { container }) => {
    const service = gatewayModule(container)
    const [payout] = await service.listGatewayPayouts({ request_id: String(input.request_id) }, { take: 1 })
    const reported = payoutStatusOf(input.status)
    if (!payout) {
      const result: PayoutNotificationResult = {
        found: false,
        changed: false,
        payout_id: null,
        status: null,
        discrepancy: null,
      }
      return new StepResponse(result, null as Previous | null)
    }
    // Read again under the payout's lock: decided from the record as it is when written.
    const { current, status, before, changed } = await withPayoutLock(container, payout.id, async () => {
      const record = await service.retrieveGatewayPayout(payout.id)
      const current = record.status as PayoutStatus
      const { status, fields } = payoutUpdate(current, reported, payoutFieldsFromGateway(input as never))
      const before: Record<string, unknown> = {}
      for (const k of RESTORED_FIELDS) before[k] = (record as Record<string, unknown>)[k] ?? null
      const changed = status !== current || Object.entries(fields).some(([k, v]) => !sameValue(before[k], v))
      if (changed)
        await service.updateGatewayPayouts({ id: payout.id, ...fields, status, last_notification_at: new Date() })
      return { current, status, before, changed }
    })
    const discrepancy =
      (current === "COMPLETED" || current === "FAILED") && reported !== current && reported !== "PROCESSING"
        ? `payout ${payout.id} is ${current} but a notification reports ${reported}`
        : null
    await writeAudit(
      container,
      {
        operation: "payout.notification",
        actor: { type: "gateway" },
        target_id: payout.id,
        request_id: payout.request_id,
      },
      {
        result: "succeeded",
        details: { notify_id: input.notify_id ?? null, reported_status: reported, status, changed, discrepancy },
      }
    )
    const result: PayoutNotificationResult = { found: true, changed, payout_id: payout.id, status, discrepancy }
    return new StepResponse(result, changed ? ({ id: payout.id, before } as Previous) : null)
  },
  async (previous, { container }) => {
    if (!previous) return
    await gatewayModule(container).updateGatewayPayouts({ id: previous.id, ...previous.before } as never)
  }
)

/**
 * Updates a payout from a verified PAYOUT notification (called by the notification route after it checked the
 * signature). Export of the plugin: `updatePayoutFromNotificationWorkflow(container).run({ input })`.
 */
export const updatePayoutFromNotificationWorkflow = createWorkflow(
  "gateway-update-payout-from-notification",
  (input: PayoutNotificationInput) => new WorkflowResponse(applyPayoutNotificationStep(input))
)
