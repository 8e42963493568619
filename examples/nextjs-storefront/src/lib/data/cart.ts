"use server"
/**
 * The cart, as the starter's data layer keeps it: server actions over the server's sdk, the cart id in the
 * httpOnly cart cookie. The card never comes here (the kit posts it from the browser to Medusa).
 */
import type { HttpTypes } from "@medusajs/types"
import { redirect } from "next/navigation"
import { sdk } from "../config"
import { getAuthHeaders, getCartId, setCartId } from "./cookies"
import { regionOf } from "./regions"

const CART_FIELDS =
  "id,email,currency_code,total,subtotal,shipping_total,tax_total,region_id,*region,*region.countries,*items,*shipping_address,*billing_address,*shipping_methods,*payment_collection,*payment_collection.payment_sessions"

export async function retrieveCart(): Promise<HttpTypes.StoreCart | null> {
  const id = await getCartId()
  if (!id) return null
  return sdk()
    .store.cart.retrieve(id, { fields: CART_FIELDS }, await getAuthHeaders())
    .then(({ cart }) => cart)
    .catch(() => null)
}

/** Adds a variant to the cart of the country's region (a new cart when there is none, or it is completed). */
export async function addToCart(countryCode: string, variantId: string) {
  const region = await regionOf(countryCode)
  if (!region) throw new Error(`No region for country ${countryCode}`)
  const headers = await getAuthHeaders()
  let cart = await retrieveCart()
  if (!cart || (cart as { completed_at?: string | null }).completed_at) {
    cart = (await sdk().store.cart.create({ region_id: region.id }, {}, headers)).cart
    await setCartId(cart.id)
  } else if (cart.region_id !== region.id) {
    await sdk().store.cart.update(cart.id, { region_id: region.id }, {}, headers)
  }
  await sdk().store.cart.createLineItem(cart.id, { variant_id: variantId, quantity: 1 }, {}, headers)
  redirect(`/${countryCode}/checkout`)
}

/** The address step: email, shipping and billing address (one form). */
export async function setAddress(countryCode: string, form: FormData) {
  const id = await getCartId()
  if (!id) throw new Error("No cart")
  const field = (name: string) => String(form.get(name) ?? "").trim()
  const address = {
    first_name: field("first_name"),
    last_name: field("last_name"),
    address_1: field("address_1"),
    city: field("city"),
    postal_code: field("postal_code"),
    country_code: field("country_code") || countryCode,
    phone: field("phone"),
  }
  await sdk().store.cart.update(
    id,
    { email: field("email"), shipping_address: address, billing_address: address },
    {},
    await getAuthHeaders()
  )
  redirect(`/${countryCode}/checkout?step=delivery`)
}

export async function listShippingOptions() {
  const id = await getCartId()
  if (!id) return []
  const { shipping_options } = await sdk().store.fulfillment.listCartOptions({ cart_id: id }, await getAuthHeaders())
  return shipping_options
}

export async function setShipping(countryCode: string, form: FormData) {
  const id = await getCartId()
  if (!id) throw new Error("No cart")
  await sdk().store.cart.addShippingMethod(id, { option_id: String(form.get("option_id")) }, {}, await getAuthHeaders())
  redirect(`/${countryCode}/checkout?step=payment`)
}

/** The payment step: the session of the chosen provider (the APM with its method in `data`). */
export async function initiatePayment(providerId: string, data?: Record<string, unknown>) {
  const cart = await retrieveCart()
  if (!cart) throw new Error("No cart")
  const { payment_collection } = await sdk().store.payment.initiatePaymentSession(
    cart,
    { provider_id: providerId, ...(data ? { data } : {}) },
    {},
    await getAuthHeaders()
  )
  const session = payment_collection.payment_sessions?.find((s) => s.provider_id === providerId)
  if (!session) throw new Error(`No ${providerId} session`)
  return {
    id: session.id,
    provider_id: session.provider_id,
    status: session.status,
    data: session.data as Record<string, unknown>,
  }
}
