"use client"
/**
 * The browser's sdk for the storefront kit (the card goes from the browser to Medusa, through no other server).
 * Its address and key come from the server at run time (the root layout), so one production build serves any
 * backend. No token is stored in the browser: the customer's stays in its httpOnly cookie.
 */
import Medusa from "@medusajs/js-sdk"
import { createContext, useContext, useMemo, type ReactNode } from "react"

const Ctx = createContext<Medusa | null>(null)

export function BrowserSdkProvider({
  backendUrl,
  publishableKey,
  children,
}: {
  backendUrl: string
  publishableKey: string
  children: ReactNode
}) {
  const sdk = useMemo(
    () => new Medusa({ baseUrl: backendUrl, publishableKey, auth: { type: "jwt", jwtTokenStorageMethod: "nostore" } }),
    [backendUrl, publishableKey]
  )
  return <Ctx.Provider value={sdk}>{children}</Ctx.Provider>
}

export function useBrowserSdk(): Medusa {
  const sdk = useContext(Ctx)
  if (!sdk) throw new Error("useBrowserSdk: no BrowserSdkProvider above")
  return sdk
}
