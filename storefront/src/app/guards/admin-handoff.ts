/**
 * The storefront's /admin/... paths (SPEC 2.1) are served by the Medusa Admin
 * UI routes under /app: after the guard lets an admin in, the storefront hands
 * over with a full page load to the matching screen.
 */

const FIXED: Readonly<Record<string, string>> = {
  "/admin": "/app/shop-dashboard",
  "/admin/dashboard": "/app/shop-dashboard",
  "/admin/orders": "/app/shop-orders",
  "/admin/products": "/app/shop-products",
  "/admin/landing-pages": "/app/landing-pages",
  "/admin/landing-pages/create": "/app/landing-pages/create",
}

const EDIT_LANDING_PAGE = /^\/admin\/landing-pages\/edit\/([^/]+)$/i

/** The Medusa Admin path for a storefront /admin path, or null when there is none. */
export function adminConsolePath(pathname: string): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname
  const fixed = FIXED[path.toLowerCase()]
  if (fixed) return fixed
  const edit = EDIT_LANDING_PAGE.exec(path)
  if (!edit) return null
  let id: string
  try {
    id = decodeURIComponent(edit[1]!)
  } catch {
    return null
  }
  return id.trim() ? `/app/landing-pages/edit/${encodeURIComponent(id)}` : null
}
