import type Medusa from "@medusajs/js-sdk"
import {
  CardForm,
  HostedPaymentFrame,
  SavedCardPicker,
  completeCart,
  followRedirect,
  orderByRank,
  rankPaymentMethods,
  startPaymentSession,
  type CardOutcome,
  type GatewayMethod,
  type PaymentMethodRanking,
  type PaymentSession,
} from "medusa-plugin-card-gateway/storefront"
import { useEffect, useState } from "react"
import type { PlacedOrder } from "./Confirmation"

export interface CheckoutCart {
  id: string
  total: number
  shipping_total: number
  currency_code: string
}

/** The APMs this shop offers (the gateway's names); shown in the gateway's order of expected acceptance. */
const APMS = [
  { method: "alipay", title: "Alipay" },
  { method: "wechatpay", title: "WeChat Pay" },
  { method: "paypal", title: "PayPal" },
  { method: "klarna", title: "Klarna" },
]

export function Checkout({ sdk, cart, signedIn, onOrder }: { sdk: Medusa; cart: CheckoutCart; signedIn: boolean; onOrder: (order: PlacedOrder) => void }) {
  const [ranking, setRanking] = useState<PaymentMethodRanking>({ payment_methods: [], source: "default" })
  const [method, setMethod] = useState<GatewayMethod | null>(null)
  const [session, setSession] = useState<PaymentSession | null>(null)
  const [apm, setApm] = useState(APMS[0].method)
  const [message, setMessage] = useState<string | null>(null)
  const [hasSavedCards, setHasSavedCards] = useState(false)

  useEffect(() => {
    rankPaymentMethods(sdk, cart.id)
      .then((r) => {
        setRanking(r)
        const best = orderByRank(APMS, (a) => a.method, r)[0]
        if (best) setApm(best.method)
      })
      .catch(() => undefined)
  }, [sdk, cart.id])

  const choose = async (next: GatewayMethod) => {
    setMessage(null)
    setMethod(next)
    setSession(null)
    try {
      const s = await startPaymentSession(sdk, cart, next, next === "apm" ? { data: { payment_method: apm } } : {})
      if (next === "apm") {
        // The APM's page: the documented POST hand-off, like 3-D Secure.
        if (!followRedirect(s.data)) setMessage("The payment method's page is not available; try again.")
        return
      }
      setSession(s)
    } catch (err) {
      setMessage(`Payment failed: ${(err as Error).message}`)
    }
  }

  // Authorized, held for review, or answer lost: completing the cart makes the order (the plugin confirms
  // with the gateway). 3-D Secure was followed by the kit; a decline is shown in the form.
  const onOutcome = async (outcome: CardOutcome) => {
    if (outcome.status === "requires_more" || outcome.status === "declined") return
    const result = await completeCart(sdk, cart.id)
    if (result.type === "order") onOrder(result.order as PlacedOrder)
    else setMessage(result.type === "declined" ? `Payment declined: ${result.message}` : "Your payment is not finished yet.")
  }

  const rate = (m: string) => ranking.payment_methods.find((r) => r.payment_method === m)?.acceptance_rate
  const apms = orderByRank(APMS, (a) => a.method, ranking)

  return (
    <div className="card">
      <h2>Payment</h2>
      <p>
        Total {cart.total} {cart.currency_code.toUpperCase()} (shipping {cart.shipping_total})
      </p>
      <div className="methods">
        <button data-testid="pay-card" onClick={() => choose("card")}>
          Card
        </button>
        <button data-testid="pay-hosted" onClick={() => choose("hosted")}>
          Card on the gateway's page
        </button>
        <select aria-label="Other payment method" data-testid="apm-method" value={apm} onChange={(e) => setApm(e.target.value)}>
          {apms.map((a) => (
            <option key={a.method} value={a.method}>
              {a.title}
              {rate(a.method) !== undefined ? ` (${Math.round(rate(a.method)! * 100)}% accepted)` : ""}
            </option>
          ))}
        </select>
        <button data-testid="pay-apm" onClick={() => choose("apm")}>
          Pay with {APMS.find((a) => a.method === apm)?.title}
        </button>
      </div>
      <p className="muted" data-testid="ranking-source">
        {ranking.source === "gateway" ? "Payment methods ordered by the gateway's expected acceptance." : "Payment methods in the shop's order."}
      </p>
      {message ? (
        <p className="error" role="alert" data-testid="message">
          {message}
        </p>
      ) : null}
      {method === "card" && session ? (
        <>
          {signedIn ? <SavedCardPicker sdk={sdk} sessionId={session.id} cartId={cart.id} onOutcome={onOutcome} onCardsLoaded={(cards) => setHasSavedCards(cards.length > 0)} /> : null}
          {hasSavedCards ? <p className="muted">Or pay with a new card:</p> : null}
          <CardForm sdk={sdk} sessionId={session.id} cartId={cart.id} allowSave={signedIn} onOutcome={onOutcome} />
        </>
      ) : null}
      {method === "hosted" && session ? <HostedPaymentFrame session={session} /> : null}
    </div>
  )
}
