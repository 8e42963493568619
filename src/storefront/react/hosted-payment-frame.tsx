"use client"
/**
 * The gateway's hosted payment page in an iFrame (`pp_gateway_hosted`): the card is typed on the gateway's
 * page, never the store's. The session's `data.hosted` form is posted into this named, sandboxed frame, which
 * then holds the gateway's origin (see ../hosted.ts for why, flag by flag). The gateway sends the shopper back
 * to `return_url` inside the frame; when the frame shows a page of the store's origin again, this component
 * loads it in the whole window, where GatewayReturn completes the cart.
 */
import { useEffect, useId, useRef, type CSSProperties } from "react"
import { HOSTED_FRAME_SANDBOX, hostedFormOf, postHostedForm, returnedFrameUrl } from "../hosted.js"
import type { GatewaySessionData } from "../types.js"
import { useLook, type LookProps } from "./appearance.js"

export interface HostedPaymentFrameProps extends LookProps {
  /** The cart's `pp_gateway_hosted` payment session (or just its `data`). */
  session: { data?: GatewaySessionData | null } | null | undefined
  title?: string
  height?: number | string
  style?: CSSProperties
}

export function HostedPaymentFrame(props: HostedPaymentFrameProps) {
  const { session, height = 560, style } = props
  const { m, cls } = useLook(props, "hosted-frame")
  const title = props.title ?? m.hostedTitle
  const name = `gateway-hosted-${useId().replace(/[^A-Za-z0-9_-]/g, "")}`
  const form = hostedFormOf(session?.data)
  const page = form ? JSON.stringify(form) : null
  const posted = useRef<string | null>(null)

  useEffect(() => {
    // Once per page (React's strict mode runs effects twice); again when the session has a new page.
    if (!form || posted.current === page) return
    posted.current = page
    postHostedForm(form, name)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [page, name])

  if (!form) {
    return (
      <p className={cls("formError", "gateway-form-error")} role="alert">
        {m.hostedUnavailable}
      </p>
    )
  }
  return (
    <iframe
      name={name}
      title={title}
      sandbox={HOSTED_FRAME_SANDBOX}
      allow="payment"
      className={cls("root")}
      style={{ width: "100%", height, border: 0, ...style }}
      data-testid="hosted-frame"
      onLoad={(e) => {
        const back = returnedFrameUrl(e.currentTarget)
        if (back) window.location.assign(back)
      }}
    />
  )
}
