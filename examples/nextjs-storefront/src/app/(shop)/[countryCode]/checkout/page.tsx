import { listShippingOptions, retrieveCart, setAddress, setShipping } from "@lib/data/cart"
import { retrieveCustomer } from "@lib/data/customer"
import { formatMoney } from "@lib/money"
import PaymentStep from "@components/payment-step"
import Link from "next/link"

const input = "mt-1 block w-full rounded-md border border-gray-300 px-3 py-2 text-sm"

export default async function Checkout({
  params,
  searchParams,
}: {
  params: Promise<{ countryCode: string }>
  searchParams: Promise<{ step?: string }>
}) {
  const { countryCode } = await params
  const cart = await retrieveCart()
  if (!cart?.items?.length) {
    return (
      <p data-testid="empty-cart">
        Your cart is empty.{" "}
        <Link href={`/${countryCode}`} className="underline">
          Shop
        </Link>
      </p>
    )
  }
  const customer = await retrieveCustomer()
  const step =
    (await searchParams).step ??
    (cart.shipping_address?.address_1 ? (cart.shipping_methods?.length ? "payment" : "delivery") : "address")
  const a = cart.shipping_address
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Checkout</h1>
      <p className="text-sm text-gray-600" data-testid="cart-total">
        {cart.items.map((i) => i.title).join(", ")}: total {formatMoney(cart.total, cart.currency_code, countryCode)}
      </p>

      <section className="rounded-lg border border-gray-200 bg-white p-4">
        <h2 className="font-medium">Address</h2>
        {step === "address" ? (
          <form
            action={setAddress.bind(null, countryCode)}
            className="mt-3 grid grid-cols-2 gap-3"
            data-testid="address-form"
          >
            {[
              ["email", "Email", customer?.email ?? cart.email ?? ""],
              ["first_name", "First name", a?.first_name ?? ""],
              ["last_name", "Last name", a?.last_name ?? ""],
              ["address_1", "Address", a?.address_1 ?? ""],
              ["city", "City", a?.city ?? ""],
              ["postal_code", "Postal code", a?.postal_code ?? ""],
              ["phone", "Phone", a?.phone ?? ""],
            ].map(([name, label, value]) => (
              <label key={name} className="text-sm">
                {label}
                <input
                  name={name}
                  defaultValue={value}
                  required={name !== "phone"}
                  className={input}
                  data-testid={`address-${name}`}
                />
              </label>
            ))}
            <label className="text-sm">
              Country
              <select name="country_code" defaultValue={countryCode} className={input} data-testid="address-country">
                {(cart.region?.countries ?? []).map((c) => (
                  <option key={c.iso_2} value={c.iso_2}>
                    {c.display_name}
                  </option>
                ))}
              </select>
            </label>
            <button
              className="col-span-2 rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white"
              data-testid="address-submit"
            >
              Continue to delivery
            </button>
          </form>
        ) : (
          <p className="text-sm text-gray-600">
            {a?.first_name} {a?.last_name}, {a?.address_1}, {a?.city} ({a?.country_code?.toUpperCase()}){" "}
            <Link href={`/${countryCode}/checkout?step=address`} className="underline">
              Edit
            </Link>
          </p>
        )}
      </section>

      {step !== "address" ? (
        <section className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 className="font-medium">Delivery</h2>
          {step === "delivery" ? (
            <form action={setShipping.bind(null, countryCode)} className="mt-3 space-y-2" data-testid="delivery-form">
              {(await listShippingOptions()).map((o, i) => (
                <label key={o.id} className="flex items-center gap-2 text-sm">
                  <input type="radio" name="option_id" value={o.id} defaultChecked={i === 0} /> {o.name} ({o.amount}{" "}
                  {cart.currency_code.toUpperCase()})
                </label>
              ))}
              <button
                className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white"
                data-testid="delivery-submit"
              >
                Continue to payment
              </button>
            </form>
          ) : (
            <p className="text-sm text-gray-600">{cart.shipping_methods?.map((m) => m.name).join(", ")}</p>
          )}
        </section>
      ) : null}

      {step === "payment" ? (
        <section className="rounded-lg border border-gray-200 bg-white p-4">
          <h2 className="mb-3 font-medium">Payment</h2>
          <PaymentStep cartId={cart.id} countryCode={countryCode} signedIn={Boolean(customer)} />
        </section>
      ) : null}
    </div>
  )
}
