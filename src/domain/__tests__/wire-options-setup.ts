// Shared setup of the wire-options tests: the provider's options against a recording server, its clients, a payment request.
import { buildPaymentRequest, createProviderClient, GatewayProviderOptions, validateProviderOptions } from ".."
import { useRecordingServer } from "../../lib/gateway/__tests__/helpers/recording-server"

export const SIGN_KEY = "provider_key"
export const PROVIDER_BASE = {
  base_url: "https://x",
  merchant_id: "1",
  account_id: "1",
  sign_key: "k",
  website: "w",
  return_url: "https://s.example/r",
}

/**
 * A recording server for the file's tests, and on it: `providerOptions` (the provider's options pointed at it,
 * validated) and `clientOf` (a provider client closed after the file's tests).
 */
export function useWireOptions() {
  const recording = useRecordingServer()

  function providerOptions(extra: Partial<GatewayProviderOptions> = {}): GatewayProviderOptions {
    const o = {
      base_url: recording.server.url,
      merchant_id: "701001",
      account_id: "701001010",
      sign_key: SIGN_KEY,
      website: "https://shop.example",
      return_url: "https://shop.example/checkout/return",
      store_url: "https://api.shop.example",
      ...extra,
    }
    validateProviderOptions(o)
    return o
  }

  function clientOf(o: GatewayProviderOptions) {
    const c = createProviderClient(o)
    recording.track(c)
    return c
  }

  return { recording, providerOptions, clientOf }
}

/** The card fields of an authorise request. */
export const card = { card: "4242424242424242", expiration_month: "12", expiration_year: "2030", security_code: "321" }

/** The provider's payment request of a one-mug cart (20.00 USD) under `o`, with `orderNo`. */
export function paymentRequest(o: GatewayProviderOptions, orderNo: string) {
  return buildPaymentRequest({
    options: o,
    order_no: orderNo,
    amount: "20.00",
    currency: "USD",
    context: {
      items: [
        {
          id: "cali_1",
          title: "Mug",
          variant_sku: "MUG-1",
          variant_id: "variant_1",
          product_id: "prod_1",
          product_handle: "mug",
          unit_price: 20,
          quantity: 1,
        },
      ],
      totals: { item_subtotal: 20, shipping_subtotal: 0, tax_total: 0, discount_subtotal: 0 },
      browser: { user_agent: "Mozilla/5.0 (iPhone)" },
    },
  })
}
