import "medusa-plugin-card-gateway-storefront/styles.css"
import type { ReactNode } from "react"

export const dynamic = "force-dynamic"

/** A bare page: no Tailwind, no reset, only the kit's own stylesheet. */
export default function BareLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
