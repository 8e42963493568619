// The storefront example: product -> cart -> address -> shipping -> payment (card form posted to the plugin's
// store route, the gateway's hosted page in an iFrame, or an APM) -> 3-D Secure / APM redirect (a POST form to
// the issuer carrying return_url and notify_url) and the return page -> order confirmation or the decline
// reason. Bundled for the browser by scripts/storefront-server.mjs.
import Medusa from "@medusajs/js-sdk"

const app = document.getElementById("app")
const config = await (await fetch("/config.json")).json()
const sdk = new Medusa({ baseUrl: config.storeUrl, publishableKey: config.publishableKey })
const CART_KEY = "gateway-demo-cart"

const h = (tag, attrs = {}, ...children) => {
  const el = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v)
    else el.setAttribute(k, v)
  }
  for (const c of children) el.append(c)
  return el
}
const show = (...nodes) => app.replaceChildren(...nodes)
const message = (text, kind) => h("p", { class: kind, "data-testid": "message" }, text)

// Send the shopper to the issuer (3-D Secure) or the APM's page. The public docs' hand-off: the merchant POSTs
// return_url and notify_url to the issuer_url. The session data carries that form as
// `redirect = { url, method: "POST", fields }`: build it with hidden inputs and submit it. It is a fresh form
// holding only those fields: no card data, and never a GET with a query string. Older session data without
// `redirect` falls back to opening `issuer_url`.
const CARD_LIKE = /^(card|card_?number|number|pan|cvv|cvc|cvv2|security_?code|exp(iry|iration)?(_?(month|year|date))?)$/i
function redirectShopper(data) {
  const redirect = data?.redirect
  if (redirect?.url) {
    const form = h("form", { method: "POST", action: redirect.url, "data-testid": "issuer-redirect", style: "display:none" })
    for (const [name, value] of Object.entries(redirect.fields ?? {})) {
      if (CARD_LIKE.test(name)) continue
      form.append(h("input", { type: "hidden", name, value: String(value ?? "") }))
    }
    show(message("Redirecting to your bank…"), form)
    form.submit()
    return true
  }
  if (data?.issuer_url) {
    location.href = data.issuer_url
    return true
  }
  return false
}

async function complete(cartId) {
  show(message("Completing your order…"))
  try {
    const res = await sdk.store.cart.complete(cartId)
    if (res.type === "order") {
      localStorage.removeItem(CART_KEY)
      show(h("div", { class: "card" }, h("h2", { "data-testid": "confirmation" }, `Order #${res.order.display_id} confirmed`), h("p", {}, `Total ${res.order.total} ${res.order.currency_code.toUpperCase()}`)), h("a", { href: "/" }, "Shop again"))
    } else {
      show(message(`Payment not finished: ${res.error?.message ?? "try again"}`, "error"), h("a", { href: "/" }, "Start over"))
    }
  } catch (e) {
    show(message(`Payment failed: ${e.message}`, "error"), h("a", { href: "/" }, "Start over"))
  }
}

async function startCheckout(variantId) {
  show(message("Preparing your cart…"))
  const address = config.address
  const { cart } = await sdk.store.cart.create({ region_id: config.regionId, email: "ada@example.com", items: [{ variant_id: variantId, quantity: 1 }], shipping_address: address, billing_address: address })
  const { shipping_options } = await sdk.store.fulfillment.listCartOptions({ cart_id: cart.id })
  await sdk.store.cart.addShippingMethod(cart.id, { option_id: shipping_options[0].id })
  localStorage.setItem(CART_KEY, cart.id)
  const fresh = (await sdk.store.cart.retrieve(cart.id)).cart
  show(
    h("div", { class: "card" }, h("h2", {}, "Payment"), h("p", {}, `Total ${fresh.total} ${fresh.currency_code.toUpperCase()} (shipping ${fresh.shipping_total})`),
      h("button", { "data-testid": "pay-card", onclick: () => payByCard(fresh) }, "Card"),
      h("button", { "data-testid": "pay-hosted", onclick: () => payOnHostedPage(fresh) }, "Hosted payment page"),
      h("button", { "data-testid": "pay-apm", onclick: () => payByApm(fresh) }, "Alipay (APM)"))
  )
}

async function session(cart, provider_id, data) {
  const { payment_collection } = await sdk.store.payment.initiatePaymentSession(cart, { provider_id, ...(data ? { data } : {}) })
  return payment_collection.payment_sessions.find((s) => s.provider_id === provider_id)
}

async function payByCard(cart) {
  const s = await session(cart, "pp_gateway_card")
  const field = (name, label, value = "") => h("label", {}, label, h("input", { name, value, "data-testid": name, autocomplete: "off" }))
  const form = h("form", { class: "card", "data-testid": "card-form" },
    field("number", "Card number"), field("exp_month", "Expiry month (MM)", "12"), field("exp_year", "Expiry year (YYYY)", String(new Date().getFullYear() + 3)), field("cvv", "CVV"),
    h("button", { type: "submit", "data-testid": "card-submit" }, "Pay"))
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault()
    const f = new FormData(form)
    const card = Object.fromEntries(["number", "exp_month", "exp_year", "cvv"].map((k) => [k, String(f.get(k) ?? "")]))
    try {
      // The card goes to the plugin's route once and is never kept by the storefront.
      const { payment_session } = await sdk.client.fetch(`/store/gateway/payment-sessions/${s.id}/card`, {
        method: "POST",
        body: { card, browser: { user_agent: navigator.userAgent, browser_lang: navigator.language, time_zone: String(new Date().getTimezoneOffset()), resolution: `${screen.width}x${screen.height}`, color_depth: String(screen.colorDepth) } },
      })
      if (payment_session.status === "requires_more") {
        // 3-D Secure: the card form is left behind; only return_url / notify_url travel to the issuer
        form.reset()
        if (!redirectShopper(payment_session.data)) show(message("The bank's page is not available; try again.", "error"), h("a", { href: "/" }, "Start over"))
      }
      else if (payment_session.status === "error") show(message(`Payment declined: ${payment_session.data.decline?.message ?? "declined"}`, "error"), h("a", { href: "/" }, "Try another card"))
      else await complete(cart.id)
    } catch (e) {
      show(message(`Payment failed: ${e.message}`, "error"), h("a", { href: "/" }, "Start over"))
    }
  })
  show(form)
}

async function payOnHostedPage(cart) {
  const s = await session(cart, "pp_gateway_hosted")
  // The gateway's page in an iFrame: the card is typed on the gateway's page, never on the store's.
  show(h("p", {}, "Pay on the gateway's page:"), h("iframe", { srcdoc: s.data.hosted.html, "data-testid": "hosted-frame" }))
}

async function payByApm(cart) {
  const s = await session(cart, "pp_gateway_apm", { payment_method: "alipay" })
  if (!redirectShopper(s.data)) show(message("The payment method's page is not available; try again.", "error"), h("a", { href: "/" }, "Start over"))
}

async function home() {
  show(
    ...config.products.map((p) =>
      h("div", { class: "card" }, h("h2", {}, p.title), h("p", {}, `${p.price} ${config.currency.toUpperCase()}`),
        h("button", { "data-testid": `buy-${p.handle}`, onclick: () => startCheckout(p.variantId) }, "Buy now")))
  )
}

if (location.pathname === "/return") {
  // Back from 3-D Secure, an APM or the hosted page. Inside the hosted page's iFrame, continue in the window.
  if (window.top !== window) window.top.location.href = location.href
  else {
    const cartId = localStorage.getItem(CART_KEY)
    if (cartId) await complete(cartId)
    else show(message("No cart to complete.", "error"), h("a", { href: "/" }, "Shop"))
  }
} else {
  await home()
}
