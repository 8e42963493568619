import type Medusa from "@medusajs/js-sdk"
import { useEffect, useState } from "react"
import { Account, type Customer } from "./Account"
import { Checkout, type CheckoutCart } from "./Checkout"
import { CART_KEY, type StoreConfig } from "./config"
import { Confirmation, type PlacedOrder } from "./Confirmation"
import { ReturnPage } from "./ReturnPage"

type View = { kind: "shop" } | { kind: "checkout"; cart: CheckoutCart } | { kind: "order"; order: PlacedOrder } | { kind: "error"; message: string }

export function App({ config, sdk }: { config: StoreConfig; sdk: Medusa }) {
  const [customer, setCustomer] = useState<Customer | null | undefined>(undefined)
  const [view, setView] = useState<View>({ kind: "shop" })

  useEffect(() => {
    sdk.store.customer
      .retrieve()
      .then(({ customer }) => setCustomer({ email: customer.email }))
      .catch(() => setCustomer(null))
  }, [sdk])

  const account = customer === undefined ? null : <Account sdk={sdk} customer={customer} onChange={setCustomer} />

  if (location.pathname === "/return") {
    return (
      <>
        {account}
        <ReturnPage sdk={sdk} />
      </>
    )
  }

  const startCheckout = async (variantId: string) => {
    try {
      const { cart } = await sdk.store.cart.create({
        region_id: config.regionId,
        email: customer?.email ?? "ada@example.com",
        items: [{ variant_id: variantId, quantity: 1 }],
        shipping_address: config.address,
        billing_address: config.address,
      })
      const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
      await sdk.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
      localStorage.setItem(CART_KEY, cart.id)
      const fresh = (await sdk.store.cart.retrieve(cart.id)).cart
      setView({ kind: "checkout", cart: { id: fresh.id, total: fresh.total, shipping_total: fresh.shipping_total, currency_code: fresh.currency_code } })
    } catch (err) {
      setView({ kind: "error", message: (err as Error).message })
    }
  }

  return (
    <>
      {account}
      {view.kind === "shop"
        ? config.products.map((p) => (
            <div className="card" key={p.handle}>
              <h2>{p.title}</h2>
              <p>
                {p.price} {config.currency.toUpperCase()}
              </p>
              <button data-testid={`buy-${p.handle}`} onClick={() => startCheckout(p.variantId)}>
                Buy now
              </button>
            </div>
          ))
        : null}
      {view.kind === "checkout" ? (
        <Checkout sdk={sdk} cart={view.cart} signedIn={Boolean(customer)} onOrder={(order) => setView({ kind: "order", order })} />
      ) : null}
      {view.kind === "order" ? <Confirmation order={view.order} /> : null}
      {view.kind === "error" ? (
        <p className="error" data-testid="message">
          {view.message}
        </p>
      ) : null}
    </>
  )
}
