"use client"
/**
 * The payment step: the shopper picks card, the gateway's page or an APM; the server action creates the payment
 * session; then the kit takes over. The card is posted from this browser to Medusa only (a signed-in customer's
 * cart with a card grant from server code); saved cards go through server actions with the httpOnly token.
 */
import {
  gatewayCardGrant,
  gatewayCompleteCart,
  gatewayPayWithSavedCard,
  gatewayRemoveSavedCard,
  gatewaySavedCards,
} from "@lib/data/gateway"
import { initiatePayment } from "@lib/data/cart"
import {
  HostedPaymentFrame,
  PaymentControl,
  followRedirect,
  type CardOutcome,
  type GatewaySessionData,
  type SavedCardSource,
} from "medusa-plugin-card-gateway-storefront"
import { useRouter } from "next/navigation"
import { useEffect, useMemo, useState } from "react"
import { useBrowserSdk } from "./runtime-config"

const PROVIDERS = [
  { id: "pp_gateway_card", title: "Credit card" },
  { id: "pp_gateway_hosted", title: "Card on the secure payment page" },
  { id: "pp_gateway_apm", title: "Alipay" },
]

type Session = { id: string; provider_id: string; status: string; data: Record<string, unknown> }

export default function PaymentStep({
  cartId,
  countryCode,
  signedIn,
}: {
  cartId: string
  countryCode: string
  signedIn: boolean
}) {
  const sdk = useBrowserSdk()
  const router = useRouter()
  const [provider, setProvider] = useState<string | null>(null)
  const [session, setSession] = useState<Session | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  // The server-rendered radios stay disabled until React runs here: a shopper's click before then (a slow device, a
  // full page load from the return page's "Pay again") would tick the radio with nothing listening, leaving a
  // chosen method without its form.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const language = countryCode === "de" ? "de" : "en"

  const savedCards: SavedCardSource | null = useMemo(
    () => (signedIn ? { list: gatewaySavedCards, pay: gatewayPayWithSavedCard, remove: gatewayRemoveSavedCard } : null),
    [signedIn]
  )

  const choose = async (id: string) => {
    setProvider(id)
    setSession(null)
    setError(null)
    setBusy(true)
    try {
      setSession(await initiatePayment(id, id === "pp_gateway_apm" ? { payment_method: "alipay" } : undefined))
    } catch (err) {
      setError((err as Error).message)
    } finally {
      setBusy(false)
    }
  }

  // Authorized, held for review, or its answer lost: complete the cart (the plugin confirms with the gateway).
  const onOutcome = async (outcome: CardOutcome) => {
    if (outcome.status === "requires_more" || outcome.status === "declined") return
    const result = await gatewayCompleteCart()
    if (result?.type === "order") router.replace(`/${countryCode}/order/${result.order.id}/confirmed`)
    else setError(result?.type === "declined" ? result.message : "The payment is not finished yet.")
  }

  return (
    <div className="space-y-4">
      <div role="radiogroup" aria-label="Payment method" className="space-y-2">
        {PROVIDERS.map((p) => (
          <label key={p.id} className="flex items-center gap-2 rounded-md border border-gray-200 px-3 py-2 text-sm">
            <input
              type="radio"
              name="provider"
              checked={provider === p.id}
              onChange={() => choose(p.id)}
              disabled={busy || !hydrated}
              data-testid={`provider-${p.id}`}
            />
            {p.title}
          </label>
        ))}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700" data-testid="payment-error">
          {error}
        </p>
      ) : null}
      {session?.provider_id === "pp_gateway_card" ? (
        <PaymentControl
          sdk={sdk}
          sessionId={session.id}
          cartId={cartId}
          savedCards={savedCards}
          cardGrant={signedIn ? () => gatewayCardGrant(session.id, cartId) : undefined}
          onOutcome={onOutcome}
          messages={language === "de" ? "de" : { pay: "Place order" }}
        />
      ) : null}
      {session?.provider_id === "pp_gateway_hosted" ? (
        <HostedPaymentFrame session={session as { data: GatewaySessionData }} messages={language} />
      ) : null}
      {session?.provider_id === "pp_gateway_apm" ? (
        <button
          type="button"
          className="w-full rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white"
          onClick={() => {
            if (!followRedirect(session.data as GatewaySessionData))
              setError("The payment method's page is not available; try again.")
          }}
          data-testid="apm-continue"
        >
          Continue to Alipay
        </button>
      ) : null}
    </div>
  )
}
