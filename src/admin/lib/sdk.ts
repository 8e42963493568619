import Medusa from "@medusajs/js-sdk"

/** The one JS SDK instance of the plugin's admin extensions (same backend and auth as the dashboard). */
export const sdk = new Medusa({
  baseUrl: __BACKEND_URL__ ?? "/",
  auth: {
    type: __AUTH_TYPE__ ?? "session",
    jwtTokenStorageKey: __JWT_TOKEN_STORAGE_KEY__ || undefined,
  },
})
