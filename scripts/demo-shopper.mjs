// The demo's scripted shopper and store clerk: pays through the store API (JS SDK) with each kind of payment,
// then captures and partly refunds one order through the admin API, and returns a row per order.
import Medusa from "@medusajs/js-sdk"
import { createRequire } from "node:module"
import { card } from "./shopper-card.mjs"

const { address: ADDRESS, cards: CARDS } = createRequire(import.meta.url)("./shopper-fixtures.json")

function formsOf(html) {
  const forms = []
  for (const m of html.matchAll(/<form\b[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/gi)) {
    const inputs = {}
    for (const i of m[2].matchAll(/<input\b[^>]*>/gi)) {
      const name = /name="([^"]*)"/i.exec(i[0])?.[1]
      if (name) inputs[name] = (/value="([^"]*)"/i.exec(i[0])?.[1] ?? "").replace(/&amp;/g, "&").replace(/&quot;/g, '"')
    }
    forms.push({ action: m[1].replace(/&amp;/g, "&"), inputs })
  }
  return forms
}

const postForm = (url, fields) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  })

export async function runShopper({ storeUrl, seed, admin, log }) {
  const sdk = new Medusa({ baseUrl: storeUrl, publishableKey: seed.publishableKey })

  async function cartWithSession(provider_id, data) {
    const { cart } = await sdk.store.cart.create({
      region_id: seed.regions.usd,
      email: "ada@example.com",
      items: [
        { variant_id: seed.variants.tshirt, quantity: 1 },
        { variant_id: seed.variants.mug, quantity: 2 },
      ],
      shipping_address: ADDRESS,
      billing_address: ADDRESS,
    })
    await sdk.store.cart.addShippingMethod(cart.id, { option_id: seed.shippingOptionId })
    const fresh = (await sdk.store.cart.retrieve(cart.id)).cart
    const { payment_collection } = await sdk.store.payment.initiatePaymentSession(fresh, {
      provider_id,
      ...(data ? { data } : {}),
    })
    const session = payment_collection.payment_sessions.find((s) => s.provider_id === provider_id)
    return { cart: fresh, session }
  }
  const postCard = (cartId, sessionId, number) =>
    sdk.client.fetch(`/store/gateway/payment-sessions/${sessionId}/card`, {
      method: "POST",
      body: { cart_id: cartId, card: card(number) },
    })
  const complete = async (cartId) => {
    try {
      return await sdk.store.cart.complete(cartId)
    } catch (e) {
      return { type: "error", error: { message: e.message } }
    }
  }

  const rows = []
  const record = (label, res, session) =>
    rows.push({
      payment: label,
      result: res.type === "order" ? `order #${res.order.display_id}` : (res.error?.message?.slice(0, 60) ?? res.type),
      order_id: res.type === "order" ? res.order.id : null,
      session_id: session.id,
    })

  log("card 4242 4242 4242 4242 (approved)")
  {
    const { cart, session } = await cartWithSession("pp_gateway_card")
    await postCard(cart.id, session.id, CARDS.approve)
    record("card, approved", await complete(cart.id), session)
  }
  log("card 4000 0000 0000 3220 (3-D Secure)")
  {
    const { cart, session } = await cartWithSession("pp_gateway_card")
    const { payment_session } = await postCard(cart.id, session.id, CARDS.threeDS)
    await postForm(payment_session.data.issuer_url, { outcome: "pass" })
    record("card, 3-D Secure", await complete(cart.id), session)
  }
  log("hosted payment page")
  {
    const { cart, session } = await cartWithSession("pp_gateway_hosted")
    const page = await postForm(session.data.hosted.action, session.data.hosted.inputs)
    const [entry] = formsOf(await page.text())
    const c = card(CARDS.approve)
    await postForm(new URL(entry.action, session.data.hosted.action).toString(), {
      ...entry.inputs,
      card: c.number,
      expiration_month: c.exp_month,
      expiration_year: c.exp_year,
      security_code: c.cvv,
    })
    record("hosted page", await complete(cart.id), session)
  }
  log("card 4000 0000 0000 0002 (declined)")
  {
    const { cart, session } = await cartWithSession("pp_gateway_card")
    const { payment_session } = await postCard(cart.id, session.id, CARDS.decline)
    const res = await complete(cart.id)
    rows.push({
      payment: "card, declined",
      result: `declined: ${payment_session.data.decline?.message ?? res.type}`,
      order_id: null,
      session_id: session.id,
    })
  }

  log("capture and partial refund of the first order (admin API)")
  const adminSdk = new Medusa({ baseUrl: storeUrl, auth: { type: "jwt", jwtTokenStorageMethod: "memory" } })
  await adminSdk.auth.login("user", "emailpass", { email: admin.email, password: admin.password })
  const first = rows[0]
  if (first.order_id) {
    const { order } = await adminSdk.admin.order.retrieve(first.order_id, { fields: "*payment_collections.payments" })
    const payment = order.payment_collections[0].payments[0]
    await adminSdk.admin.payment.capture(payment.id, {})
    await adminSdk.admin.payment.refund(payment.id, { amount: 5 })
  }
  for (const row of rows) {
    if (row.order_id) {
      const { order } = await adminSdk.admin.order.retrieve(row.order_id, {
        fields: "payment_status,*payment_collections.payments",
      })
      row.medusa = order.payment_status
    } else row.medusa = "-"
  }
  return rows
}
