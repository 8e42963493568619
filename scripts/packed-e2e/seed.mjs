// The minimum a store needs to sell through the gateway, made as a store owner would, through Medusa's
// admin API (no code of the repository): USD on the store, a region offering pp_gateway_card, a sales
// channel with a publishable key, a stock location with a shipping option, and a product with a price.
export const PRICE = 12.5
export const SHIPPING = 4.75

export async function seedThroughAdminApi(admin, log) {
  const { stores } = await admin.get("/admin/stores")
  const store = stores[0]
  if (!store) throw new Error("the store has no default store record after db:migrate")

  const { sales_channel: channel } = await admin.post("/admin/sales-channels", { name: "Webshop" })
  await admin.post(`/admin/stores/${store.id}`, {
    supported_currencies: [{ currency_code: "usd", is_default: true }],
    default_sales_channel_id: channel.id,
  })

  // "enable the providers in the regions that should offer them"
  const { payment_providers: providers } = await admin.get("/admin/payments/payment-providers?limit=100")
  const ids = providers.map((p) => p.id)
  log(`payment providers listed by Medusa: ${ids.join(", ")}`)
  const { region } = await admin.post("/admin/regions", {
    name: "United States",
    currency_code: "usd",
    countries: ["us"],
    payment_providers: ["pp_gateway_card"],
  })

  const { stock_location: location } = await admin.post("/admin/stock-locations", {
    name: "Main warehouse",
    address: { address_1: "1 Dock Road", city: "Newark", country_code: "US" },
  })
  await admin.post(`/admin/stock-locations/${location.id}/sales-channels`, { add: [channel.id] })
  await admin.post(`/admin/stock-locations/${location.id}/fulfillment-providers`, { add: ["manual_manual"] })
  const { stock_location: withSet } = await admin.post(`/admin/stock-locations/${location.id}/fulfillment-sets?fields=*fulfillment_sets`, {
    name: "Main warehouse delivery",
    type: "shipping",
  })
  const fulfillmentSet = withSet.fulfillment_sets[0]
  const { fulfillment_set: zoned } = await admin.post(`/admin/fulfillment-sets/${fulfillmentSet.id}/service-zones`, {
    name: "United States",
    geo_zones: [{ type: "country", country_code: "us" }],
  })
  const zone = zoned.service_zones[0]

  const { shipping_profiles: profiles } = await admin.get("/admin/shipping-profiles?type=default")
  const profile = profiles[0] ?? (await admin.post("/admin/shipping-profiles", { name: "Default", type: "default" })).shipping_profile

  const { shipping_option: option } = await admin.post("/admin/shipping-options", {
    name: "Standard shipping",
    service_zone_id: zone.id,
    shipping_profile_id: profile.id,
    provider_id: "manual_manual",
    price_type: "flat",
    type: { label: "Standard", description: "3-5 days", code: "standard" },
    prices: [{ currency_code: "usd", amount: SHIPPING }],
    rules: [
      { attribute: "enabled_in_store", value: "true", operator: "eq" },
      { attribute: "is_return", value: "false", operator: "eq" },
    ],
  })

  const { product } = await admin.post("/admin/products", {
    title: "Packed T-shirt",
    handle: "packed-t-shirt",
    status: "published",
    shipping_profile_id: profile.id,
    options: [{ title: "Size", values: ["M"] }],
    variants: [{ title: "M", sku: "PACKED-TSHIRT-M", options: { Size: "M" }, manage_inventory: false, prices: [{ currency_code: "usd", amount: PRICE }] }],
    sales_channels: [{ id: channel.id }],
  })

  const { api_key: key } = await admin.post("/admin/api-keys", { title: "Webshop", type: "publishable" })
  await admin.post(`/admin/api-keys/${key.id}/sales-channels`, { add: [channel.id] })

  return {
    providers: ids,
    publishableKey: key.token,
    regionId: region.id,
    regionProviders: (await admin.get(`/admin/regions/${region.id}?fields=*payment_providers`)).region.payment_providers.map((p) => p.id),
    shippingOptionId: option.id,
    variantId: product.variants[0].id,
  }
}
