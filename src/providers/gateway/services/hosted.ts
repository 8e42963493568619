/** The gateway's hosted (iFrame) payment page (`/v1/checkout`): card data stays at the gateway. */
import type { PaymentSessionStatus } from "@medusajs/framework/types"
import type { CheckoutResult } from "../../../lib/gateway"
import { gatewayIdentifier, GatewaySessionData, REDIRECT_REFUSED, toMedusaError } from "../../../domain"
import { GatewayBase, newAttempt, StartContext } from "../core/gateway-base"

export class GatewayHostedService extends GatewayBase {
  static identifier = gatewayIdentifier("hosted")
  protected readonly method = "hosted" as const

  protected async start(data: GatewaySessionData, extra: StartContext): Promise<GatewaySessionData> {
    const { accept: _accept, ...request } = this.paymentRequest(data, extra)
    try {
      const page = await this.gateway_.client.call<CheckoutResult>("checkout", request)
      const attempt = newAttempt(data)
      // Only the form goes into the session (Medusa stores it and serves it with the cart): never the page's
      // HTML, which the kit does not render; the shopper's browser posts the form into a sandboxed frame.
      if (this.gateway_.refusedRedirect(data.order_no, page.action, "form.action")) {
        const refused = this.gateway_.redirectRefused(attempt)
        await this.gateway_.keepDecline(refused, { ...REDIRECT_REFUSED })
        return refused
      }
      return { ...attempt, hosted: { action: page.action, inputs: page.inputs }, gateway_state: "pending" }
    } catch (err) {
      throw toMedusaError(err, "Gateway hosted page")
    }
  }

  /** A new page waits for the shopper without asking the cart for more yet. */
  protected startStatus(data: GatewaySessionData): PaymentSessionStatus {
    return data.gateway_state === "pending" ? "pending" : this.statusOf(data)
  }

  /** Until the gateway reports the shopper's payment, the shopper has the page to finish. */
  protected statusOf(data: GatewaySessionData): PaymentSessionStatus {
    if (!data.discrepancy && (data.gateway_state === "pending" || data.gateway_state === "not_found"))
      return "requires_more"
    return super.statusOf(data)
  }
}
