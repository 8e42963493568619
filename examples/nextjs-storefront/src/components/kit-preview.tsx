"use client"
/**
 * The kit's components as a shopper sees them, without a checkout behind them (the browser test screenshots them
 * in a page with Tailwind's preflight and in a bare page): the one payment control with saved cards, the card
 * form, and the return page's states. Nothing here is sent anywhere.
 */
import {
  CardForm,
  GatewayReturn,
  PaymentControl,
  type CompletionResult,
  type SavedCard,
} from "medusa-plugin-card-gateway-storefront"

const offline = { client: { fetch: async () => Promise.reject(new Error("This is a preview: nothing is sent.")) } }
const year = new Date().getUTCFullYear()
const cards: SavedCard[] = [
  {
    id: "gwsc_preview1",
    brand: "visa",
    last4: "4242",
    exp_month: "12",
    exp_year: String(year + 3),
    expired: false,
    created_at: "",
    last_used_at: null,
  },
  {
    id: "gwsc_preview2",
    brand: "mastercard",
    last4: "4444",
    exp_month: "01",
    exp_year: String(year - 1),
    expired: true,
    created_at: "",
    last_used_at: null,
  },
]
const savedCards = {
  list: async () => cards,
  pay: async () => Promise.reject(new Error("This is a preview: nothing is sent.")),
}
const declined = async (): Promise<CompletionResult> => ({ type: "declined", message: "", code: "declined" })

export default function KitPreview({ language = "en" }: { language?: "en" | "de" }) {
  return (
    <div style={{ display: "grid", gap: "2rem", gridTemplateColumns: "repeat(auto-fit, minmax(20rem, 1fr))" }}>
      <section data-testid="preview-payment-control">
        <h2>Saved cards and a new card</h2>
        <PaymentControl
          sdk={offline}
          sessionId="payses_preview"
          cartId="cart_preview"
          savedCards={savedCards}
          messages={language}
        />
      </section>
      <section data-testid="preview-card-form">
        <h2>Card form (guest)</h2>
        <CardForm sdk={offline} sessionId="payses_preview" cartId="cart_preview" messages={language} />
      </section>
      <section data-testid="preview-return">
        <h2>Return page: declined</h2>
        <GatewayReturn complete={declined} payAgain="#pay-again" messages={language} />
      </section>
    </div>
  )
}
