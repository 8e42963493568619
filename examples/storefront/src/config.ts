/** What the server of the example (scripts/storefront-server.mjs) tells the page: the store and its products. */
export interface StoreConfig {
  storeUrl: string
  publishableKey: string
  regionId: string
  currency: string
  address: Record<string, string>
  products: { title: string; handle: string; price: string; variantId: string }[]
}

/** The cart being paid, kept across the trip to the bank and back (its id only). */
export const CART_KEY = "gateway-demo-cart"
