/**
 * Direct card payment (`/v1/authorise`): the session waits for the storefront to post the card to the plugin's
 * store route, which hands it to `updatePayment`; the card goes to the gateway at once and only the masked card,
 * the transaction and the result are kept.
 */
import type { PaymentSessionStatus } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { AuthoriseResult } from "../../../lib/gateway"
import { GatewayOutcomeUnknownError } from "../../../lib/gateway"
import { emptySessionData, gatewayIdentifier, GatewaySessionData, OrderContext, toMedusaError } from "../../../domain"
import { CardSubmission, GatewayBase, StartContext, supersede } from "../core/gateway-base"

/** States in which the session's money is already held or taken: no second card. */
const AUTHORISED = ["authorized", "captured", "review", "partially_refunded", "refunded"]

export class GatewayCardService extends GatewayBase {
  static identifier = gatewayIdentifier("card")
  protected readonly method = "card" as const
  /** No card posted yet: the cart waits. */
  protected readonly notFoundStatus: PaymentSessionStatus = "pending"

  protected async start(data: GatewaySessionData, _extra: StartContext): Promise<GatewaySessionData> {
    return data
  }

  protected awaitsInput(data: GatewaySessionData): boolean {
    return !data.transaction_id && !data.outcome_unknown
  }

  protected async authoriseCard(data: GatewaySessionData, card: CardSubmission, context: OrderContext): Promise<GatewaySessionData> {
    if (data.gateway_state && AUTHORISED.includes(data.gateway_state)) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, "Gateway card payment: this payment session is already authorised")
    }
    if (data.outcome_unknown || data.gateway_state === "pending") {
      // An earlier attempt may still complete: settle it first rather than charge twice.
      const settled = await this.gateway_.confirm(data)
      if (settled.gateway_state && !["failed", "canceled", "not_found"].includes(settled.gateway_state)) return settled
      data = settled
    }
    const request = this.paymentRequest(data, { context })
    const names = (card.holder_name ?? "").trim().split(/\s+/)
    if (names.length > 1 && !context.billing_address) {
      request.first_name = names.slice(0, -1).join(" ").slice(0, 100)
      request.last_name = names[names.length - 1]!.slice(0, 100)
    }
    // A new attempt: the earlier one's records and notifications no longer apply to this session.
    const fresh: GatewaySessionData = {
      ...emptySessionData(data.order_no, "card", data.amount, data.currency),
      card_attempts: data.card_attempts + 1,
      superseded_transaction_ids: supersede(data),
    }
    try {
      const res = await this.gateway_.client.call<AuthoriseResult>("authorise", {
        ...request,
        open3d: this.options_.three_ds ?? "do3DS",
        card: card.number,
        expiration_month: card.exp_month,
        expiration_year: card.exp_year,
        security_code: card.cvv,
      })
      const next = this.gateway_.fromAnswer(fresh, res)
      this.gateway_.logger?.info(`Gateway card payment ${data.order_no}: ${next.gateway_state} (${res.result_info})`)
      return next
    } catch (err) {
      if (err instanceof GatewayOutcomeUnknownError) {
        this.gateway_.logger?.warn(`Gateway card payment ${data.order_no}: outcome unknown; it will be confirmed with the order query`)
        return { ...fresh, outcome_unknown: true, gateway_state: "unknown" }
      }
      throw toMedusaError(err, "Gateway card payment")
    }
  }
}
