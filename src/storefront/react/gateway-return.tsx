"use client"
/**
 * The return page (`return_url`): where 3-D Secure, an APM or the hosted page sends the shopper back. Inside
 * the hosted page's iFrame it does nothing (`leaveFrame`: the page holding the frame loads it in the whole
 * window); in the whole window it completes the cart, which makes the plugin confirm the payment with the
 * gateway (the return itself is never trusted), and shows the order, the decline reason, or that the payment
 * is not finished yet.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react"
import { leaveFrame } from "../redirect.js"
import { completeCart } from "../store-api.js"
import type { CompletionResult, ExtraHeaders, GatewaySdk } from "../types.js"

export type ReturnState = { type: "leaving" } | { type: "confirming" } | { type: "no_cart" } | CompletionResult

export interface GatewayReturnProps {
  sdk: GatewaySdk
  /** The cart being paid (the storefront keeps it; the return address does not carry it). */
  cartId: string | null | undefined
  headers?: ExtraHeaders
  /** Called once with the order (e.g. clear the stored cart, go to the confirmation page). */
  onOrder?: (order: Extract<CompletionResult, { type: "order" }>["order"]) => void | Promise<void>
  /** Renders a state yourself; `retry` completes again (for "requires_more"). */
  children?: (state: ReturnState, retry: () => void) => ReactNode
  className?: string
}

export function GatewayReturn({ sdk, cartId, headers, onOrder, children, className }: GatewayReturnProps) {
  const [state, setState] = useState<ReturnState>({ type: "confirming" })
  const started = useRef(false)

  const complete = useCallback(async () => {
    if (!cartId) return setState({ type: "no_cart" })
    setState({ type: "confirming" })
    const result = await completeCart(sdk, cartId, { headers })
    setState(result)
    if (result.type === "order") await onOrder?.(result.order)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sdk, cartId])

  useEffect(() => {
    // Once, even where effects run twice (React's strict mode): completing is not repeated.
    if (started.current) return
    started.current = true
    if (leaveFrame()) return setState({ type: "leaving" })
    void complete()
  }, [complete])

  const retry = () => void complete()
  if (children) return <>{children(state, retry)}</>
  return (
    <div className={className ?? "gateway-return"} data-testid="gateway-return">
      {state.type === "leaving" || state.type === "confirming" ? <p role="status">Confirming your payment…</p> : null}
      {state.type === "no_cart" ? <p role="alert">There is no cart to complete.</p> : null}
      {state.type === "order" ? <p data-testid="gateway-return-order">Order {state.order.display_id ? `#${state.order.display_id}` : state.order.id} confirmed</p> : null}
      {state.type === "declined" ? (
        <p role="alert" data-testid="gateway-return-declined">
          Payment declined: {state.message}
        </p>
      ) : null}
      {state.type === "requires_more" ? (
        <div role="alert" data-testid="gateway-return-requires-more">
          <p>Your payment is not finished yet.</p>
          <button type="button" onClick={retry}>
            Check again
          </button>
        </div>
      ) : null}
    </div>
  )
}
