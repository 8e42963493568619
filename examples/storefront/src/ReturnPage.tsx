import type Medusa from "@medusajs/js-sdk"
import { GatewayReturn } from "medusa-plugin-card-gateway/storefront"
import { CART_KEY } from "./config"
import { Confirmation } from "./Confirmation"

/** `/return` (the providers' return_url in the demo): the kit completes the cart and tells how it went. */
export function ReturnPage({ sdk }: { sdk: Medusa }) {
  return (
    <GatewayReturn sdk={sdk} cartId={localStorage.getItem(CART_KEY)}>
      {(state, retry) => {
        switch (state.type) {
          case "leaving":
          case "confirming":
            return <p role="status">Confirming your payment with the gateway…</p>
          case "order":
            return <Confirmation order={state.order} />
          case "declined":
            return (
              <>
                <p className="error" role="alert" data-testid="message">
                  Payment declined: {state.message}
                </p>
                <a href="/">Try again</a>
              </>
            )
          case "requires_more":
            return (
              <>
                <p className="error" role="alert" data-testid="message">
                  Your payment is not finished yet.
                </p>
                <button onClick={retry}>Check again</button>
              </>
            )
          case "no_cart":
            return (
              <p className="error" data-testid="message">
                No cart to complete. <a href="/">Shop</a>
              </p>
            )
        }
      }}
    </GatewayReturn>
  )
}
