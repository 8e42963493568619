import "medusa-plugin-card-gateway-storefront/styles.css"
import "./globals.css"
import { BrowserSdkProvider } from "@components/runtime-config"
import type { ReactNode } from "react"

// Every page reads the store at request time (cart cookie, regions): nothing is prerendered at build.
export const dynamic = "force-dynamic"
export const metadata = { title: "Gateway storefront (Next.js)" }

export default function ShopLayout({ children }: { children: ReactNode }) {
  const backendUrl =
    process.env.NEXT_PUBLIC_MEDUSA_BACKEND_URL || process.env.MEDUSA_BACKEND_URL || "http://localhost:9000"
  return (
    <html lang="en">
      <body className="bg-gray-50 text-gray-900 antialiased">
        <BrowserSdkProvider
          backendUrl={backendUrl}
          publishableKey={process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY || ""}
        >
          <main className="mx-auto max-w-3xl px-4 py-8">{children}</main>
        </BrowserSdkProvider>
      </body>
    </html>
  )
}
