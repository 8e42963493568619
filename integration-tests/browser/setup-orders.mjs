// The browser run's set-up through the store API: orders placed by card (held for review, paid, retried) and a ghost payment.
import Medusa from "@medusajs/js-sdk"
import { createRequire } from "node:module"
import { card as shopperCard } from "../../scripts/shopper-card.mjs"

// An order held for risk review, through the store API (as scripts/demo-shopper.mjs checks out).
// The shopper's address and test cards shared with the demo, the tests and the benchmarks.
const { address: ADDRESS, cards: CARDS } = createRequire(import.meta.url)("../../scripts/shopper-fixtures.json")

export async function placeOrder({ storeUrl, seed }, number, variant = "tshirt", { declinedFirst = false } = {}) {
  const sdk = new Medusa({ baseUrl: storeUrl, publishableKey: seed.publishableKey })
  const { cart } = await sdk.store.cart.create({
    region_id: seed.regions.usd,
    email: "ada@example.com",
    items: [{ variant_id: seed.variants[variant], quantity: 1 }],
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
  })
  await sdk.store.cart.addShippingMethod(cart.id, { option_id: seed.shippingOptionId })
  const fresh = (await sdk.store.cart.retrieve(cart.id)).cart
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(fresh, {
    provider_id: "pp_gateway_card",
  })
  const session = payment_collection.payment_sessions.find((s) => s.provider_id === "pp_gateway_card")
  const card = shopperCard(number)
  const post = (c) =>
    sdk.client.fetch(`/store/gateway/payment-sessions/${session.id}/card`, {
      method: "POST",
      body: { cart_id: cart.id, card: c },
    })
  if (declinedFirst) {
    // The sandbox's declined card first, then the card on the same session: a retry, as a shopper would.
    const { payment_session: refused } = await post({ ...card, number: "4000000000000002" })
    if (refused.status !== "error") throw new Error(`the declined card's session is ${refused.status}, expected error`)
  }
  const { payment_session } = await post(card)
  const res = await sdk.store.cart.complete(cart.id)
  if (res.type !== "order")
    throw new Error(`checkout with ${number} did not create an order: ${JSON.stringify(res.error ?? res.type)}`)
  return { order: res.order, session: payment_session }
}

/**
 * A ghost payment (docs/payments-and-safety.md, "Where every payment ends up"): the shopper starts an APM, comes back and pays by card
 * (Medusa deletes the APM session), the cart becomes an order, then the shopper finishes the APM at the bank
 * after all. The store voids it on its notification. Answers the order and the APM's order number.
 */
export async function placeGhost({ storeUrl, seed }) {
  const sdk = new Medusa({ baseUrl: storeUrl, publishableKey: seed.publishableKey })
  const { cart } = await sdk.store.cart.create({
    region_id: seed.regions.usd,
    email: "ada@example.com",
    items: [{ variant_id: seed.variants.tshirt, quantity: 1 }],
    shipping_address: ADDRESS,
    billing_address: ADDRESS,
  })
  await sdk.store.cart.addShippingMethod(cart.id, { option_id: seed.shippingOptionId })
  let fresh = (await sdk.store.cart.retrieve(cart.id)).cart
  const apm = (
    await sdk.store.payment.initiatePaymentSession(fresh, {
      provider_id: "pp_gateway_apm",
      data: { payment_method: "alipay" },
    })
  ).payment_collection.payment_sessions.find((s) => s.provider_id === "pp_gateway_apm")
  fresh = (await sdk.store.cart.retrieve(cart.id)).cart
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(fresh, {
    provider_id: "pp_gateway_card",
  })
  const session = payment_collection.payment_sessions.find((s) => s.provider_id === "pp_gateway_card")
  const card = shopperCard(CARDS.approve)
  await sdk.client.fetch(`/store/gateway/payment-sessions/${session.id}/card`, {
    method: "POST",
    body: { cart_id: cart.id, card },
  })
  const res = await sdk.store.cart.complete(cart.id)
  if (res.type !== "order")
    throw new Error(`the card after the APM did not create an order: ${JSON.stringify(res.error ?? res.type)}`)
  const bank = await fetch(apm.data.issuer_url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "outcome=pass",
    redirect: "manual",
  })
  if (bank.status !== 303) throw new Error(`the APM's bank page answered ${bank.status}`)
  return { order: res.order, orderNo: apm.id }
}
