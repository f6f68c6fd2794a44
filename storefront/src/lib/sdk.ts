import Medusa from "@medusajs/js-sdk"
import { config } from "./config"

/**
 * The one Medusa JS SDK instance. The backend is same-origin: the storefront
 * server (and `vite dev`) proxy /api, /store, /auth, ... to Medusa, so the
 * HTTP-only session cookie travels with every request.
 */
export const sdk = new Medusa({
  // in the storefront server (rendering pages) the sdk is never called: data comes prefetched
  baseUrl: typeof window === "undefined" ? "http://localhost" : window.location.origin,
  publishableKey: config.publishableKey || undefined,
  auth: { type: "session", fetchCredentials: "same-origin" },
  debug: false,
})
