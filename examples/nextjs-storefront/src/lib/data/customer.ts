"use server"
/** Sign-in, sign-up and sign-out as the starter does them: the token in the httpOnly `_medusa_jwt` cookie. */
import { redirect } from "next/navigation"
import { sdk } from "../config"
import { getAuthHeaders, getCartId, removeAuthToken, setAuthToken } from "./cookies"

export async function retrieveCustomer() {
  const headers = await getAuthHeaders()
  if (!headers.authorization) return null
  return sdk()
    .store.customer.retrieve({}, headers)
    .then(({ customer }) => customer)
    .catch(() => null)
}

async function signIn(email: string, password: string) {
  const token = await sdk().auth.login("customer", "emailpass", { email, password })
  if (typeof token !== "string") throw new Error("This sign-in needs another step")
  await setAuthToken(token)
  // The cart becomes the customer's, as the starter's transferCart does.
  const cartId = await getCartId()
  if (cartId)
    await sdk()
      .store.cart.transferCart(cartId, {}, { authorization: `Bearer ${token}` })
      .catch(() => undefined)
}

export async function signUp(countryCode: string, _: string | null, form: FormData): Promise<string | null> {
  const email = String(form.get("email") ?? "")
  const password = String(form.get("password") ?? "")
  try {
    const token = await sdk().auth.register("customer", "emailpass", { email, password })
    await sdk().store.customer.create({ email }, {}, { authorization: `Bearer ${token}` })
    await signIn(email, password)
  } catch (err) {
    return (err as Error).message
  }
  redirect(`/${countryCode}/account`)
}

export async function login(countryCode: string, _: string | null, form: FormData): Promise<string | null> {
  try {
    await signIn(String(form.get("email") ?? ""), String(form.get("password") ?? ""))
  } catch (err) {
    return (err as Error).message
  }
  redirect(`/${countryCode}/account`)
}

export async function signOut(countryCode: string) {
  await sdk()
    .auth.logout()
    .catch(() => undefined)
  await removeAuthToken()
  redirect(`/${countryCode}/account`)
}
