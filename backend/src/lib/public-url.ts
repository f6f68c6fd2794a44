/**
 * The shop's public address as shoppers reach it (PUBLIC_URL: the storefront,
 * which also proxies /api), else the storefront on this machine. Addresses
 * the shop hands to others (Meta's event source, bKash's callback) start here.
 */
export function publicBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return (env.PUBLIC_URL || `http://localhost:${env.STOREFRONT_PORT || 5173}`).replace(/\/+$/, "")
}
