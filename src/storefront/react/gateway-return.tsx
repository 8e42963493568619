"use client"
/**
 * The return page: where 3-D Secure, an APM or the hosted page sends the shopper back. Inside the hosted page's
 * iFrame it does nothing (`leaveFrame`: the page holding the frame loads it in the whole window); in the whole
 * window it completes the cart, which makes the plugin confirm the payment with the gateway (the return itself is
 * never trusted), and shows the order, the decline with a way to pay again, or, when the gateway has not
 * confirmed yet after a bounded wait (`confirmReturn`), "still processing" with "Check again".
 *
 * Where the cart id is: `complete`, server code the page passes (a server action that reads the storefront's
 * httpOnly cart cookie and completes the cart: it runs as a same-site request after the return, so the cookie
 * goes with it even when the return itself came cross-site), or `sdk` with `cartId` when the browser holds it.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react"
import { confirmReturn, type ConfirmOptions } from "../confirm.js"
import { declineText, format } from "../messages.js"
import { leaveFrame } from "../redirect.js"
import { completeCart } from "../store-api.js"
import type { CompletionResult, ExtraHeaders, GatewaySdk } from "../types.js"
import { useLook, type LookProps } from "./appearance.js"

/** `requires_more`: still not confirmed after the bounded wait (shown as "still processing"). */
export type ReturnState = { type: "leaving" } | { type: "confirming" } | { type: "no_cart" } | CompletionResult

export interface GatewayReturnProps extends LookProps {
  /** Completes the cart the storefront keeps (e.g. a server action reading the cart cookie); null: no cart. */
  complete?: () => Promise<CompletionResult | null>
  /** Or: the browser's sdk and the cart id the browser keeps. */
  sdk?: GatewaySdk
  cartId?: string | null
  headers?: ExtraHeaders
  /** Called once with the order (e.g. clear the stored cart, go to the confirmation page). */
  onOrder?: (order: Extract<CompletionResult, { type: "order" }>["order"]) => void | Promise<void>
  /** Where a declined shopper pays again: a link (e.g. "/de/checkout?step=payment") or an action. */
  payAgain?: string | (() => void)
  /** The bounded wait for a late confirmation. */
  wait?: Pick<ConfirmOptions, "attempts" | "intervalMs">
  /** The page's heading (default: the messages' `returnTitle`); false when the page has its own. */
  title?: ReactNode | false
  /** Renders a state yourself; `retry` confirms again. */
  children?: (state: ReturnState, retry: () => void) => ReactNode
}

/** What the order came to, as the store answered it ("25.00 EUR"); null when the answer holds no total. */
function paid(order: Extract<CompletionResult, { type: "order" }>["order"]): string | null {
  if (typeof order.total !== "number" || !order.currency_code) return null
  const currency = order.currency_code.toUpperCase()
  try {
    return new Intl.NumberFormat(undefined, { style: "currency", currency }).format(order.total)
  } catch {
    return `${order.total} ${currency}`
  }
}

export function GatewayReturn(props: GatewayReturnProps) {
  const { complete, sdk, cartId, headers, onOrder, payAgain, wait, title, children } = props
  const { m, cls } = useLook(props, "return")
  const [state, setState] = useState<ReturnState>({ type: "confirming" })
  const started = useRef(false)

  const confirm = useCallback(async () => {
    setState({ type: "confirming" })
    const once = complete ?? (async () => (sdk && cartId ? completeCart(sdk, cartId, { headers }) : null))
    // A `complete` that throws (the server action's request failed, no network) is "still processing" with "Check
    // again" (`confirmReturn`), never a decline with "Pay again": the shopper may have paid.
    const result = await confirmReturn(once, wait)
    if (!result) return setState({ type: "no_cart" })
    setState(result)
    if (result.type === "order") await onOrder?.(result.order)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [complete, sdk, cartId])

  useEffect(() => {
    // Once, even where effects run twice (React's strict mode): completing is not started twice.
    if (started.current) return
    started.current = true
    if (leaveFrame()) return setState({ type: "leaving" })
    void confirm()
  }, [confirm])

  const retry = () => void confirm()
  if (children) return <>{children(state, retry)}</>
  const again =
    typeof payAgain === "string" ? (
      <a href={payAgain} className={cls("button")} data-testid="gateway-return-pay-again">
        {m.payAgain}
      </a>
    ) : payAgain ? (
      <button type="button" className={cls("button")} onClick={payAgain} data-testid="gateway-return-pay-again">
        {m.payAgain}
      </button>
    ) : null
  return (
    <div className={cls("root", "gateway-return")} data-testid="gateway-return" aria-live="polite">
      {title === false ? null : (
        <h1 className={cls("heading")} data-testid="gateway-return-title">
          {title ?? m.returnTitle}
        </h1>
      )}
      {state.type === "leaving" || state.type === "confirming" ? (
        <p className={cls("status")} role="status" data-testid="gateway-return-confirming">
          <span className="gw-spinner" aria-hidden="true" /> {m.confirming}
        </p>
      ) : null}
      {state.type === "no_cart" ? (
        <p className={cls("formError")} role="alert" data-testid="gateway-return-no-cart">
          {m.noCart}
        </p>
      ) : null}
      {state.type === "order" ? (
        <div className="gw-stack">
          <p className={cls("status")} data-testid="gateway-return-order">
            {format(m.orderConfirmed, {
              order: state.order.display_id ? `#${state.order.display_id}` : state.order.id,
            })}
          </p>
          {paid(state.order) ? (
            <p className={cls("hint")} data-testid="gateway-return-total">
              {format(m.orderTotal, { amount: paid(state.order)! })}
            </p>
          ) : null}
        </div>
      ) : null}
      {state.type === "declined" ? (
        <div className="gw-stack">
          <p className={cls("formError")} role="alert" data-testid="gateway-return-declined">
            {format(m.declined, { reason: declineText(state, m) })}
          </p>
          {again}
        </div>
      ) : null}
      {state.type === "requires_more" ? (
        <div className="gw-stack" data-testid="gateway-return-requires-more">
          <p className={cls("status")} role="status">
            {m.stillProcessing}
          </p>
          <button type="button" className={cls("button")} onClick={retry} data-testid="gateway-return-check-again">
            {m.checkAgain}
          </button>
        </div>
      ) : null}
    </div>
  )
}
