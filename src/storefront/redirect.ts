/**
 * Leaving the store for 3-D Secure or an APM, and coming back.
 *
 * The gateway's documented hand-off: the merchant POSTs `return_url` and `notify_url` to the `issuer_url`
 * (public docs, 3-D Secure). The plugin puts that form in the session's `data.redirect` = { url, method:
 * "POST", fields }; the kit submits a fresh hidden form holding only those fields, so no card data can travel
 * and nothing goes into a URL. The return (GET to `return_url` with order_no, transaction_id, order_status)
 * is only a hint: completing the cart makes the plugin ask the gateway.
 */
import type { GatewaySessionData, RedirectForm } from "./types.js"

/** Field names that look like card data: never put into a hand-off form, whatever the data says. */
const CARD_LIKE =
  /^(card(_?number)?|number|pan|(card_?)?(cvv2?|cvc|security_?code)|(card_?)?exp(iry|iration)?(_?(month|year|date))?)$/i

/** Hosts where plain http: stays on the developer's own machine. */
const LOCAL_HOSTS = ["localhost", "127.0.0.1", "[::1]"]

/**
 * Whether the kit may send the shopper's browser, or a form, to `url`: https:, or http: to this machine
 * (development). Plain http: elsewhere would carry return_url and notify_url, and the bank's or the gateway's
 * page, in clear. (The plugin checks the gateway's addresses on the server too: provider option `redirect_hosts`.)
 */
export function isAllowedUrl(url: unknown): url is string {
  if (typeof url !== "string") return false
  try {
    const u = new URL(url)
    return u.protocol === "https:" || (u.protocol === "http:" && LOCAL_HOSTS.includes(u.hostname))
  } catch {
    return false
  }
}

/**
 * The form that sends the shopper on (3-D Secure, APM) from a session's data: its `redirect` (POST, card-like
 * and non-text fields dropped), else a plain GET of `issuer_url` (older session data); null when there is
 * nowhere to go or the address is not allowed (`isAllowedUrl`).
 */
export function redirectOf(data: GatewaySessionData | null | undefined): RedirectForm | null {
  const redirect = data?.redirect
  if (redirect && isAllowedUrl(redirect.url)) {
    const fields: Record<string, string> = {}
    for (const [name, value] of Object.entries(redirect.fields ?? {})) {
      if (CARD_LIKE.test(name) || (typeof value !== "string" && typeof value !== "number")) continue
      fields[name] = String(value)
    }
    return { url: redirect.url, method: "POST", fields }
  }
  if (isAllowedUrl(data?.issuer_url)) return { url: data.issuer_url, method: "GET", fields: {} }
  return null
}

/** Minimal DOM the hand-off needs (a browser's `document`). */
export interface RedirectDocument {
  createElement(tag: "form" | "input"): any
  body: { appendChild(node: any): unknown }
  defaultView: { location: { assign(url: string): void } } | null
}

/**
 * Sends the browser on: a hidden POST form with the fields (submitted at once), or a navigation for GET.
 * The page is left; call it last. With `target` (a frame's name) the POST loads in that frame instead, the
 * page stays, and the form is removed once submitted.
 */
export function submitRedirect(
  redirect: RedirectForm,
  doc: RedirectDocument = document as unknown as RedirectDocument,
  target?: string
): void {
  if (redirect.method === "GET") {
    doc.defaultView?.location.assign(redirect.url)
    return
  }
  const form = doc.createElement("form")
  form.method = "POST"
  form.action = redirect.url
  if (target) form.target = target
  form.style.display = "none"
  form.setAttribute("data-gateway-redirect", "")
  for (const [name, value] of Object.entries(redirect.fields)) {
    const input = doc.createElement("input")
    input.type = "hidden"
    input.name = name
    input.value = value
    form.appendChild(input)
  }
  doc.body.appendChild(form)
  form.submit()
  if (target) form.remove()
}

/** Follows a session's hand-off when it has one; false when there is nowhere to go. */
export function followRedirect(data: GatewaySessionData | null | undefined, doc?: RedirectDocument): boolean {
  const redirect = redirectOf(data)
  if (!redirect) return false
  submitRedirect(redirect, doc)
  return true
}

/** What the gateway put on the return address. A hint only: the cart's completion asks the gateway. */
export interface ReturnParams {
  order_no: string | null
  transaction_id: string | null
  order_status: string | null
}

/** Reads the return address's known parameters (nothing else). */
export function readReturn(href: string): ReturnParams {
  const q = new URL(href, "http://return.invalid").searchParams
  return { order_no: q.get("order_no"), transaction_id: q.get("transaction_id"), order_status: q.get("order_status") }
}

/** Minimal window for leaving a frame. */
export interface FramedWindow {
  top: { location: { href: string } } | null
  location: { href: string }
}

/**
 * The hosted page runs in an iFrame, so the gateway sends the shopper back to `return_url` inside it. True
 * when this page is in a frame: do nothing else on it (never complete the cart here). The page that holds
 * `HostedPaymentFrame` then loads the return in the whole window (`returnedFrameUrl`), because its sandboxed
 * frame may not navigate the store's tab without the shopper's click; in a frame without that sandbox, this
 * loads it itself.
 */
export function leaveFrame(win: FramedWindow = window as unknown as FramedWindow): boolean {
  if (!win.top || (win.top as unknown) === (win as unknown)) return false
  try {
    win.top.location.href = win.location.href
  } catch {
    // a sandboxed frame (SecurityError): the holding page takes the shopper out
  }
  return true
}
