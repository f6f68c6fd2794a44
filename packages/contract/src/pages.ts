/**
 * The storefront's page paths (SPEC 2.1): the router renders them, the
 * storefront server answers them 200 and any other page path 404, and tests
 * and links name them from here.
 */
export const PAGE_PATHS = {
  home: "/",
  productList: "/shop/list",
  product: "/shop/product/:id",
  checkout: "/checkout",
  profile: "/profile",
  login: "/auth/login",
  register: "/auth/register",
  loginAlias: "/auth-login",
  adminHandoff: "/admin/*",
  landing: "/landing/:slug",
  orderConfirmation: "/order-confirmation",
  /** back from bKash: the order's payment (paid, or try again / pay in cash) */
  bkashReturn: "/payment/bkash/:orderId",
} as const

export type PagePathName = keyof typeof PAGE_PATHS

/**
 * Whether a URL path (no query) is one of PAGE_PATHS: `:name` matches one
 * non-empty segment, a final `*` any rest; a trailing slash is ignored, as the
 * router ignores it.
 */
export function matchPagePath(pathname: string): PagePathName | null {
  const segments = splitPath(pathname)
  for (const name of Object.keys(PAGE_PATHS) as PagePathName[]) {
    if (matchesPattern(splitPath(PAGE_PATHS[name]), segments)) return name
  }
  return null
}

function splitPath(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "")
}

function matchesPattern(pattern: string[], segments: string[]): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === "*") return true
    const segment = segments[i]
    if (segment === undefined) return false
    if (!pattern[i]!.startsWith(":") && pattern[i] !== segment) return false
  }
  return pattern.length === segments.length
}
