/** Alternative payment methods (`/v1/authorise` with `payment_method`): the shopper is redirected to `issuer_url`. */
import { MedusaError } from "@medusajs/framework/utils"
import type { AuthoriseResult } from "../../../lib/gateway"
import { GatewayOutcomeUnknownError } from "../../../lib/gateway"
import { gatewayIdentifier, GatewaySessionData, toMedusaError } from "../../../domain"
import { GatewayBase, newAttempt, StartContext } from "../core/gateway-base"

export class GatewayApmService extends GatewayBase {
  static identifier = gatewayIdentifier("apm")
  protected readonly method = "apm" as const

  protected async start(data: GatewaySessionData, extra: StartContext): Promise<GatewaySessionData> {
    const method = typeof extra.payment_method === "string" ? extra.payment_method.trim() : ""
    if (!method) {
      throw new MedusaError(
        MedusaError.Types.INVALID_DATA,
        'Gateway APM payment: field "data.payment_method" is required (e.g. "alipay")'
      )
    }
    const { accept: _accept, ...request } = this.paymentRequest(data, extra)
    const attempt = newAttempt({ ...data, payment_method: method })
    try {
      const res = await this.gateway_.client.call<AuthoriseResult>("apm", { ...request, payment_method: method })
      const answered = this.gateway_.fromAnswer(attempt, res)
      if (answered.gateway_state === "failed") await this.gateway_.keepDecline(answered, this.gateway_.declineOf(res))
      return answered
    } catch (err) {
      if (err instanceof GatewayOutcomeUnknownError)
        return { ...attempt, outcome_unknown: true, gateway_state: "unknown" }
      throw toMedusaError(err, "Gateway APM payment")
    }
  }
}
