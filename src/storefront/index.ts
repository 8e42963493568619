/**
 * `medusa-plugin-card-gateway-storefront`: the storefront kit. The framework-free helpers (also alone, without
 * React, as `medusa-plugin-card-gateway-storefront/core`) and the React components: a card form, the hosted
 * page in an iFrame, a saved-card picker and the return-page handler. Browser code, for a Next.js client
 * component or a Vite React app; card data goes only to the plugin's card route.
 */
export * from "./core.js"
export * from "./react/index.js"
