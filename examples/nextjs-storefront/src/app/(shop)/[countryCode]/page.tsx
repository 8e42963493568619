import { addToCart } from "@lib/data/cart"
import { retrieveCustomer } from "@lib/data/customer"
import { sdk } from "@lib/config"
import { regionOf } from "@lib/data/regions"
import Link from "next/link"

export default async function Store({ params }: { params: Promise<{ countryCode: string }> }) {
  const { countryCode } = await params
  const region = await regionOf(countryCode)
  const { products } = await sdk().store.product.list({
    region_id: region?.id,
    fields: "id,title,handle,*variants,*variants.calculated_price",
  })
  const customer = await retrieveCustomer()
  return (
    <div className="space-y-6">
      <header className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">Gateway store</h1>
        <Link href={`/${countryCode}/account`} className="text-sm underline" data-testid="account-link">
          {customer ? `Signed in as ${customer.email}` : "Sign in"}
        </Link>
      </header>
      <ul className="grid gap-4 sm:grid-cols-2">
        {products
          .filter((p) => p.handle !== "coffee-club")
          .map((p) => {
            const variant = p.variants?.[0]
            const price = variant?.calculated_price
            return (
              <li key={p.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
                <h2 className="font-medium">{p.title}</h2>
                <p className="text-sm text-gray-600">
                  {price?.calculated_amount} {price?.currency_code?.toUpperCase()}
                </p>
                <form action={addToCart.bind(null, countryCode, variant?.id ?? "")}>
                  <button
                    className="mt-3 rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white"
                    data-testid={`buy-${p.handle}`}
                  >
                    Buy now
                  </button>
                </form>
              </li>
            )
          })}
      </ul>
    </div>
  )
}
