/**
 * Seeds a store that can take payments through the gateway: a sales channel and its publishable key, regions
 * in USD (with a 10% tax), EUR, JPY (0 decimals) and KWD (3 decimals) offering the gateway's providers, a
 * stock location with a flat-rate shipping option, and a few products. Used by the integration tests and the demo.
 */
import {
  createApiKeysWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingOptionsWorkflow,
  createShippingProfilesWorkflow,
  createStockLocationsWorkflow,
  createTaxRegionsWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  linkSalesChannelsToStockLocationWorkflow,
} from "@medusajs/medusa/core-flows"
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"

export const GATEWAY_PROVIDERS = ["pp_gateway_card", "pp_gateway_hosted", "pp_gateway_apm"]

export interface SeededStore {
  publishableKey: string
  salesChannelId: string
  regions: Record<"usd" | "eur" | "jpy" | "kwd", string>
  shippingOptionId: string
  variants: { tshirt: string; mug: string; coffeeClub: string }
}

export async function seedStore(container: MedusaContainer): Promise<SeededStore> {
  const link = container.resolve(ContainerRegistrationKeys.LINK)
  const fulfillment = container.resolve(Modules.FULFILLMENT)
  const storeModule = container.resolve(Modules.STORE)

  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: "Webshop" }] },
  })
  const [store] = await storeModule.listStores()
  if (store) {
    await storeModule.updateStores(store.id, {
      default_sales_channel_id: channel.id,
      supported_currencies: [
        { currency_code: "usd", is_default: true },
        { currency_code: "eur" },
        { currency_code: "jpy" },
        { currency_code: "kwd" },
      ],
    })
  }

  const providers = [...GATEWAY_PROVIDERS, "pp_system_default"]
  const { result: regions } = await createRegionsWorkflow(container).run({
    input: {
      regions: [
        { name: "United States", currency_code: "usd", countries: ["us"], payment_providers: providers },
        { name: "Europe", currency_code: "eur", countries: ["de", "fr"], payment_providers: providers },
        { name: "Japan", currency_code: "jpy", countries: ["jp"], payment_providers: providers },
        { name: "Kuwait", currency_code: "kwd", countries: ["kw"], payment_providers: providers },
      ],
    },
  })
  const regionOf = (c: string) => regions.find((r) => r.currency_code === c)!.id
  await createTaxRegionsWorkflow(container).run({
    input: [
      {
        country_code: "us",
        provider_id: "tp_system",
        default_tax_rate: { rate: 10, code: "us-default", name: "US sales tax" },
      },
      { country_code: "de", provider_id: "tp_system" },
      { country_code: "fr", provider_id: "tp_system" },
      { country_code: "jp", provider_id: "tp_system" },
      { country_code: "kw", provider_id: "tp_system" },
    ],
  })

  const {
    result: [location],
  } = await createStockLocationsWorkflow(container).run({
    input: {
      locations: [
        { name: "Main warehouse", address: { address_1: "1 Dock Road", city: "Newark", country_code: "US" } },
      ],
    },
  })
  await linkSalesChannelsToStockLocationWorkflow(container).run({ input: { id: location.id, add: [channel.id] } })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_provider_id: "manual_manual" },
  })

  const existing = await fulfillment.listShippingProfiles({ type: "default" })
  const profile =
    existing[0] ??
    (await createShippingProfilesWorkflow(container).run({ input: { data: [{ name: "Default", type: "default" }] } }))
      .result[0]

  const fulfillmentSet = await fulfillment.createFulfillmentSets({
    name: "Main warehouse delivery",
    type: "shipping",
    service_zones: [
      {
        name: "Everywhere we sell",
        geo_zones: ["us", "de", "fr", "jp", "kw"].map((country_code) => ({ type: "country" as const, country_code })),
      },
    ],
  })
  await link.create({
    [Modules.STOCK_LOCATION]: { stock_location_id: location.id },
    [Modules.FULFILLMENT]: { fulfillment_set_id: fulfillmentSet.id },
  })

  const {
    result: [option],
  } = await createShippingOptionsWorkflow(container).run({
    input: [
      {
        name: "Standard shipping",
        price_type: "flat",
        provider_id: "manual_manual",
        service_zone_id: fulfillmentSet.service_zones[0].id,
        shipping_profile_id: profile.id,
        type: { label: "Standard", description: "Delivered in 3-5 days", code: "standard" },
        prices: [
          { currency_code: "usd", amount: 5 },
          { currency_code: "eur", amount: 4.5 },
          { currency_code: "jpy", amount: 700 },
          { currency_code: "kwd", amount: 1.25 },
        ],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
    ],
  })

  /**
   * A published product of one variant (`option`'s one value), sold in the channel without inventory, priced in USD,
   * EUR, JPY and KWD.
   */
  const product = (
    title: string,
    handle: string,
    [option, value]: [string, string],
    sku: string,
    [usd, eur, jpy, kwd]: [number, number, number, number],
    metadata?: Record<string, string>
  ) => ({
    title,
    handle,
    status: "published" as const,
    shipping_profile_id: profile.id,
    options: [{ title: option, values: [value] }],
    variants: [
      {
        title: value,
        sku,
        options: { [option]: value },
        manage_inventory: false,
        ...(metadata ? { metadata } : {}),
        prices: [
          { currency_code: "usd", amount: usd },
          { currency_code: "eur", amount: eur },
          { currency_code: "jpy", amount: jpy },
          { currency_code: "kwd", amount: kwd },
        ],
      },
    ],
    sales_channels: [{ id: channel.id }],
  })
  const { result: products } = await createProductsWorkflow(container).run({
    input: {
      products: [
        product("Gateway T-shirt", "gateway-t-shirt", ["Size", "M"], "TSHIRT-M", [10.36, 9.5, 1500, 3.125]),
        product("Gateway Mug", "gateway-mug", ["Colour", "Black"], "MUG-BLACK", [7.99, 6.99, 980, 2.45]),
        // A subscription (docs/subscriptions.md): its variant's metadata holds the plan.
        product("Coffee Club", "coffee-club", ["Plan", "Monthly"], "COFFEE-CLUB-MONTHLY", [12.5, 11.5, 1800, 3.85], {
          gateway_subscription_interval: "month",
          gateway_subscription_interval_count: "1",
          gateway_subscription_billing_cycles: "12",
          gateway_subscription_contract_name: "Coffee Club monthly",
        }),
      ],
    },
  })

  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: "Webshop", type: "publishable", created_by: "" }] },
  })
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add: [channel.id] } })

  return {
    publishableKey: key.token,
    salesChannelId: channel.id,
    regions: { usd: regionOf("usd"), eur: regionOf("eur"), jpy: regionOf("jpy"), kwd: regionOf("kwd") },
    shippingOptionId: option.id,
    variants: {
      tshirt: products[0].variants[0].id,
      mug: products[1].variants[0].id,
      coffeeClub: products[2].variants[0].id,
    },
  }
}
