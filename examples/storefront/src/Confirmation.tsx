import { useEffect } from "react"
import { CART_KEY } from "./config"

export interface PlacedOrder {
  id: string
  display_id?: number
  total?: number
  currency_code?: string
}

export function Confirmation({ order }: { order: PlacedOrder }) {
  useEffect(() => localStorage.removeItem(CART_KEY), [])
  return (
    <div className="card">
      <h2 data-testid="confirmation">Order #{order.display_id ?? order.id} confirmed</h2>
      {order.total !== undefined ? (
        <p>
          Total {order.total} {order.currency_code?.toUpperCase()}
        </p>
      ) : null}
      <a href="/">Shop again</a>
    </div>
  )
}
