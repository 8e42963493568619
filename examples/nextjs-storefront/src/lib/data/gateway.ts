"use server"
/**
 * The card gateway's server side in this storefront: saved cards listed, paid with and removed with the
 * customer's httpOnly token (it never reaches page scripts), the card grant that lets the browser post a new
 * card for the customer's cart, and completing the cart on the return page (the cart cookie is read here, after
 * the same-site hop, never taken from a URL).
 */
import {
  completeCart,
  createCardGrant,
  deleteSavedCard,
  listSavedCards,
  payWithSavedCard,
  type BrowserData,
  type CompletionResult,
} from "medusa-plugin-card-gateway-storefront/core"
import { revalidatePath } from "next/cache"
import { sdk } from "../config"
import { getAuthHeaders, getCartId, removeCartId } from "./cookies"

const customer = async () => {
  const headers = await getAuthHeaders()
  if (!headers.authorization) throw new Error("Sign in to use saved cards")
  return { headers }
}

/** null for a guest (no saved cards, no "save this card"): answered, not thrown, so the server logs no error. */
export async function gatewaySavedCards() {
  const headers = await getAuthHeaders()
  return headers.authorization ? listSavedCards(sdk(), { headers }) : null
}

export async function gatewayPayWithSavedCard(input: {
  sessionId: string
  cartId: string
  saved_card_id: string
  security_code?: string
  browser?: BrowserData
}) {
  const { sessionId, cartId, ...rest } = input
  return payWithSavedCard(sdk(), sessionId, { cart_id: cartId, ...rest, ...(await customer()) })
}

export async function gatewayRemoveSavedCard(id: string) {
  return deleteSavedCard(sdk(), id, await customer())
}

/** A grant for the browser's card post on the signed-in customer's cart; null for a guest (no grant needed). */
export async function gatewayCardGrant(sessionId: string, cartId: string): Promise<string | null> {
  const headers = await getAuthHeaders()
  if (!headers.authorization) return null
  return (await createCardGrant(sdk(), sessionId, cartId, { headers })).grant
}

/** The return page's completion: the cart of the cookie; on an order, the cookie is cleared (as placeOrder does). */
export async function gatewayCompleteCart(): Promise<CompletionResult | null> {
  const cartId = await getCartId()
  if (!cartId) return null
  const result = await completeCart(sdk(), cartId, { headers: await getAuthHeaders() })
  if (result.type === "order") {
    await removeCartId()
    revalidatePath("/", "layout")
  }
  return result
}
