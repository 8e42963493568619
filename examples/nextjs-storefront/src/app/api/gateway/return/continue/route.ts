/**
 * The same-site second step of the return: the cart cookie is here. Forwards to the return page under the
 * shopper's country (the cart's shipping country, as the starter's placeOrder uses; else its region's first),
 * so a German shopper comes back under /de/. The cart id stays in its cookie; only the country is in the URL.
 */
import { sdk } from "@lib/config"
import { getAuthHeaders, getCartId } from "@lib/data/cookies"
import { NextRequest, NextResponse } from "next/server"

export async function GET(request: NextRequest) {
  const cartId = await getCartId()
  const cart = cartId
    ? await sdk()
        .store.cart.retrieve(
          cartId,
          { fields: "id,*shipping_address,*region,*region.countries" },
          await getAuthHeaders()
        )
        .then((r) => r.cart)
        .catch(() => null)
    : null
  const country =
    cart?.shipping_address?.country_code ??
    cart?.region?.countries?.[0]?.iso_2 ??
    process.env.NEXT_PUBLIC_DEFAULT_REGION ??
    "us"
  return NextResponse.redirect(new URL(`/${country.toLowerCase()}/checkout/return`, request.url), 303)
}
