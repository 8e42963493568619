/**
 * `medusa-plugin-card-gateway-storefront/core`: the storefront kit without React. Framework-free helpers over
 * `@medusajs/js-sdk` for the plugin's store routes (card post, saved cards, payment-method ranking), the
 * 3-D Secure / APM hand-off and return, the hosted page's form and frame, and completing the cart. Browser
 * code: no server import.
 */
export * from "./types.js"
export * from "./card-input.js"
export * from "./browser-data.js"
export * from "./redirect.js"
export * from "./hosted.js"
export * from "./store-api.js"
export * from "./messages.js"
export * from "./confirm.js"
export * from "./return-hop.js"
export * from "./order-payment.js"
export { GATEWAY_PROVIDER_IDS, methodOfProvider } from "../domain/providers.js"
