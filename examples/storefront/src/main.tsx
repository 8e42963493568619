// The storefront example, on the plugin's storefront kit: product → cart → address → shipping → payment (the
// kit's card form, saved cards for a signed-in customer, the hosted page in an iFrame, or an APM) → 3-D Secure /
// APM hand-off and the return page → order confirmation or the decline reason.
import Medusa from "@medusajs/js-sdk"
import { leaveFrame } from "medusa-plugin-card-gateway/storefront"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./App"
import type { StoreConfig } from "./config"

// Back from the hosted page inside its (sandboxed) iFrame: render nothing here; the checkout page holding the
// frame (HostedPaymentFrame) loads the return page in the whole window.
if (!leaveFrame()) {
  const config = (await (await fetch("/config.json")).json()) as StoreConfig
  // The browser's own client: the card goes from here to the store API, through no other server.
  const sdk = new Medusa({ baseUrl: config.storeUrl, publishableKey: config.publishableKey, auth: { type: "jwt", jwtTokenStorageMethod: "local" } })
  createRoot(document.getElementById("app")!).render(
    <StrictMode>
      <App config={config} sdk={sdk} />
    </StrictMode>
  )
}
