"use client"
/**
 * The gateway's hosted payment page in an iFrame (`pp_gateway_hosted`): the card is typed on the gateway's
 * page, never the store's. The session's `data.hosted.html` is the gateway's page; it posts itself to the
 * gateway, which sends the shopper back to `return_url` inside the frame (GatewayReturn leaves the frame).
 */
import type { CSSProperties } from "react"
import type { GatewaySessionData } from "../types.js"

export interface HostedPaymentFrameProps {
  /** The cart's `pp_gateway_hosted` payment session (or just its `data`). */
  session: { data?: GatewaySessionData | null } | null | undefined
  title?: string
  height?: number | string
  className?: string
  style?: CSSProperties
}

export function HostedPaymentFrame({ session, title = "Payment page", height = 560, className, style }: HostedPaymentFrameProps) {
  const html = session?.data?.hosted?.html
  if (!html) {
    return (
      <p className="gateway-form-error" role="alert">
        The payment page is not available. Try again or use another payment method.
      </p>
    )
  }
  return <iframe title={title} srcDoc={html} className={className} style={{ width: "100%", height, border: 0, ...style }} allow="payment" data-testid="hosted-frame" />
}
