/**
 * The providers' `return_url` (https://shop.example/api/gateway/return): where the bank (a cross-site POST), the
 * APM (a cross-site GET) and the hosted page send the shopper back. Such a request carries no SameSite=Strict
 * cookie, so nothing here can find the cart: the kit's hop page navigates at once, from this site, to the
 * continuation, which then has the cookies. Outside the country routes (the middleware skips /api).
 */
import { RETURN_HOP_HEADERS, returnHopHtml } from "medusa-plugin-card-gateway-storefront/core"

const hop = () =>
  new Response(returnHopHtml("/api/gateway/return/continue"), { status: 200, headers: RETURN_HOP_HEADERS })

export const GET = hop
export const POST = hop
