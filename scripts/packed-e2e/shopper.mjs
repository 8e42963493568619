// A shopper on Medusa's store API (publishable key header) and the plugin's card route, and the shopper's
// browser on the sandbox's 3-D Secure issuer page (plain HTTP, as a browser posts a form).
export const CARDS = { approved: "4242424242424242", threeDS: "4000000000003220" }
const ADDRESS = {
  first_name: "Ada",
  last_name: "Lovelace",
  address_1: "12 St James's Square",
  city: "New York",
  province: "NY",
  postal_code: "10001",
  country_code: "us",
  phone: "+12125550100",
}

export function card(number) {
  return { number, exp_month: "12", exp_year: String(new Date().getUTCFullYear() + 3), cvv: "123", holder_name: "Ada Lovelace" }
}

/** cart → address → shipping → payment collection → session `pp_gateway_card` → the card posted once. */
export async function cardCheckout(store, seed, cardNumber) {
  const { cart } = await store.post("/store/carts", {
    region_id: seed.regionId,
    email: "ada@example.com",
    items: [{ variant_id: seed.variantId, quantity: 1 }],
  })
  await store.post(`/store/carts/${cart.id}`, { shipping_address: ADDRESS, billing_address: ADDRESS })
  const { shipping_options: options } = await store.get(`/store/shipping-options?cart_id=${cart.id}`)
  if (!options.some((o) => o.id === seed.shippingOptionId)) {
    throw new Error(`the cart is not offered the seeded shipping option (offered: ${options.map((o) => o.id).join(", ") || "none"})`)
  }
  await store.post(`/store/carts/${cart.id}/shipping-methods`, { option_id: seed.shippingOptionId })
  const { payment_collection: collection } = await store.post("/store/payment-collections", { cart_id: cart.id })
  const { payment_collection: withSession } = await store.post(`/store/payment-collections/${collection.id}/payment-sessions`, {
    provider_id: "pp_gateway_card",
  })
  const session = withSession.payment_sessions.find((s) => s.provider_id === "pp_gateway_card")
  if (!session) throw new Error(`no pp_gateway_card session in ${JSON.stringify(withSession.payment_sessions)}`)
  const posted = await store.post(`/store/gateway/payment-sessions/${session.id}/card`, { card: card(cardNumber) })
  const { cart: fresh } = await store.get(`/store/carts/${cart.id}`)
  return { cartId: cart.id, total: fresh.total, sessionId: session.id, posted: posted.payment_session, raw: posted }
}

export function postForm(url, fields) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
    signal: AbortSignal.timeout(30_000),
  })
}

/** Reads the `<form>`s of an HTML page: action and named inputs (hidden or not). */
export function formsOf(html) {
  const unescape = (s) => s.replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&#39;/g, "'").replace(/&amp;/g, "&")
  const forms = []
  for (const m of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const action = /action="([^"]*)"/i.exec(m[1])?.[1]
    const inputs = {}
    for (const i of m[2].matchAll(/<input\b[^>]*>/gi)) {
      const name = /name="([^"]*)"/i.exec(i[0])?.[1]
      if (name && !/type="(submit|button)"/i.test(i[0])) inputs[name] = unescape(/value="([^"]*)"/i.exec(i[0])?.[1] ?? "")
    }
    forms.push({ action: action ? unescape(action) : undefined, inputs })
  }
  return forms
}
