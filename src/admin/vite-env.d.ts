/// <reference types="vite/client" />

// Set by the admin bundler (as in Medusa's own admin plugins).
declare const __BACKEND_URL__: string | undefined
declare const __AUTH_TYPE__: "session" | "jwt" | undefined
declare const __JWT_TOKEN_STORAGE_KEY__: string | undefined
