import "server-only"
import Medusa from "@medusajs/js-sdk"

/** The Medusa backend as the Next.js server reaches it, and the store's publishable key (read at run time). */
export const backend = () => ({
  url: process.env.MEDUSA_BACKEND_URL || "http://localhost:9000",
  publishableKey: process.env.NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY || "",
})

let client: Medusa | null = null
/** The server's sdk (server components and server actions), as the starter's `sdk`. */
export function sdk(): Medusa {
  if (!client) client = new Medusa({ baseUrl: backend().url, publishableKey: backend().publishableKey })
  return client
}
