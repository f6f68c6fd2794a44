import Medusa from "@medusajs/js-sdk"

/**
 * The one SDK instance of the admin extensions. The admin is served by the
 * backend (and proxied by the storefront), so "/" is the backend's origin and
 * the session cookie the dashboard signed in with is sent along.
 */
export const sdk = new Medusa({
  baseUrl: "/",
  auth: { type: "session" },
})
