/**
 * Route guard rules (SPEC 2.2) as one pure decision: where a visitor of
 * `pathname` must go instead, or null to let them in.
 */

export type GuardUser = { role: string } | null | undefined

export const HOME_PATH = "/"
export const LOGIN_PATH = "/auth/login"
export const ADMIN_HOME_PATH = "/admin/dashboard"
export const UNAUTH_PATH = "/unauth"

/** React Router matches case-insensitively and ignores a trailing slash: so does the guard. */
export function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase().replace(/\/{2,}/g, "/")
  return lower.length > 1 ? lower.replace(/\/+$/, "") || "/" : lower || "/"
}

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`)
}

/** Login and register paths: /auth/login, /auth/register (any /auth page) and /auth-login. */
export function isAuthPath(pathname: string): boolean {
  const path = normalizePath(pathname)
  return under(path, "/auth") || path === "/auth-login"
}

export function isAdminPath(pathname: string): boolean {
  return under(normalizePath(pathname), "/admin")
}

/** Shopper pages an admin is sent away from: /, /shop/..., /checkout, /profile. */
export function isShopperPath(pathname: string): boolean {
  const path = normalizePath(pathname)
  return path === "/" || under(path, "/shop") || under(path, "/checkout") || under(path, "/profile")
}

/**
 * Public pages (SPEC 2.1: /landing/{slug}, /order-confirmation) have no guard
 * rule, so they render without waiting for the session check: a landing page
 * opened from an ad shows at once.
 */
export function isPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname)
  return under(path, "/landing") || path === "/order-confirmation"
}

/**
 * Pages a guest may browse (/, /shop/...): they render at once, as a guest
 * sees them, and follow the session check when it answers (an admin is then
 * sent on). The storefront server renders them into the HTML (pages at the
 * edge), so the first paint is the page, not "Loading...".
 */
export function rendersBeforeSessionCheck(pathname: string): boolean {
  const path = normalizePath(pathname)
  return path === "/" || under(path, "/shop")
}

export function guardRedirect(pathname: string, user: GuardUser): string | null {
  const admin = user?.role === "admin"
  if (user && isAuthPath(pathname)) return admin ? ADMIN_HOME_PATH : HOME_PATH
  if (admin && isShopperPath(pathname)) return ADMIN_HOME_PATH
  if (!admin && isAdminPath(pathname)) return UNAUTH_PATH
  if (!user && under(normalizePath(pathname), "/profile")) return LOGIN_PATH
  return null
}
