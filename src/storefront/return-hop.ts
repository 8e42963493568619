/**
 * The first stop of a shopper coming back from the bank (3-D Secure), an APM or the hosted page, for a
 * storefront that keeps the cart id in a `SameSite=Strict` (or `Lax`) cookie.
 *
 * That return is a navigation from another site: a POST from the bank's page, or a GET from the APM's. The
 * browser sends no Strict cookie with it (nor a Lax one with a cross-site POST), so a page rendered for that very
 * request cannot find the cart. `returnHopHtml(next)` is what the `return_url` route answers instead: a tiny page
 * that at once navigates, from the store's own page, to `next` (e.g. a route that reads the cart cookie and
 * forwards to the shopper's country route). That second navigation is same-site: the cookies go with it. Nothing
 * is put into the URL (the cart id is a bearer secret and never travels through the issuer); the gateway's own
 * query is dropped, it is a hint only (the plugin confirms every payment with the gateway).
 *
 * Inside the hosted page's frame it does nothing: the page holding the frame loads the return in the whole window.
 */

/** `next`: a same-origin path ("/api/gateway/return/continue"); anything else is refused. */
export function returnHopHtml(next: string, title = "Returning to the shop…"): string {
  if (!/^\/(?!\/)[A-Za-z0-9\-._~/%]*$/.test(next))
    throw new Error(`returnHopHtml: next must be a path on this site ("/..."), got ${JSON.stringify(next)}`)
  const text = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${text}</title></head><body><p>${text}</p><noscript><a href="${next}">Continue</a></noscript><script>if (window.top === window) location.replace(${JSON.stringify(next)})</script></body></html>`
}

/** Headers for the hop page: not cached, not framed by other sites, no referrer to the bank. */
export const RETURN_HOP_HEADERS: Record<string, string> = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
  "content-security-policy": "default-src 'none'; script-src 'unsafe-inline'; frame-ancestors 'self'",
}
