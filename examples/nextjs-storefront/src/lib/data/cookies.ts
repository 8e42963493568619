import "server-only"
import { cookies } from "next/headers"

// As in Medusa's Next.js starter: the cart id and the customer's token live in httpOnly, SameSite=Strict cookies
// that only server code reads. Neither is ever put into a URL.
const options = {
  maxAge: 60 * 60 * 24 * 7,
  httpOnly: true,
  sameSite: "strict" as const,
  secure: process.env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "true",
  path: "/",
}

export async function getCartId() {
  return (await cookies()).get("_medusa_cart_id")?.value
}
export async function setCartId(id: string) {
  ;(await cookies()).set("_medusa_cart_id", id, options)
}
export async function removeCartId() {
  ;(await cookies()).set("_medusa_cart_id", "", { ...options, maxAge: -1 })
}
export async function getAuthHeaders(): Promise<Record<string, string>> {
  const token = (await cookies()).get("_medusa_jwt")?.value
  return token ? { authorization: `Bearer ${token}` } : {}
}
export async function setAuthToken(token: string) {
  ;(await cookies()).set("_medusa_jwt", token, options)
}
export async function removeAuthToken() {
  ;(await cookies()).set("_medusa_jwt", "", { ...options, maxAge: -1 })
}
